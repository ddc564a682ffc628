import { describe, expect, it } from 'vitest';
import { enumOptions, motorKind, optionName, orientationOptions } from './enums';

const countries = [
  { id: 'ES', nameSPA: 'España', nameENG: 'Spain' },
  { id: 'DE', nameSPA: 'Alemania', nameENG: 'Germany' },
  { id: 'FR', nameSPA: 'Francia', nameENG: 'France' },
];

describe('enum options', () => {
  it('I18N-004: Spanish keeps the list order; other languages sort by the English name', () => {
    expect(enumOptions(countries, 'es').map((o) => o.label)).toEqual(['España', 'Alemania', 'Francia']);
    expect(enumOptions(countries, 'en').map((o) => o.label)).toEqual(['France', 'Germany', 'Spain']);
    expect(enumOptions(countries, 'fr').map((o) => o.value)).toEqual(['FR', 'DE', 'ES']);
  });

  it('names the options in French, by their English name, sorted still by it', () => {
    expect(enumOptions(countries, 'fr').map((o) => o.label)).toEqual(['France', 'Allemagne', 'Espagne']);
    expect(optionName({ nameSPA: 'Velocidad nominal', nameENG: 'Nominal speed' }, 'fr')).toBe('Vitesse nominale');
    // A name with no French of its own reads as in English.
    expect(optionName({ nameSPA: 'ICP 4 mA', nameENG: 'ICP 4 mA' }, 'fr')).toBe('ICP 4 mA');
  });

  // TREE-110, TREE-111: the point mountings offered follow the component's mounting.
  it('TREE-110 TREE-111: offers the horizontal or the vertical mountings', () => {
    const list = [
      { id: '1', nameSPA: 'VHA', nameENG: 'VHA', Montaje: 1 },
      { id: '3', nameSPA: 'VAH', nameENG: 'VAH', Montaje: 1 },
      { id: '8', nameSPA: 'H1H2A', nameENG: 'H1H2A', Montaje: 2 },
    ];
    expect(orientationOptions(list, 1, 'es')).toEqual([
      { value: 1, label: 'VHA' },
      { value: 3, label: 'VAH' },
    ]);
    expect(orientationOptions(list, 2, 'es')).toEqual([{ value: 8, label: 'H1H2A' }]);
  });

  it('finds the motor family of a subtype', () => {
    const subtypes = [
      { id: '2', nameSPA: 'Rotor bobinado', nameENG: 'Wound rotor', Motor: 2 },
      { id: '4', nameSPA: 'Bomba', nameENG: 'Pump' },
    ];
    expect(motorKind(subtypes, 2)).toBe(2);
    expect(motorKind(subtypes, 4)).toBe(0);
    expect(motorKind(subtypes, undefined)).toBe(0);
  });
});
