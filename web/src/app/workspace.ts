// The template workspace (docs/API.md, "Templates"): the factory whose Plantilla flag is set,
// where ADMIN edits the machines and components that factories download. The server lists it
// in Me.Fabricas for ADMIN only.
import type { MeFactory } from '../api/types';

/** Whether a factory of Me.Fabricas is the template workspace. */
export function isTemplateWorkspace(factory: MeFactory | undefined): boolean {
  return factory?.Plantilla === true;
}

/** The user's factories in the server's order, with the template workspace last. */
export function orderFactories(factories: readonly MeFactory[]): MeFactory[] {
  return [...factories.filter((f) => !isTemplateWorkspace(f)), ...factories.filter(isTemplateWorkspace)];
}
