import { describe, expect, it } from 'vitest';
import type { TemplateItem } from '../../api/types';
import { foldText, groupTemplates, isTemplateKind } from './templates';

// The demo's template components: grouped by the template machine they belong to.
const components: TemplateItem[] = [
  { ID: 4, Nombre: 'Ventilador', Grupo: 'Ventilador 90 kW' },
  { ID: 2, Nombre: 'Bomba centrífuga', Grupo: 'Bomba centrífuga 55 kW' },
  { ID: 3, Nombre: 'Motor', Grupo: 'Ventilador 90 kW' },
  { ID: 1, Nombre: 'Motor', Grupo: 'Bomba centrífuga 55 kW' },
];

const names = (groups: ReturnType<typeof groupTemplates>) => groups.map((g) => [g.group, g.items.map((i) => i.Nombre)]);

describe('template download list', () => {
  it('MACH-007: groups the templates by Grupo, groups and items by name', () => {
    expect(names(groupTemplates(components))).toEqual([
      ['Bomba centrífuga 55 kW', ['Bomba centrífuga', 'Motor']],
      ['Ventilador 90 kW', ['Motor', 'Ventilador']],
    ]);
  });

  it('TREE-039: searches names and groups, ignoring case and accents', () => {
    expect(names(groupTemplates(components, 'CENTRIFUGA'))).toEqual([['Bomba centrífuga 55 kW', ['Bomba centrífuga', 'Motor']]]);
    expect(names(groupTemplates(components, ' motor '))).toEqual([
      ['Bomba centrífuga 55 kW', ['Motor']],
      ['Ventilador 90 kW', ['Motor']],
    ]);
    expect(groupTemplates(components, 'reductor')).toEqual([]);
    expect(groupTemplates([], '')).toEqual([]);
  });

  it('folds accents and case for searching', () => {
    expect(foldText(' Compresión Área ')).toBe('compresion area');
  });

  it('MACH-005, TREE-039: machines and components are downloaded from templates, nothing else', () => {
    expect(isTemplateKind('machine')).toBe(true);
    expect(isTemplateKind('component')).toBe(true);
    expect(isTemplateKind('point')).toBe(false);
    expect(isTemplateKind(undefined)).toBe(false);
  });
});
