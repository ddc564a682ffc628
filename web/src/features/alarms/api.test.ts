import { describe, expect, it } from 'vitest';
import type { Component } from '../../api/types';
import { withTemplate } from './api';

describe('a component calculation template save', () => {
  it('ALRM-030: sends the component as stored with the new template only', () => {
    const c: Component = {
      UsuComponenteID: 10,
      UsuMaquinaID: 5,
      TotalPuntos: 2,
      NombreEs: 'Motor',
      NombreEn: 'Motor',
      Potencia: '55.00',
      VelocidadNominal: '2975.000',
      Montaje: 1,
      GenSubtipoComponenteId: 1,
      Motor: { Marca: 'ABB', Velocidad: '2975', Tipo: 'M3BP', NumeroSerie: '3GBP000005' },
    };
    expect(withTemplate(c, 1)).toEqual({
      NombreEs: 'Motor',
      NombreEn: 'Motor',
      Potencia: '55.00',
      VelocidadNominal: '2975.000',
      Montaje: 1,
      UsuCalculoVrId: 1,
      ComentarioEs: undefined,
      ComentarioEn: undefined,
      GenSubtipoComponenteId: 1,
      Motor: { Marca: 'ABB', Velocidad: '2975', Tipo: 'M3BP', NumeroSerie: '3GBP000005' },
    });
    expect(withTemplate({ ...c, UsuCalculoVrId: 1 }, null).UsuCalculoVrId).toBeNull();
  });
});
