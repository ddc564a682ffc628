import { describe, expect, it } from 'vitest';
import { equipmentLabel } from './label';

describe('equipmentLabel', () => {
  it('EQP-005: shows the serial number and the alias', () => {
    expect(equipmentLabel({ NumeroSerie: 'KG-0001', Alias: 'Concentrador Centro Norte' })).toBe('KG-0001 · Concentrador Centro Norte');
  });

  it('EQP-005: the alias is optional', () => {
    expect(equipmentLabel({ NumeroSerie: 'KA10-0001', Alias: '' })).toBe('KA10-0001');
    expect(equipmentLabel({ NumeroSerie: 'KA10-0001', Alias: '   ' })).toBe('KA10-0001');
    expect(equipmentLabel({ NumeroSerie: 'KA10-0001', Alias: null })).toBe('KA10-0001');
    expect(equipmentLabel({ NumeroSerie: 'KA10-0001' })).toBe('KA10-0001');
  });
});
