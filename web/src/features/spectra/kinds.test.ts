import { describe, expect, it } from 'vitest';
import { ancestors, buildColumn, groupKey } from '../catalog/columns';
import {
  afterChange,
  initialValues,
  itemMark,
  linksOf,
  problemOf,
  toBody,
  toFormValues,
  visibleFields,
  type CatalogItem,
  type CatalogKind,
  type FieldContext,
  type FormValues,
} from '../catalog/kind';
import { EDITING, kindIds, options, schemaProperties, shown, state } from '../../test/catalog';
import i18n from '../../i18n';
import { DIGITAL_SPECTRUM, RANGES, SPECTRUM, SPECTRUM_KINDS, summed } from './kinds';

const ADMIN: FieldContext = { ...EDITING, types: ['ADMIN'] };
const EDIT: FieldContext = { ...EDITING, mode: 'edit' };
const READER: FieldContext = { mode: 'edit', readOnly: true, types: [] };

/** A valid alert-device spectrum: the starting point each check changes one thing of. */
const ANALOG: FormValues = {
  ...initialValues(SPECTRUM),
  Nombre: 'E',
  Rango: 'BR',
  SensorDinamicoId: '7',
  FrecuenciaMuestreo: '1500',
  Ventana: 'HANN',
  Filtro: '2_HZ',
  Unidad: 'MMSEG',
};
const DIGITAL: FormValues = {
  ...initialValues(DIGITAL_SPECTRUM),
  Nombre: 'D',
  Rango: 'BR',
  UsuSensorDinamicoDigitalId: '3',
  FrecuenciaMuestreo: '205000',
  Ventana: 'HANN',
  Unidad: 'G',
};

/** The values after the user changed `name` to `value`, with the change's effects. */
const change = (kind: CatalogKind, values: FormValues, name: string, value: string | undefined): FormValues => {
  const next = { ...values, [name]: value };
  return { ...next, ...afterChange(kind, [name], next) };
};
const blanks = (kind: CatalogKind, values: FormValues, ctx: FieldContext = EDITING) =>
  visibleFields(kind, values, ctx)
    .filter((f) => problemOf(kind, f.name, values, ctx) === 'required')
    .map((f) => f.name);

describe('spectrum kinds', () => {
  it('SPEC-013, SPEC-037: the ids of the spec; alert-device spectra are bilingual, digital ones single-named', () => {
    expect(kindIds(SPECTRUM_KINDS)).toEqual([
      ['spectrum', 'UsuEspectroID', 'AdminEspectroID', 'AdminEspectroGUID', 'bilingual', 'POST'],
      ['digitalspectrum', 'UsuEspectroDigitalID', 'AdminEspectroDigitalID', 'AdminEspectroDigitalGUID', 'single', 'POST'],
    ]);
  });

  it('SPEC-005: each spectrum kind holds the bands of its family, linked at its own paths; digital spectra also hold spectra', () => {
    expect(SPECTRUM_KINDS.map((k) => k.links?.map((l) => [l.holder, l.segment, l.kind.segment]))).toEqual([
      [['spectrum', 'band', 'band']],
      [
        ['digitalspectrum', 'band', 'digitalband'],
        ['digitalspectrum', 'spectrum', 'digitalspectrum'],
      ],
    ]);
  });

  it('a high-range digital spectrum has associated spectra BR/DM: low-range ones, envelope ones for ADMIN', () => {
    const spectra = (rango: string): CatalogItem => ({ UsuEspectroDigitalID: 1, Nombre: rango, Rango: rango });
    const associated = DIGITAL_SPECTRUM.links?.find((l) => l.segment === 'spectrum');
    expect(RANGES.filter((r) => associated?.shown?.(spectra(r)))).toEqual(['AR']);
    const offered = (types: string[]) => RANGES.filter((r) => associated?.fits?.(spectra('AR'), spectra(r), types));
    expect(offered(['U_EDITOR'])).toEqual(['BR']);
    expect(offered(['ADMIN'])).toEqual(['BR', 'DM']);
    expect(RANGES.filter((r) => associated?.fits?.(spectra('BR'), spectra(r), ['ADMIN']))).toEqual([]);
    expect(linksOf(DIGITAL_SPECTRUM, spectra('BR')).map((l) => l.segment)).toEqual(['band']);
  });

  it("the spectrum-bands sub-modal shows each band's frequency type and limits in the language's decimals, or its summation", () => {
    const details = SPECTRUM.links?.[0].details;
    const band = (fields: CatalogItem): CatalogItem => ({ UsuBandaID: 1, NombreEs: 'B', Rango: 'BR', ...fields });
    expect(details?.(band({ Frecuencia: 'CPMS', FrecuOrdenesInicial: '600.00000', FrecuOrdenesFinal: '6000.00000' }), i18n.t, 'es')).toBe('CPM · 600 – 6000');
    expect(details?.(band({ Frecuencia: 'ORDENES', FrecuOrdenesInicial: '0.50000', FrecuOrdenesFinal: '1.5' }), i18n.t, 'es')).toBe('Órdenes · 0,5 – 1,5');
    expect(details?.(band({ Frecuencia: 'ORDENES', FrecuOrdenesInicial: '0.5', FrecuOrdenesFinal: '1.5' }), i18n.t, 'en')).toBe('Órdenes · 0.5 – 1.5');
    expect(details?.(band({ Frecuencia: 'ORDENES', Sumatorio: 1 }), i18n.t, 'es')).toBe('Órdenes · Sumatorio: Automático');
    expect(details?.(band({ Frecuencia: 'RODAMIENTOS' }), i18n.t, 'es')).toBe('Rodamientos');
  });

  it("SPEC-014, SPEC-039: declares the spec's fields, all in the server's schema", () => {
    const common = ['Rango', 'Lineas', 'TamanioFft', 'Promediado', 'NumPromedios', 'Filtro', 'Ventana', 'Solapamiento', 'FrecuenciaMuestreo'];
    const rest = ['Atenuacion', 'Unidad', 'TipoUnidad', 'FiltroDemodulacion', 'AmplificacionAutorango'];
    expect(SPECTRUM.fields.map((f) => f.name).sort()).toEqual([...common, ...rest, 'SensorDinamicoId'].sort());
    expect(DIGITAL_SPECTRUM.fields.map((f) => f.name).sort()).toEqual(
      [...common, ...rest, 'UsuSensorDinamicoDigitalId', 'FiltroHPF', 'FiltroLPF'].sort(),
    );
    expect(schemaProperties('Spectrum')).toEqual(expect.arrayContaining(SPECTRUM.fields.map((f) => f.name)));
    expect(schemaProperties('DigitalSpectrum')).toEqual(expect.arrayContaining(DIGITAL_SPECTRUM.fields.map((f) => f.name)));
  });

  it('SPEC-029, SPEC-031, SPEC-040, SPEC-041, SPEC-059, SPEC-063: the defaults of a new spectrum', () => {
    expect(initialValues(SPECTRUM)).toMatchObject({ Lineas: '0', TamanioFft: '512', Solapamiento: '0', Promediado: 'LINEAL', NumPromedios: '1' });
    expect(initialValues(SPECTRUM)).toMatchObject({ TipoUnidad: '3', Atenuacion: 'SIN_ATENUAR', AmplificacionAutorango: '0' });
    expect(initialValues(DIGITAL_SPECTRUM)).toMatchObject({ Lineas: '1', TamanioFft: '1024', Promediado: 'LINEAL', NumPromedios: '1' });
    expect(initialValues(DIGITAL_SPECTRUM)).toMatchObject({ Filtro: '9_HZ', Atenuacion: 'SIN_ATENUAR', TipoUnidad: '3', AmplificacionAutorango: '16' });
  });

  it('SPEC-023, SPEC-024, SPEC-045: the fields a save requires', () => {
    const analog = ['Nombre', 'Rango', 'SensorDinamicoId', 'FrecuenciaMuestreo', 'Ventana', 'Filtro', 'Unidad'];
    expect(blanks(SPECTRUM, initialValues(SPECTRUM))).toEqual(analog.slice(1));
    const cleared = { ...ANALOG, Lineas: undefined, Solapamiento: undefined, Promediado: undefined, NumPromedios: undefined, TipoUnidad: undefined };
    expect(blanks(SPECTRUM, cleared)).toEqual(['Lineas', 'Solapamiento', 'Promediado', 'NumPromedios', 'TipoUnidad']);
    expect(blanks(SPECTRUM, { ...ANALOG, Atenuacion: undefined })).toEqual([]); // SPEC-023 does not list it
    expect(blanks(DIGITAL_SPECTRUM, initialValues(DIGITAL_SPECTRUM))).toEqual([
      'Rango',
      'UsuSensorDinamicoDigitalId',
      'FrecuenciaMuestreo',
      'Ventana',
      'Unidad',
    ]);
    expect(blanks(DIGITAL_SPECTRUM, { ...DIGITAL, Atenuacion: undefined, Promediado: undefined })).toEqual(['Atenuacion']); // SPEC-045
  });

  it('SPEC-012: the range is chosen when adding only', () => {
    for (const kind of SPECTRUM_KINDS) {
      expect(state(kind, 'Rango', ANALOG).disabled).toBe(false);
      expect(state(kind, 'Rango', ANALOG, EDIT).disabled).toBe(true);
    }
  });

  it('SPEC-026: the demodulation filter shows for envelope (DM) spectra only', () => {
    expect(shown(SPECTRUM, ANALOG)).not.toContain('FiltroDemodulacion');
    expect(shown(SPECTRUM, { ...ANALOG, Rango: 'DM' })).toContain('FiltroDemodulacion');
    expect(shown(DIGITAL_SPECTRUM, { ...DIGITAL, Rango: 'DM' }, ADMIN)).toContain('FiltroDemodulacion');
    expect(toBody(SPECTRUM, { ...ANALOG, FiltroDemodulacion: '2' }, undefined, 'es', EDITING)).not.toHaveProperty('FiltroDemodulacion');
  });

  it('AUTH-016: attenuation, demodulation filter and amplification of alert-device spectra are ADMIN’s', () => {
    const dm = { ...ANALOG, Rango: 'DM' };
    for (const name of ['Atenuacion', 'FiltroDemodulacion', 'AmplificacionAutorango']) {
      expect(state(SPECTRUM, name, dm).disabled).toBe(true);
      expect(state(SPECTRUM, name, dm, ADMIN).disabled).toBe(false);
    }
  });

  it('AUTH-010, AUTH-012, SPEC-050: digital DM and MG and the 5200 width are ADMIN’s; the HPF select shows to ADMIN and U_EDITOR', () => {
    expect(options(DIGITAL_SPECTRUM, 'Rango', {})).toEqual(['BR', 'AR']);
    expect(options(DIGITAL_SPECTRUM, 'Rango', {}, ADMIN)).toEqual(['BR', 'AR', 'DM', 'MG']);
    expect(options(SPECTRUM, 'Rango', {})).toEqual(['BR', 'AR', 'DM']);
    // A read-only user sees the range the spectrum has.
    expect(options(DIGITAL_SPECTRUM, 'Rango', { Rango: 'MG' }, READER)).toEqual(['BR', 'AR', 'MG']);
    expect(options(DIGITAL_SPECTRUM, 'FrecuenciaMuestreo', DIGITAL)).not.toContain('5200');
    expect(options(DIGITAL_SPECTRUM, 'FrecuenciaMuestreo', DIGITAL, ADMIN)[0]).toBe('5200');
    expect(shown(DIGITAL_SPECTRUM, DIGITAL)).toContain('FiltroHPF');
    expect(shown(DIGITAL_SPECTRUM, DIGITAL, ADMIN)).toContain('FiltroHPF');
    expect(shown(DIGITAL_SPECTRUM, DIGITAL, READER)).not.toContain('FiltroHPF');
  });

  it('SPEC-028, SPEC-032..SPEC-035: lines set the FFT size; the averages are cut and a number no longer allowed is cleared', () => {
    let v = change(SPECTRUM, ANALOG, 'NumPromedios', '128');
    expect(options(SPECTRUM, 'NumPromedios', v)).toEqual(['1', '2', '4', '8', '16', '32', '64', '128']); // 400 lines at 1500: 64
    v = change(SPECTRUM, v, 'Lineas', '5');
    expect(v.TamanioFft).toBe('16384');
    expect(v.NumPromedios).toBeUndefined();
    expect(options(SPECTRUM, 'NumPromedios', v)).toEqual(['1', '2']);
    v = change(SPECTRUM, { ...v, NumPromedios: '2' }, 'Solapamiento', '50');
    expect(v.NumPromedios).toBe('2'); // 1179648 / (16384 × 32) = 2
    v = change(SPECTRUM, { ...v, NumPromedios: '2' }, 'FrecuenciaMuestreo', '3000');
    expect(v.NumPromedios).toBe('2');
    expect(options(SPECTRUM, 'Lineas', v)).toEqual(['0', '1', '2', '3', '4', '5']);
  });

  it('SPEC-042..SPEC-044, SPEC-052..SPEC-055: digital widths offer their lines; the averages follow', () => {
    expect(options(DIGITAL_SPECTRUM, 'Lineas', { ...DIGITAL, FrecuenciaMuestreo: '62500' })).toEqual(['1']);
    expect(options(DIGITAL_SPECTRUM, 'Lineas', { ...DIGITAL, FrecuenciaMuestreo: '156000' })).toEqual(['1', '2']);
    expect(options(DIGITAL_SPECTRUM, 'Lineas', DIGITAL)).toEqual(['1', '2', '3']);
    let v = change(DIGITAL_SPECTRUM, DIGITAL, 'Lineas', '3');
    expect(v.TamanioFft).toBe('4096');
    // A width that no longer offers 3200 lines clears them (and the FFT size).
    v = change(DIGITAL_SPECTRUM, v, 'FrecuenciaMuestreo', '62500');
    expect([v.Lineas, v.TamanioFft]).toEqual([undefined, undefined]);
    v = change(DIGITAL_SPECTRUM, { ...DIGITAL, FrecuenciaMuestreo: '156000', NumPromedios: '4' }, 'Lineas', '2');
    expect(v.NumPromedios).toBeUndefined();
    expect(options(DIGITAL_SPECTRUM, 'NumPromedios', v)).toEqual(['1', '2']);
  });

  it('SPEC-051, SPEC-060: a magnetometer samples at 2340 with 800 lines and reads Tesla; leaving it clears them', () => {
    let v = change(DIGITAL_SPECTRUM, DIGITAL, 'Rango', 'MG');
    expect(v).toMatchObject({ FrecuenciaMuestreo: '2340', Lineas: '1', Unidad: 'TESLA', TamanioFft: '1024' });
    expect(options(DIGITAL_SPECTRUM, 'FrecuenciaMuestreo', v, ADMIN)).toEqual(['2340']);
    expect(options(DIGITAL_SPECTRUM, 'Unidad', v, ADMIN)).toEqual(['TESLA']);
    v = change(DIGITAL_SPECTRUM, v, 'Rango', 'AR');
    expect([v.FrecuenciaMuestreo, v.Unidad]).toEqual([undefined, undefined]);
    expect(options(DIGITAL_SPECTRUM, 'Unidad', v)).toEqual(['G', 'MMSEG']);
  });

  it('SPEC-019, SPEC-039: MMSEG_RMS shows as MMSEG; codes go as numbers, the accelerometer as its id', () => {
    const item: CatalogItem = { UsuEspectroID: 4, NombreEs: 'E', NombreEn: 'E', Rango: 'BR', Unidad: 'MMSEG_RMS', Lineas: 2, SensorDinamicoId: 7 };
    const values = toFormValues(SPECTRUM, item, 'es');
    expect(values).toMatchObject({ Unidad: 'MMSEG', Lineas: '2', SensorDinamicoId: '7' });
    const body = toBody(SPECTRUM, ANALOG, undefined, 'es', EDITING);
    expect(body).toMatchObject({ NombreEs: 'E', NombreEn: 'E', Rango: 'BR', SensorDinamicoId: 7, Lineas: 0, NumPromedios: 1, FrecuenciaMuestreo: 1500 });
    expect(body).toMatchObject({ Filtro: '2_HZ', Unidad: 'MMSEG', TipoUnidad: 3, Atenuacion: 'SIN_ATENUAR' });
    expect(toBody(DIGITAL_SPECTRUM, DIGITAL, undefined, 'es', EDITING)).toMatchObject({ Nombre: 'D', UsuSensorDinamicoDigitalId: 3, FiltroHPF: 0 });
  });
});

describe('spectra in the columns', () => {
  const band = (id: number, name: string, sum = 0): CatalogItem => ({ UsuBandaID: id, NombreEs: name, Rango: 'BR', Sumatorio: sum });
  const analog: CatalogItem[] = [
    { UsuEspectroID: 1, NombreEs: 'Velocidad', Rango: 'BR', Bandas: [band(10, 'Armónicos', 1), band(11, '1x')] },
    { UsuEspectroID: 2, NombreEs: 'Envolvente', Rango: 'DM', Bandas: [] },
  ];
  const digital: CatalogItem[] = [
    { UsuEspectroDigitalID: 3, Nombre: 'MEMS MG', Rango: 'MG', BandasDigitales: [] },
    { UsuEspectroDigitalID: 4, Nombre: 'MEMS AR', Rango: 'AR', BandasDigitales: [], EspectrosAsociados: [{ UsuEspectroDigitalID: 5, Nombre: 'MEMS BR', Rango: 'BR' }] },
  ];
  const column = (types: readonly string[]) =>
    buildColumn(SPECTRUM_KINDS, [analog, digital], {
      side: 'factory',
      language: 'es',
      types,
      label: (k) => k.segment,
      valueLabel: (_, v) => v,
      loadingText: 'loading',
      errorText: 'error',
    });

  it('SPEC-003, SPEC-004, AUTH-009: a tree per family by range; digital DM and MG for ADMIN only', () => {
    const groups = (types: readonly string[]) => column(types).map((family) => family.children?.map((g) => `${g.title} ${g.count}`));
    expect(groups(['U_EDITOR'])).toEqual([
      ['BR 1', 'AR 0', 'DM 1'],
      ['BR 0', 'AR 1'],
    ]);
    expect(groups(['ADMIN'])[1]).toEqual(['BR 0', 'AR 1', 'DM 0', 'MG 1']);
  });

  it('SPEC-005, SPEC-009: a spectrum holds its bands; a band with a summation and its spectra carry the sigma', () => {
    const [br] = column(['U_EDITOR'])[0].children ?? [];
    const [spectrum] = br.children ?? [];
    expect(spectrum.title).toBe('Σ Velocidad');
    expect(spectrum.children?.map((b) => [b.title, b.kind?.segment, b.id])).toEqual([
      ['Σ Armónicos', 'band', '10'],
      ['1x', 'band', '11'],
    ]);
    expect(summed(band(1, 'x', 3))).toBe(true);
    expect(itemMark(SPECTRUM, analog[1])).toBe('');
    // A spectrum's associated spectra are not its bands: its node holds none of them.
    const [, ar] = column(['U_EDITOR'])[1].children ?? [];
    expect(ar.children?.map((s) => [s.title, s.isLeaf])).toEqual([['MEMS AR', true]]);
  });

  it('SPEC-007: the groups above an item (to open after its editor closes)', () => {
    const nodes = column(['U_EDITOR']);
    const bandKey = nodes[0].children?.[0].children?.[0].children?.[1].key ?? '';
    expect(ancestors(nodes, 'factory:spectrum:2')).toEqual([groupKey(SPECTRUM), groupKey(SPECTRUM, 'DM')]);
    expect(ancestors(nodes, bandKey)).toEqual([groupKey(SPECTRUM), groupKey(SPECTRUM, 'BR'), 'factory:spectrum:1']);
    expect(ancestors(nodes, 'factory:spectrum:99')).toEqual([]);
  });
});
