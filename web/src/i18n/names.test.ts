import { describe, expect, it } from 'vitest';
import { localName } from './names';

describe('localName', () => {
  const unknown = { NombreEs: 'Desconocido', NombreEn: 'Unknown' };
  const pump = { NombreEs: 'Velocidad de la bomba', NombreEn: 'Pump speed' };

  it('reads Spanish in Spanish and English in English', () => {
    expect(localName(pump, 'es')).toBe('Velocidad de la bomba');
    expect(localName(pump, 'en')).toBe('Pump speed');
  });

  it("reads the English name in French, in the product's French form where it has one", () => {
    expect(localName(pump, 'fr')).toBe('Pump speed');
    expect(localName(unknown, 'fr')).toBe('Inconnu');
    expect(localName(unknown, 'en')).toBe('Unknown');
  });

  it('falls back to the Spanish name when there is no English one', () => {
    expect(localName({ NombreEs: 'Turno de noche', NombreEn: '' }, 'fr')).toBe('Turno de noche');
    expect(localName({ NombreEs: 'Turno de noche' }, 'en')).toBe('Turno de noche');
  });
});
