import { describe, expect, it } from 'vitest';
import type { MachineVco, VcoV } from '../../api/types';
import { checkDecimal } from '../../lib/decimal';
import {
  STATE_VALUE,
  channelBody,
  channelForm,
  channelOptions,
  machineVcoUrl,
  splitVcos,
  statesBody,
  statesForm,
  vcoFromSearch,
  vcoSelection,
  vcoUnit,
} from './machineVco';

const vco = (over: Partial<MachineVco> = {}): MachineVco => ({
  UsuVco_vId: 21,
  NombreEs: 'Velocidad (tacómetro)',
  NombreEn: 'Speed (tachometer)',
  Tipo: { EnumTipoVcoID: 'VCO' },
  FactorConversion: '1.0000',
  Tacometro: false,
  Posicion: 99,
  ...over,
});

describe('channels', () => {
  it('VCO-015: a VCO takes channels 1 to 10', () => {
    expect(channelOptions(false)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it('VCO-016: a tachometer takes channel 11 only', () => {
    expect(channelOptions(true)).toEqual([11]);
  });

  it('shows the channel held on the machine\'s alert device, and offers a tachometer its channel', () => {
    const alert10 = { family: 'ALERT10', guid: 'a-1' } as const;
    const alert10c = { family: 'ALERT10C', guid: 'g-1' } as const;
    expect(channelForm(vco(), alert10)).toEqual({ Canal: null });
    expect(channelForm(vco({ EquipoAlert10C: 'g-1', Canal: 4 }), alert10c)).toEqual({ Canal: 4 });
    expect(channelForm(vco({ EquipoAlert10: 'a-1', Canal: 4 }), alert10)).toEqual({ Canal: 4 });
    expect(channelForm(vco({ Tacometro: true }), alert10)).toEqual({ Canal: 11 });
    // A channel held on another device (the machine's former one) is not the machine's.
    expect(channelForm(vco({ EquipoAlert10: 'a-0', Canal: 4 }), alert10)).toEqual({ Canal: null });
    expect(channelForm(vco({ EquipoAlert10: 'a-1', Canal: 4 }), undefined)).toEqual({ Canal: null });
    // A channel the VCO may not take (the item changed sensor) is not offered as chosen.
    expect(channelForm(vco({ EquipoAlert10: 'a-1', Canal: 11 }), alert10)).toEqual({ Canal: null });
  });

  it('API-151: sends the spec body on the machine\'s alert device, with the point fields null', () => {
    expect(channelBody(5, 21, { family: 'ALERT10C', guid: 'g-1' }, { Canal: 3 })).toEqual({
      TipoAsig: 'MVCO',
      AdminEquipoGUID: 'g-1',
      UsuMaquinaId: 5,
      UsuPuntoVibracionId: null,
      Direccion: null,
      Canal: 3,
      UsuCriterioId: null,
      UsuVco_vId: 21,
      TipoEquipo: 'ALERT10C',
    });
  });
});

describe('states', () => {
  it('VCO-012: each value is within ±99999999 with up to 3 decimals', () => {
    for (const ok of ['99999999', '-99999999', '0,125', '-1.5', '']) expect(checkDecimal(ok, STATE_VALUE)).toBeNull();
    for (const bad of ['100000000', '-100000000', '1,2345', 'abc', '1e3']) expect(checkDecimal(bad, STATE_VALUE)).not.toBeNull();
  });

  it('API-153: sends position 99 and the values with 3 decimals, blanks as null', () => {
    expect(statesBody({ VrAviso: '1,5', VrAlarma: '-2', VrPeligro: ' ' })).toEqual({ Posicion: 99, VrAviso: '1.500', VrAlarma: '-2.000', VrPeligro: null });
    expect(statesForm(vco({ VrAviso: '1.500' }))).toEqual({ VrAviso: '1.500', VrAlarma: '', VrPeligro: '' });
  });
});

describe('the unit of the states', () => {
  it('is that of what the sensor measures; an amplitude or an unknown magnitude has none', () => {
    const units = Object.fromEntries(
      ['RPM', 'PCT', 'BAR', 'C', 'A_ELEC', 'V', 'M3H', 'G', 'MM/S', 'A', 'XYZ', undefined].map((m) => [m, vcoUnit({ Magnitud: m })]),
    );
    expect(units).toEqual({
      RPM: 'rpm',
      PCT: '%',
      BAR: 'bar',
      C: '°C',
      A_ELEC: 'A',
      V: 'V',
      M3H: 'm³/h',
      G: 'g',
      'MM/S': 'mm/s RMS',
      A: undefined,
      XYZ: undefined,
      undefined: undefined,
    });
  });
});

describe('the page URL and the side-bar', () => {
  const path = { site: 1, area: 2, machine: 3 };

  it('carries the machine path and the VCO', () => {
    const url = machineVcoUrl({ ...path, component: 9 }, 21);
    expect(url).toBe('/editor/machine-vco?site=1&area=2&machine=3&vco=21');
    expect(vcoFromSearch(new URLSearchParams(url.split('?')[1]))).toBe(21);
    expect(vcoFromSearch(new URLSearchParams('vco=x'))).toBeUndefined();
    expect(vcoFromSearch(new URLSearchParams('vco=0'))).toBeUndefined();
  });

  it('selects the VCO under its machine and the machine group', () => {
    expect(vcoSelection(path, new URLSearchParams('vco=21'))).toEqual({
      selected: 'vco:3:21',
      expand: ['site:1', 'area:2', 'machine:3', 'vcos:3'],
    });
    expect(vcoSelection(path, new URLSearchParams(''))).toBeUndefined();
  });
});

describe('splitVcos', () => {
  const item = (id: number, name: string, tipo: 'VCO' | 'VCOV'): VcoV => ({ UsuVco_vID: id, NombreEs: name, Tipo: { EnumTipoVcoID: tipo } });
  const items = [item(1, 'Velocidad (tacómetro)', 'VCO'), item(2, 'Carga', 'VCO'), item(3, 'Velocidad introducida', 'VCOV')];

  it('VCO-004: splits the factory items into VCOs and VCOVs', () => {
    const { vco: vcos, vcov } = splitVcos(items, (v) => v.NombreEs);
    expect(vcos.map((v) => v.UsuVco_vID)).toEqual([1, 2]);
    expect(vcov.map((v) => v.UsuVco_vID)).toEqual([3]);
  });

  it('filters by name without regard to case or accents', () => {
    const { vco: vcos, vcov } = splitVcos(items, (v) => v.NombreEs, 'TACOMETRO');
    expect(vcos.map((v) => v.UsuVco_vID)).toEqual([1]);
    expect(vcov).toEqual([]);
  });
});
