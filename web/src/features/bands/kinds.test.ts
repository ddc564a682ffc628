import { describe, expect, it } from 'vitest';
import {
  afterChange,
  initialValues,
  problemOf,
  toBody,
  toFormValues,
  type CatalogKind,
  type FieldContext,
  type FormValues,
  type SelectField,
} from '../catalog/kind';
import { EDITING, fieldOf, kindIds, options, schemaProperties, shown, state } from '../../test/catalog';
import { selectOptions } from '../catalog/CatalogFields';
import { buildColumn } from '../catalog/columns';
import { decimalRange } from '../../components/DecimalInput';
import i18n from '../../i18n';
import { BAND, BAND_KINDS, DIGITAL_BAND, SUM, summationAllowed } from './kinds';

/** A valid orders band: the starting point each check changes one thing of. */
const ORDERS: FormValues = {
  Nombre: 'B',
  Frecuencia: 'ORDENES',
  Rango: 'BR',
  Sumatorio: '0',
  FrecuOrdenesInicial: '1',
  FrecuOrdenesFinal: '10',
  FrecuOrdenesFallo: '0',
};
const DIGITAL: FormValues = { ...ORDERS, FrecuOrdenesInicial: '600', FrecuOrdenesFinal: '1000' };

const problem = (kind: CatalogKind, name: string, values: FormValues, ctx: FieldContext = EDITING) => problemOf(kind, name, values, ctx);
const SIDE_BANDS = ['Armonicos', 'BandasLaterales', 'AnchuraBandaLateral'];
const RANGES = [1, 2, 3, 4, 5, 6].flatMap((n) => [`Rango${n}Inicio`, `Rango${n}Fin`]);

describe('band kinds', () => {
  it('BAND-001, BAND-005: the ids of the spec; analog bands are bilingual, digital bands single-named', () => {
    expect(kindIds(BAND_KINDS)).toEqual([
      ['band', 'UsuBandaID', 'AdminBandaID', 'AdminBandaGUID', 'bilingual', 'POST'],
      ['digitalband', 'UsuBandaDigitalGUID', 'AdminBandaDigitalGUID', 'AdminBandaDigitalGUID', 'single', 'POST'],
    ]);
  });

  it("BAND-002, BAND-006: declares the spec's fields, all in the server's schema", () => {
    const common = ['Frecuencia', 'Rango', 'FrecuOrdenesInicial', 'FrecuOrdenesFinal', 'FrecuOrdenesFallo', 'Armonicos', 'BandasLaterales'];
    const rest = ['AnchuraBandaLateral', 'NumBandasIzquierda', 'NumBandasDerecha', 'Sumatorio', ...RANGES];
    expect(BAND.fields.map((f) => f.name).sort()).toEqual([...common, ...rest].sort());
    expect(DIGITAL_BAND.fields.map((f) => f.name).sort()).toEqual([...common, ...rest, 'FiltroDemodulacion'].sort());
    expect(schemaProperties('Band')).toEqual(expect.arrayContaining(BAND.fields.map((f) => f.name)));
    expect(schemaProperties('DigitalBand')).toEqual(expect.arrayContaining(DIGITAL_BAND.fields.map((f) => f.name)));
  });

  it('BAND-003, BAND-004, BAND-007: frequency types; ranges BR, AR, DM, and MG for digital bands', () => {
    expect(options(BAND, 'Frecuencia', {})).toEqual(['ORDENES', 'CPMS', 'RODAMIENTOS']);
    expect(options(BAND, 'Rango', {})).toEqual(['BR', 'AR', 'DM']);
    expect(options(DIGITAL_BAND, 'Rango', {})).toEqual(['BR', 'AR', 'DM', 'MG']);
  });

  it('AUTH-013: ADMIN and U_EDITOR see the envelope and magnetometer choices in the band trees and editors; others do not', () => {
    const band = (Frecuencia: string, Rango: string, id: number) => ({ UsuBandaID: id, UsuBandaDigitalGUID: `g${id}`, NombreEs: `B${id}`, Nombre: `B${id}`, Frecuencia, Rango });
    const bands = [band('ORDENES', 'BR', 1), band('ORDENES', 'DM', 2), band('CPMS', 'MG', 3)];
    /** Each kind's groups: frequency type, and within it the ranges with their items. */
    const trees = (types: string[]) =>
      buildColumn(BAND_KINDS, [bands.filter((b) => b.Rango !== 'MG'), bands], {
        side: 'factory',
        language: 'es',
        types,
        label: (k) => k.segment,
        loadingText: '',
        errorText: '',
      }).map((kind) => kind.children?.map((f) => `${f.title}: ${f.children?.map((r) => `${r.title}(${r.children?.map((i) => i.title).join()})`).join(' ')}`));
    // A group without items (that the user sees) stays closed: no ranges under it.
    const editors = [
      ['ORDENES: BR(B1) AR() DM(B2)', 'CPMS: ', 'RODAMIENTOS: '],
      ['ORDENES: BR(B1) AR() DM(B2) MG()', 'CPMS: BR() AR() DM() MG(B3)', 'RODAMIENTOS: '],
    ];
    expect(trees(['ADMIN'])).toEqual(editors);
    expect(trees(['U_EDITOR'])).toEqual(editors);
    expect(trees(['LECTOR'])).toEqual([
      ['ORDENES: BR(B1) AR()', 'CPMS: ', 'RODAMIENTOS: '],
      ['ORDENES: BR(B1) AR()', 'CPMS: ', 'RODAMIENTOS: '],
    ]);
    // The band editor's range choices.
    for (const types of [['ADMIN'], ['U_EDITOR']]) {
      expect(options(BAND, 'Rango', {}, { ...EDITING, types })).toEqual(['BR', 'AR', 'DM']);
      expect(options(DIGITAL_BAND, 'Rango', {}, { ...EDITING, types })).toEqual(['BR', 'AR', 'DM', 'MG']);
    }
    const reader = { ...EDITING, readOnly: true, types: ['LECTOR'] };
    expect(options(DIGITAL_BAND, 'Rango', {}, reader)).toEqual(['BR', 'AR']);
    expect(options(DIGITAL_BAND, 'Rango', { Rango: 'MG' }, reader)).toEqual(['BR', 'AR', 'MG']);
  });

  it('BAND-043..BAND-046: a new band starts with no summation, harmonics 5, side bands 0, width 1, fault 0', () => {
    // BAND-044: side bands 0; BAND-045: width 1.
    expect(initialValues(BAND)).toMatchObject({
      Sumatorio: '0',
      Armonicos: '5',
      BandasLaterales: '0',
      AnchuraBandaLateral: '1',
      FrecuOrdenesFallo: '0',
    });
    expect(initialValues(DIGITAL_BAND).FiltroDemodulacion).toBe('0');
  });

  it('BAND-047: the band type (frequency type and range) is chosen when adding only', () => {
    for (const name of ['Frecuencia', 'Rango']) {
      expect(state(BAND, name, ORDERS).disabled).toBe(false);
      expect(state(BAND, name, ORDERS, { ...EDITING, mode: 'edit' }).disabled).toBe(true);
    }
  });

  it('reads a stored band: summation as its code, frequencies with their 4 decimals, width with 5', () => {
    const item = {
      UsuBandaID: 1,
      NombreEs: 'B',
      Frecuencia: 'ORDENES',
      Rango: 'AR',
      Sumatorio: 3,
      FrecuOrdenesFallo: '0.00000',
      Armonicos: 3,
      AnchuraBandaLateral: '1.20000',
    };
    expect(toFormValues(BAND, item, 'es')).toMatchObject({
      Sumatorio: '3',
      FrecuOrdenesFallo: '0.0000',
      Armonicos: '3',
      AnchuraBandaLateral: '1.20000',
      Rango: 'AR',
    });
  });
});

describe('summations', () => {
  it('BAND-018..BAND-024: codes 0 to 6 in the order none, automatic, manual, gear, thread, lobe, bearing', () => {
    expect(Object.values(SUM)).toEqual(['0', '1', '2', '3', '4', '5', '6']);
    expect(options(BAND, 'Sumatorio', { Frecuencia: 'ORDENES' })).toEqual(['0', '1', '2', '3', '4', '5']);
  });

  it('names each code in the editor: BAND-019 automatic, BAND-020 manual, BAND-021 gear, BAND-022 compressor thread, BAND-023 floating lobe', () => {
    const labelled = (lng: string) =>
      selectOptions(fieldOf(BAND, 'Sumatorio') as SelectField, { t: i18n.getFixedT(lng), language: lng, values: ORDERS, ctx: EDITING, lists: undefined })
        .map((o) => `${o.value} ${o.label}`)
        .join(', ');
    expect(labelled('es')).toBe('0 Ninguno, 1 Automático, 2 Manual, 3 Engranaje, 4 Rosca compresor, 5 Lóbulo flotante');
    expect(labelled('en')).toBe('0 None, 1 Automatic, 2 Manual, 3 Gear, 4 Compressor thread, 5 Floating lobe');
  });

  // BAND-027: gear, thread and lobe for orders only (with BAND-025, BAND-026, BAND-028).
  it('BAND-025..BAND-028: automatic, gear, thread and lobe for orders; manual except for bearings; bearing for bearings', () => {
    expect(options(BAND, 'Sumatorio', { Frecuencia: 'CPMS' })).toEqual(['0', '2']);
    expect(options(BAND, 'Sumatorio', { Frecuencia: 'RODAMIENTOS' })).toEqual(['0', '6']);
    expect(summationAllowed('ORDENES', '6')).toBe(false);
    expect(summationAllowed('RODAMIENTOS', '2')).toBe(false);
  });

  it('a frequency type that does not offer the chosen summation puts it back to none', () => {
    expect(afterChange(BAND, ['Frecuencia'], { ...ORDERS, Frecuencia: 'CPMS', Sumatorio: '3', Armonicos: '3' })).toMatchObject({
      Sumatorio: '0',
      Armonicos: '',
    });
    expect(afterChange(BAND, ['Frecuencia'], { ...ORDERS, Frecuencia: 'CPMS', Sumatorio: '2' })).toEqual({});
  });

  it('BAND-033..BAND-037: choosing a summation sets its harmonics, side bands and width', () => {
    const chosen = (sum: string) => afterChange(BAND, ['Sumatorio'], { ...ORDERS, Sumatorio: sum, NumBandasIzquierda: '2' });
    expect(chosen('0')).toEqual({
      Armonicos: '',
      BandasLaterales: '',
      AnchuraBandaLateral: '',
      NumBandasIzquierda: '',
      NumBandasDerecha: '',
    });
    expect(chosen('1')).toEqual({
      Armonicos: '5',
      BandasLaterales: '0',
      AnchuraBandaLateral: '1',
      NumBandasIzquierda: '',
      NumBandasDerecha: '',
    });
    expect(chosen('3')).toMatchObject({ Armonicos: '3', BandasLaterales: '3', AnchuraBandaLateral: '1.2' });
    // BAND-036: thread and lobe set harmonics 5, side bands 1, width 1.2.
    expect(chosen('4')).toMatchObject({ Armonicos: '5', BandasLaterales: '1', AnchuraBandaLateral: '1.2' });
    expect(chosen('5')).toMatchObject({ Armonicos: '5', BandasLaterales: '1', AnchuraBandaLateral: '1.2' });
    expect(chosen('6')).toMatchObject({ Armonicos: '5', BandasLaterales: '2', AnchuraBandaLateral: '1.2' });
  });

  it('BAND-040, decision 6: summations 2 to 6 lock and clear the initial and final frequency', () => {
    for (const sum of ['0', '1']) {
      expect(state(BAND, 'FrecuOrdenesInicial', { ...ORDERS, Sumatorio: sum }).disabled, sum).toBe(false);
      expect(afterChange(BAND, ['Sumatorio'], { ...ORDERS, Sumatorio: sum })).not.toHaveProperty('FrecuOrdenesInicial');
    }
    for (const sum of ['2', '3', '4', '5', '6']) {
      expect(state(BAND, 'FrecuOrdenesFinal', { ...ORDERS, Sumatorio: sum }).disabled, sum).toBe(true);
      expect(afterChange(BAND, ['Sumatorio'], { ...ORDERS, Sumatorio: sum })).toMatchObject({
        FrecuOrdenesInicial: '',
        FrecuOrdenesFinal: '',
      });
    }
  });

  it('BAND-032, BAND-041: harmonics and side bands show with the summations that set them; automatic edits them and the left/right counts', () => {
    expect(shown(BAND, ORDERS)).toEqual([
      'Frecuencia',
      'Rango',
      'Sumatorio',
      'FrecuOrdenesInicial',
      'FrecuOrdenesFinal',
      'FrecuOrdenesFallo',
    ]);
    const automatic = { ...ORDERS, Sumatorio: '1', Armonicos: '5', BandasLaterales: '0', AnchuraBandaLateral: '1' };
    expect(shown(BAND, automatic)).toEqual(expect.arrayContaining([...SIDE_BANDS, 'NumBandasIzquierda', 'NumBandasDerecha']));
    for (const name of ['Armonicos', 'AnchuraBandaLateral', 'NumBandasIzquierda', 'NumBandasDerecha']) {
      expect(state(BAND, name, automatic).disabled, name).toBe(false);
    }
    expect(state(BAND, 'BandasLaterales', automatic).disabled).toBe(true);
    const gear = { ...ORDERS, Sumatorio: '3', Armonicos: '3', BandasLaterales: '3', AnchuraBandaLateral: '1.2' };
    expect(shown(BAND, gear)).toEqual(expect.arrayContaining(SIDE_BANDS));
    expect(shown(BAND, gear)).not.toContain('NumBandasIzquierda');
    for (const name of SIDE_BANDS) expect(state(BAND, name, gear).disabled, name).toBe(true);
    // Read-only, a side-band field without a value is not shown.
    expect(shown(BAND, { ...automatic, NumBandasIzquierda: '' }, { ...EDITING, readOnly: true })).not.toContain('NumBandasIzquierda');
  });

  it('BAND-030: the manual ranges are shown with the Manual summation only, whatever the frequency type', () => {
    const withRanges = { ...ORDERS, Rango1Inicio: '1', Rango1Fin: '2' };
    for (const kind of BAND_KINDS) {
      for (const frequency of ['ORDENES', 'CPMS', 'RODAMIENTOS']) {
        for (const sum of Object.values(SUM)) {
          const ranges = shown(kind, { ...withRanges, Frecuencia: frequency, Sumatorio: sum }).filter((n) => RANGES.includes(n));
          expect(ranges, `${kind.segment} ${frequency} ${sum}`).toEqual(sum === SUM.manual ? RANGES : []);
        }
      }
    }
  });

  it('BAND-029..BAND-031, BAND-042: manual summation shows six ranges; read-only, those with a start only', () => {
    const manual = { ...ORDERS, Sumatorio: '2', Rango1Inicio: '1', Rango1Fin: '2', Rango3Inicio: '5', Rango3Fin: '6' };
    expect(shown(BAND, ORDERS).filter((n) => n.startsWith('Rango') && n !== 'Rango')).toEqual([]);
    expect(shown(BAND, manual).filter((n) => RANGES.includes(n))).toEqual(RANGES);
    expect(shown(BAND, manual, { ...EDITING, readOnly: true }).filter((n) => RANGES.includes(n))).toEqual([
      'Rango1Inicio',
      'Rango1Fin',
      'Rango3Inicio',
      'Rango3Fin',
    ]);
  });
});

describe('band checks (S2 §5.1)', () => {
  it('BAND-053..BAND-055: frequency type and range are required', () => {
    expect(problem(BAND, 'Frecuencia', { ...ORDERS, Frecuencia: undefined })).toBe('required');
    expect(problem(BAND, 'Rango', { ...ORDERS, Rango: undefined })).toBe('required');
  });

  it('BAND-061, BAND-064: initial and final frequency are required unless a summation is set or the type is bearings', () => {
    const blank = { ...ORDERS, FrecuOrdenesInicial: '', FrecuOrdenesFinal: '' };
    expect(problem(BAND, 'FrecuOrdenesInicial', blank)).toBe('required');
    expect(problem(BAND, 'FrecuOrdenesFinal', blank)).toBe('required');
    expect(problem(BAND, 'FrecuOrdenesInicial', { ...blank, Sumatorio: '3' })).toBeNull();
    expect(problem(BAND, 'FrecuOrdenesFinal', { ...blank, Frecuencia: 'RODAMIENTOS' })).toBeNull();
  });

  it('BAND-062, BAND-063, BAND-065, BAND-077, decision 7: frequencies take up to 7 integer and 4 decimal digits, not negative', () => {
    for (const ok of ['0', '9999999,9999', '1.5'])
      expect(problem(BAND, 'FrecuOrdenesFinal', { ...ORDERS, FrecuOrdenesInicial: '', FrecuOrdenesFinal: ok }), ok).toBeNull();
    for (const bad of ['12345678', '1.12345', '-1', 'x'])
      expect(problem(BAND, 'FrecuOrdenesInicial', { ...ORDERS, FrecuOrdenesInicial: bad }), bad).toBe('format');
  });

  it('BAND-066, decision 9: the final frequency must exceed the initial one (not for bearings)', () => {
    expect(problem(BAND, 'FrecuOrdenesFinal', { ...ORDERS, FrecuOrdenesFinal: '1' })).toBe('order');
    expect(problem(BAND, 'FrecuOrdenesFinal', { ...ORDERS, FrecuOrdenesFinal: '0,5' })).toBe('order');
    expect(problem(BAND, 'FrecuOrdenesFinal', { ...ORDERS, FrecuOrdenesFinal: '1,0001' })).toBeNull();
    expect(problem(BAND, 'FrecuOrdenesFinal', { ...ORDERS, Frecuencia: 'RODAMIENTOS', FrecuOrdenesFinal: '1' })).toBeNull();
  });

  it('BAND-067, BAND-068: a fault frequency is 0 or strictly between initial and final', () => {
    for (const ok of ['0', '5,5', '9.9999'])
      expect(problem(BAND, 'FrecuOrdenesFallo', { ...ORDERS, FrecuOrdenesFallo: ok }), ok).toBeNull();
    for (const bad of ['1', '10', '11'])
      expect(problem(BAND, 'FrecuOrdenesFallo', { ...ORDERS, FrecuOrdenesFallo: bad }), bad).toBe('range');
    expect(problem(BAND, 'FrecuOrdenesFallo', { ...ORDERS, FrecuOrdenesInicial: '', FrecuOrdenesFallo: '5' })).toBe('range');
  });

  it('BAND-056..BAND-058, BAND-014..BAND-017: digital frequencies from 600 to the maximum of the range', () => {
    expect(problem(DIGITAL_BAND, 'FrecuOrdenesInicial', { ...DIGITAL, FrecuOrdenesInicial: '599' })).toBe('min');
    expect(problem(DIGITAL_BAND, 'FrecuOrdenesFinal', { ...DIGITAL, FrecuOrdenesFinal: '60000' })).toBeNull();
    expect(problem(DIGITAL_BAND, 'FrecuOrdenesFinal', { ...DIGITAL, FrecuOrdenesFinal: '60000,0001' })).toBe('max');
    expect(problem(DIGITAL_BAND, 'FrecuOrdenesFinal', { ...DIGITAL, Rango: 'AR', FrecuOrdenesFinal: '360000' })).toBeNull();
    expect(problem(DIGITAL_BAND, 'FrecuOrdenesFinal', { ...DIGITAL, Rango: 'AR', FrecuOrdenesFinal: '360001' })).toBe('max');
    expect(problem(DIGITAL_BAND, 'FrecuOrdenesFinal', { ...DIGITAL, Rango: 'DM', FrecuOrdenesFinal: '60001' })).toBe('max');
    expect(problem(DIGITAL_BAND, 'FrecuOrdenesFinal', { ...DIGITAL, Rango: 'MG', FrecuOrdenesFinal: '4500' })).toBeNull();
    expect(
      problem(DIGITAL_BAND, 'FrecuOrdenesInicial', { ...DIGITAL, Rango: 'MG', FrecuOrdenesInicial: '4501', FrecuOrdenesFinal: '5000' }),
    ).toBe('max');
    expect(problem(DIGITAL_BAND, 'FrecuOrdenesFinal', { ...DIGITAL, FrecuOrdenesFinal: '600' })).toBe('order');
    // An analog band has no such limits.
    expect(problem(BAND, 'FrecuOrdenesFinal', { ...DIGITAL, FrecuOrdenesFinal: '360001' })).toBeNull();
  });

  it('BAND-059, BAND-060, BAND-076, decision 7: with manual summation range 1 is required; ranges take 7 and 4 digits', () => {
    const manual = { ...ORDERS, Sumatorio: '2', FrecuOrdenesInicial: '', FrecuOrdenesFinal: '' };
    expect(problem(BAND, 'Rango1Inicio', manual)).toBe('required');
    expect(problem(BAND, 'Rango1Fin', manual)).toBe('required');
    expect(problem(BAND, 'Rango2Inicio', manual)).toBeNull();
    expect(problem(BAND, 'Rango2Fin', { ...manual, Rango2Fin: '9999999.9999' })).toBeNull();
    expect(problem(BAND, 'Rango2Fin', { ...manual, Rango2Fin: '1.00001' })).toBe('format');
    expect(problem(BAND, 'Rango1Inicio', { ...ORDERS, Sumatorio: '3' })).toBeNull();
  });

  it('BAND-079, decision 7: no band editor takes a manual range up to 99999999999; every one shows and keeps [0, 9999999.9999]', () => {
    const manual = { ...ORDERS, Sumatorio: '2', FrecuOrdenesInicial: '', FrecuOrdenesFinal: '', Rango1Inicio: '0' };
    for (const kind of BAND_KINDS) {
      for (const name of RANGES) {
        const field = fieldOf(kind, name);
        if (field.type !== 'decimal') throw new Error(`${name} is not a decimal`);
        expect(decimalRange(field.spec, 'es'), `${kind.segment} ${name}`).toBe('[0; 9999999,9999]');
      }
      expect(problem(kind, 'Rango1Fin', { ...manual, Rango1Fin: '9999999,9999' })).toBeNull();
      for (const bad of ['99999999999', '10000000', '-1']) expect(problem(kind, 'Rango1Fin', { ...manual, Rango1Fin: bad }), bad).toBe('format');
    }
  });

  it('BAND-069, BAND-073, decision 10: with automatic summation harmonics are 1 to 5', () => {
    const automatic = { ...ORDERS, Sumatorio: '1' };
    expect(problem(BAND, 'Armonicos', { ...automatic, Armonicos: '' })).toBe('required');
    expect(problem(BAND, 'Armonicos', { ...automatic, Armonicos: '0' })).toBe('min');
    expect(problem(BAND, 'Armonicos', { ...automatic, Armonicos: '6' })).toBe('max');
    expect(problem(BAND, 'Armonicos', { ...automatic, Armonicos: '5' })).toBeNull();
  });

  it('BAND-070..BAND-072, BAND-074: automatic without frequencies needs a width and left and right bands above 0', () => {
    const bare = { ...ORDERS, Sumatorio: '1', FrecuOrdenesInicial: '', FrecuOrdenesFinal: '', Armonicos: '5', AnchuraBandaLateral: '1' };
    expect(problem(BAND, 'NumBandasIzquierda', bare)).toBe('required');
    expect(problem(BAND, 'NumBandasDerecha', { ...bare, NumBandasDerecha: '0' })).toBe('min');
    expect(problem(BAND, 'AnchuraBandaLateral', { ...bare, AnchuraBandaLateral: '0' })).toBe('min');
    expect(problem(BAND, 'NumBandasIzquierda', { ...bare, NumBandasIzquierda: '2' })).toBeNull();
    // With frequencies, the counts are optional and 0 is fine; never negative.
    expect(problem(BAND, 'NumBandasIzquierda', { ...bare, FrecuOrdenesInicial: '1', NumBandasIzquierda: '0' })).toBeNull();
    expect(problem(BAND, 'NumBandasIzquierda', { ...bare, FrecuOrdenesInicial: '1', NumBandasIzquierda: '-1' })).toBe('format');
  });

  it('BAND-075, BAND-078, decision 8: the side-band width takes 5 integer and 5 decimal digits', () => {
    const automatic = { ...ORDERS, Sumatorio: '1', Armonicos: '5' };
    expect(problem(BAND, 'AnchuraBandaLateral', { ...automatic, AnchuraBandaLateral: '99999,99999' })).toBeNull();
    expect(problem(BAND, 'AnchuraBandaLateral', { ...automatic, AnchuraBandaLateral: '100000' })).toBe('format');
    expect(problem(BAND, 'AnchuraBandaLateral', { ...automatic, AnchuraBandaLateral: '1.123456' })).toBe('format');
  });
});

describe('band bodies', () => {
  it('API-050: an alert-device band sends its range as the sensor-type code; a digital band as the range', () => {
    const sent = (kind: typeof BAND, Frecuencia: string, Rango: string) => toBody(kind, { ...ORDERS, Frecuencia, Rango }, undefined, 'es', EDITING).Rango;
    expect(['ORDENES', 'CPMS', 'RODAMIENTOS'].flatMap((f) => ['BR', 'AR', 'DM'].map((r) => sent(BAND, f, r)))).toEqual([
      'ORDENESBR',
      'ORDENESAR',
      'ORDENESDM',
      'CPMSBR',
      'CPMSAR',
      'CPMSDM',
      'RBR',
      'RAR',
      'RDM',
    ]);
    expect(sent(DIGITAL_BAND, 'CPMS', 'MG')).toBe('MG');
  });

  // API-049: the band's save sends its summation; API-050: its range as the sensor-type code.
  it('sends the summation as a number, the range as its sensor-type code, decimals with their digits, and leaves out what the summation hides', () => {
    const values = {
      ...ORDERS,
      Nombre: ' Banda 1x ',
      FrecuOrdenesInicial: '0,5',
      FrecuOrdenesFinal: '1,5',
      Armonicos: '5',
      Rango1Inicio: '3',
    };
    expect(toBody(BAND, values, undefined, 'es', EDITING)).toEqual({
      NombreEs: 'Banda 1x',
      NombreEn: 'Banda 1x',
      Frecuencia: 'ORDENES',
      Rango: 'ORDENESBR',
      Sumatorio: 0,
      FrecuOrdenesInicial: '0.5000',
      FrecuOrdenesFinal: '1.5000',
      FrecuOrdenesFallo: '0.0000',
    });
    const automatic = {
      ...values,
      Sumatorio: '1',
      AnchuraBandaLateral: '1,2',
      BandasLaterales: '0',
      NumBandasIzquierda: '2',
      NumBandasDerecha: '',
    };
    expect(toBody(BAND, automatic, undefined, 'es', EDITING)).toMatchObject({
      Sumatorio: 1,
      Armonicos: 5,
      BandasLaterales: 0,
      AnchuraBandaLateral: '1.20000',
      NumBandasIzquierda: 2,
    });
    expect(toBody(BAND, automatic, undefined, 'es', EDITING)).not.toHaveProperty('NumBandasDerecha');
  });

  it('BAND-008: the demodulation filter is shown and sent for envelope digital bands only', () => {
    const envelope = { ...DIGITAL, Rango: 'DM', FiltroDemodulacion: '2' };
    expect(shown(DIGITAL_BAND, envelope)).toContain('FiltroDemodulacion');
    expect(toBody(DIGITAL_BAND, envelope, undefined, 'es', EDITING)).toMatchObject({ Nombre: 'B', FiltroDemodulacion: 2 });
    expect(toBody(DIGITAL_BAND, { ...envelope, Rango: 'AR' }, undefined, 'es', EDITING)).not.toHaveProperty('FiltroDemodulacion');
    expect(options(DIGITAL_BAND, 'FiltroDemodulacion', envelope)).toEqual(['0', '1', '2', '3', '4']);
  });
});
