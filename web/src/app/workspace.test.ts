import { describe, expect, it } from 'vitest';
import { isTemplateWorkspace, orderFactories } from './workspace';

const templates = { UsuFabricaID: 1, Nombre: 'Plantillas', Plantilla: true };
const demo = { UsuFabricaID: 2, Nombre: 'Planta Demo', Plantilla: false };
const north = { UsuFabricaID: 3, Nombre: 'Planta Norte', Plantilla: false };

describe('template workspace', () => {
  it('is the factory flagged Plantilla', () => {
    expect(isTemplateWorkspace(templates)).toBe(true);
    expect(isTemplateWorkspace(demo)).toBe(false);
    expect(isTemplateWorkspace(undefined)).toBe(false);
  });

  it('is listed after the factories, which keep their order', () => {
    expect(orderFactories([templates, north, demo]).map((f) => f.UsuFabricaID)).toEqual([3, 2, 1]);
    expect(orderFactories([demo, north])).toEqual([demo, north]);
  });
});
