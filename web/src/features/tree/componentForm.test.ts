import { describe, expect, it } from 'vitest';
import type { Component } from '../../api/types';
import { MOTOR_REQUIRED, NOMINAL_SPEED, POWER, motorOptionalFields, toBody, toForm } from './componentForm';
import { rangeHint } from './editors/fields';

const component: Component = {
  UsuComponenteID: 1,
  UsuMaquinaID: 1,
  TotalPuntos: 2,
  NombreEs: 'Motor',
  NombreEn: 'Motor',
  Potencia: '90.00',
  Montaje: 1,
  GenSubtipoComponenteId: 1,
  Motor: { Marca: 'ABB', Velocidad: '1485', Tipo: 'M3BP', NumeroSerie: '3GBP000001' },
};

describe('component form', () => {
  it('TREE-064 TREE-068: every motor has brand, speed, type and serial number, required', () => {
    expect(MOTOR_REQUIRED).toEqual(['Marca', 'Velocidad', 'Tipo', 'NumeroSerie']);
  });

  it('TREE-065 TREE-066 TREE-067: the optional motor fields follow the motor family', () => {
    expect(motorOptionalFields(0)).toEqual([]);
    expect(motorOptionalFields(1)).toEqual(['CosenoPhi', 'Intensidad', 'ClaseTermica', 'Tension', 'IndiceProteccion']);
    expect(motorOptionalFields(2)).toEqual([
      'CosenoPhi',
      'Intensidad',
      'ClaseTermica',
      'Tension',
      'IndiceProteccion',
      'IntensidadRotor',
      'TensionRotor',
    ]);
    expect(motorOptionalFields(3)).toEqual(['TensionExcitacion', 'TensionInducido', 'IntensidadExcitacion', 'IntensidadInducido']);
  });

  it('sends the motor only for a motor subtype, with the fields of its family', () => {
    const values = { ...toForm(component), Motor: { ...toForm(component).Motor, TensionRotor: '400', Tension: '690' } };
    const ac = toBody(values, component, 1);
    expect(ac.Motor).toEqual({
      Marca: 'ABB',
      Velocidad: '1485',
      Tipo: 'M3BP',
      NumeroSerie: '3GBP000001',
      CosenoPhi: '',
      Intensidad: '',
      ClaseTermica: '',
      Tension: '690',
      IndiceProteccion: '',
    });
    expect(toBody({ ...values, GenSubtipoComponenteId: 4 }, component, 0).Motor).toBeUndefined();
  });

  it('TREE-071 TREE-073: hints and sends power with 2 decimals and nominal speed with 3, not negative (decision 13)', () => {
    expect(rangeHint(POWER, 'es')).toBe('[-999999,99; 999999,99]');
    expect(rangeHint(NOMINAL_SPEED, 'es')).toBe('[0; 9999999,999]');
    expect(rangeHint(POWER, 'en')).toBe('[-999999.99, 999999.99]');
    const body = toBody({ ...toForm(component), Potencia: '-12,5', VelocidadNominal: '1485,25' }, component, 1);
    expect(body).toMatchObject({ Potencia: '-12.50', VelocidadNominal: '1485.250', Montaje: 1 });
  });
});
