// Template machines and components (TREE-039, MACH-005, MACH-007): which kinds a node
// downloads from the template workspace, and the download list grouped and searched. Pure.
import type { TemplateItem } from '../../api/types';
import type { NodeKind } from './model';

/** Kinds a factory downloads from the template workspace: machines into areas, components into machines. */
export const TEMPLATE_KINDS = ['machine', 'component'] as const;
export type TemplateKind = (typeof TEMPLATE_KINDS)[number];

/** Whether nodes of `kind` can be downloaded from templates. */
export function isTemplateKind(kind: NodeKind | undefined): kind is TemplateKind {
  return (TEMPLATE_KINDS as readonly string[]).includes(kind ?? '');
}

/** A group of the download list: the template area (of machines) or machine (of components). */
export interface TemplateGroup {
  group: string;
  items: TemplateItem[];
}

/** Text folded for searching: lower case, without accents ('Bomba centrífuga' ~ 'centrifuga'). */
export function foldText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .trim();
}

/**
 * The templates whose name or group contains `search` (accents and case ignored), grouped by
 * their `Grupo`, groups and items by name. A group whose name matches keeps all its items.
 */
export function groupTemplates(items: readonly TemplateItem[], search = ''): TemplateGroup[] {
  const q = foldText(search);
  const byName = (a: string, b: string) => a.localeCompare(b, 'es', { sensitivity: 'base' });
  const groups = new Map<string, TemplateItem[]>();
  for (const item of items) {
    if (q && !foldText(item.Nombre).includes(q) && !foldText(item.Grupo).includes(q)) continue;
    groups.set(item.Grupo, [...(groups.get(item.Grupo) ?? []), item]);
  }
  return [...groups]
    .sort(([a], [b]) => byName(a, b))
    .map(([group, list]) => ({ group, items: list.sort((a, b) => byName(a.Nombre, b.Nombre) || a.ID - b.ID) }));
}
