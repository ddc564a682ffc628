// The two spectrum kinds (S2 §3.8, §3.9, §4, §5.6, §5.7, §6, §9): the alert-device spectrum and
// the digital-sensor spectrum, declared as data for the generic catalogue screen. Their rules
// are the server's (internal/catalog/spectra.go): required fields, defaults, the averages and
// lines each acquisition allows, the magnetometer's rate and unit, the fields only ADMIN sets.
import type { ParseKeys, TFunction } from 'i18next';
import { isAdmin, isEditor } from '../../app/roles';
import type es from '../../i18n/es.json';
import { BAND, DIGITAL_BAND } from '../bands/kinds';
import {
  catalogKind,
  fieldLabel,
  numberOf,
  type CatalogItem,
  type CatalogKind,
  type Choice,
  type ChoiceSelectField,
  type FieldDecl,
  type FieldKey,
  type FieldPredicate,
  type FormValues,
  type GroupDecl,
  type ItemSelectField,
  type KindIds,
  type LinkDecl,
  type LinkPath,
} from '../catalog/kind';
import { decimalText, parseDecimal } from '../../lib/decimal';
import { SENSORS } from '../sensors/kinds';
import {
  ADMIN_WIDTH,
  AVERAGES,
  DIGITAL_AVERAGES,
  DIGITAL_WIDTHS,
  LINE_CODES,
  MAGNETOMETER_RATE,
  SAMPLING_WIDTHS,
  allowedAverages,
  digitalLineCodes,
  fftSize,
  lines,
  type Acquisition,
} from './rules';
import { UNITS } from '../../lib/units';

/** Ranges of the spectra: BR, AR, DM; digital spectra also MG (SPEC-015, SPEC-038). */
export const RANGES = ['BR', 'AR', 'DM', 'MG'] as const;
export type Range = (typeof RANGES)[number];
export const MAGNETOMETER: Range = 'MG';

const label = fieldLabel('spectra');

type Options = (typeof es)['spectra']['options'];
/**
 * Choices whose labels are translated under `spectra.options.{list}.{id}`. The ids are checked
 * against the Spanish file; the key built from them is looked up untyped.
 */
function translated<L extends keyof Options>(list: L, ids: readonly (keyof Options[L] & string)[]): Choice[] {
  return ids.map((id) => ({ id, label: (t) => (t as (key: string) => string)(`spectra.options.${list}.${id}`) }));
}
/** Choices labelled by a number or a technical name the same in every language. */
const plain = (ids: readonly (string | number)[], text: (id: string) => string = (id) => id): Choice[] =>
  ids.map((n) => ({ id: String(n), label: () => text(String(n)) }));

const HIGH_PASS = ['1_HZ', '2_HZ', '9_HZ', '70_HZ', '500_HZ', '1000_HZ'] as const;
/** Attenuations and envelope demodulation filters: the same choices in both families. */
const ATTENUATIONS = translated('attenuation', ['SIN_ATENUAR', '10_DB', '20_DB']);
const DEMODULATION_FILTERS = translated('demodulation', ['0', '1', '2', '3', '4']);

/** The acquisition the averaging limit reads, from the form. */
function acquisition(v: FormValues): Acquisition {
  return { code: numberOf(v, 'Lineas'), width: numberOf(v, 'FrecuenciaMuestreo'), overlap: numberOf(v, 'Solapamiento') };
}

/**
 * What a change of range, lines, width or overlap sets (SPEC-035, SPEC-044): the FFT size of
 * the lines; a digital line code the width no longer offers is cleared (SPEC-052..SPEC-054),
 * and so is a number of averages above the new limit.
 */
export function fitAcquisition(digital: boolean) {
  return (v: FormValues): FormValues => {
    const set: FormValues = {};
    const width = numberOf(v, 'FrecuenciaMuestreo');
    let code = numberOf(v, 'Lineas');
    if (digital && width !== null && code !== null && !digitalLineCodes(width).includes(code)) {
      set.Lineas = undefined;
      code = null;
    }
    set.TamanioFft = code === null ? undefined : String(fftSize(code));
    const averages = numberOf(v, 'NumPromedios');
    if (averages !== null && !allowedAverages(digital, { ...acquisition(v), code }).includes(averages)) set.NumPromedios = undefined;
    return set;
  };
}

/**
 * What choosing a digital range sets: a magnetometer samples at 2340 with 800 lines and reads
 * Tesla (SPEC-051, SPEC-060); leaving it clears those; then the acquisition is fitted again.
 */
export function digitalRangeEffect(v: FormValues): FormValues {
  let set: FormValues = {};
  if (v.Rango === MAGNETOMETER) set = { FrecuenciaMuestreo: String(MAGNETOMETER_RATE), Lineas: '1', Unidad: 'TESLA' };
  else {
    if (v.FrecuenciaMuestreo === String(MAGNETOMETER_RATE)) set.FrecuenciaMuestreo = undefined;
    if (v.Unidad === 'TESLA') set.Unidad = undefined;
  }
  return { ...set, ...fitAcquisition(true)({ ...v, ...set }) };
}

/** The range is chosen when the spectrum is created only (SPEC-012). */
const rangeLocked: FieldPredicate = (_, ctx) => ctx.mode === 'edit';
/** Fields only ADMIN edits (AUTH-016); others see them disabled and the server keeps what is stored. */
const notAdmin: FieldPredicate = (_, ctx) => !isAdmin(ctx.types);
const envelope: FieldPredicate = (v) => v.Rango === 'DM';

function select(name: string, key: FieldKey<'spectra'>, choices: Choice[], rest: Partial<ChoiceSelectField> = {}): ChoiceSelectField {
  return { type: 'select', name, label: label(key), choices, required: true, ...rest };
}
const numeric = (name: string, key: FieldKey<'spectra'>, choices: Choice[], rest: Partial<ChoiceSelectField> = {}) =>
  select(name, key, choices, { numeric: true, ...rest });

/**
 * The fields both families share, in the editor's order, pairs side by side: range and sensor,
 * width and lines, FFT size and overlap, averaging, window and filter, unit and unit type.
 */
function acquisitionFields(digital: boolean, sensor: FieldDecl): FieldDecl[] {
  const fit = fitAcquisition(digital);
  const ranges = digital ? RANGES : RANGES.filter((r) => r !== MAGNETOMETER);
  const widths: readonly number[] = digital ? [...DIGITAL_WIDTHS, MAGNETOMETER_RATE] : SAMPLING_WIDTHS;
  const averages: readonly number[] = digital ? DIGITAL_AVERAGES : AVERAGES;
  const magnetometer = (v: FormValues) => v.Rango === MAGNETOMETER;
  return [
    select('Rango', 'range', translated('ranges', ranges), {
      disabled: rangeLocked,
      // AUTH-010: digital envelope and magnetometer spectra are ADMIN's.
      offered: (id, _, ctx) => !digital || (id !== 'DM' && id !== MAGNETOMETER) || isAdmin(ctx.types),
      onChange: digital ? digitalRangeEffect : fit,
    }),
    sensor,
    numeric('FrecuenciaMuestreo', 'sampling', plain(widths), {
      newRow: true,
      unit: digital ? UNITS.hertz : UNITS.cpm,
      // SPEC-050, SPEC-051: a magnetometer samples at 2340 only, the others never; 5200 is ADMIN's.
      offered: (id, v, ctx) =>
        digital
          ? magnetometer(v) === (id === String(MAGNETOMETER_RATE)) && (id !== String(ADMIN_WIDTH) || isAdmin(ctx.types))
          : true,
      onChange: fit,
    }),
    numeric('Lineas', 'lines', plain(digital ? [1, 2, 3] : LINE_CODES, (code) => String(lines(Number(code)))), {
      initial: digital ? '1' : '0',
      offered: (id, v) => {
        const width = numberOf(v, 'FrecuenciaMuestreo');
        return !digital || width === null || digitalLineCodes(width).includes(Number(id));
      },
      onChange: fit,
    }),
    // Follows from the lines (SPEC-028, SPEC-055); the server sets it.
    { type: 'integer', name: 'TamanioFft', label: label('fft'), min: 0, max: 16384, disabled: true, initial: String(fftSize(digital ? 1 : 0)) },
    numeric('Solapamiento', 'overlap', plain([0, 50], (n) => `${n} %`), { initial: '0', onChange: fit }),
    select('Promediado', 'averaging', translated('averaging', ['LINEAL', 'EXPONENCIAL', 'PICO']), {
      initial: 'LINEAL', // SPEC-040
      required: !digital, // SPEC-023; SPEC-045 does not list it (the server defaults it)
      newRow: true,
    }),
    numeric('NumPromedios', 'averages', plain(averages), {
      initial: '1', // SPEC-031
      offered: (id, v) => allowedAverages(digital, acquisition(v)).includes(Number(id)), // SPEC-032, SPEC-042
    }),
    select('Ventana', 'window', plain(digital ? ['HANN', 'RECTANGULAR'] : ['HAMMING', 'HANN', 'RECTANGULAR'], windowName), {
      newRow: true,
    }),
    select('Filtro', 'filter', plain(HIGH_PASS, (id) => id.replace('_HZ', ' Hz')), {
      initial: digital ? '9_HZ' : undefined,
      help: (t) => t('spectra.help.filter'),
    }),
    select('Unidad', 'unit', translated('units', digital ? ['G', 'MMSEG', 'TESLA'] : ['G', 'MMSEG', 'UM']), {
      newRow: true,
      alias: { MMSEG_RMS: 'MMSEG' }, // SPEC-019
      offered: (id, v) => !digital || magnetometer(v) === (id === 'TESLA'), // SPEC-060
    }),
    numeric('TipoUnidad', 'unitType', translated('unitTypes', ['1', '2', '3']), { initial: '3' }), // SPEC-020, SPEC-059
  ];
}

/** A spectrum's sensor: an item of a sensor kind on the spectrum's side. */
function sensorSelect(name: string, key: FieldKey<'spectra'>, items: CatalogKind): ItemSelectField {
  return { type: 'select', name, label: label(key), items, numeric: true, required: true };
}

function windowName(id: string): string {
  return id.charAt(0) + id.slice(1).toLowerCase();
}

/** Whether a band carries a summation (a nonzero Sumatorio): it and its spectra get the sigma mark (SPEC-009). */
export function summed(band: CatalogItem): boolean {
  return Number(band.Sumatorio ?? 0) !== 0;
}

/**
 * What a band's row in the spectrum-bands sub-modal says: its frequency type and limits ("CPM ·
 * 600 – 6000"), or its summation when it has no limits ("Órdenes · Sumatorio: Automático").
 */
function bandDetails(band: CatalogItem, t: TFunction, language: string): string {
  const frequency = t(`bands.frequencies.${String(band.Frecuencia)}` as ParseKeys);
  const limit = (v: unknown) => {
    const n = parseDecimal(v);
    return n === null || Number.isNaN(n) ? '' : decimalText(n, language, 0, 4);
  };
  const [from, to] = [limit(band.FrecuOrdenesInicial), limit(band.FrecuOrdenesFinal)];
  if (from && to) return t('spectra.bands.details', { frequency, from, to });
  if (!summed(band)) return frequency;
  return `${frequency} · ${t('common.labelled', { label: t('bands.fields.summation'), message: t(`bands.summations.${String(band.Sumatorio)}` as ParseKeys) })}`;
}

/**
 * A spectrum's bands (S2 §2.7, §4): listed under it in the trees (SPEC-005) and in its editor,
 * whose 'Asociar banda' opens the spectrum-bands sub-modal (SPEC-010, SPEC-011): the bands of
 * its range are associated one at a time (the server refuses another range), each shown with
 * its frequency type (orders, CPM, bearings) and limits.
 */
function bandsLink(path: Extract<LinkPath, { segment: 'band' }>, field: string, kind: CatalogKind): LinkDecl {
  return {
    ...path,
    field,
    kind,
    fits: (spectrum, band) => spectrum.Rango === band.Rango,
    mark: summed,
    details: bandDetails,
    label: (t) => t('spectra.bands.title'),
    associate: (t) => t('spectra.bands.associate'),
    choose: (t) => t('spectra.bands.choose'),
    pick: (t) => t('spectra.bands.pick'), // SPEC-049
    unlinkAll: (t, name) => t('spectra.bands.unlinkAll', { name }),
  };
}

/**
 * A high-range digital spectrum's associated spectra BR/DM (S2 §2.7, §7.7): low-range and
 * envelope digital spectra, envelope ones offered to ADMIN only as in the trees (AUTH-009). The
 * spec shows no more; the server holds the same rule (internal/catalog/spectra.go). Not listed
 * in the trees, where a spectrum holds its bands.
 */
function associatedSpectra(digital: CatalogKind): LinkDecl {
  return {
    holder: 'digitalspectrum',
    segment: 'spectrum',
    field: 'EspectrosAsociados',
    kind: digital,
    shown: (spectrum) => spectrum.Rango === 'AR',
    fits: (spectrum, other, types) => spectrum.Rango === 'AR' && (other.Rango === 'BR' || (other.Rango === 'DM' && isAdmin(types))),
    inColumns: false,
    details: (other, t) =>
      t('spectra.links.details', {
        range: t(`spectra.options.ranges.${String(other.Rango)}` as ParseKeys),
        width: String(other.FrecuenciaMuestreo ?? ''),
        lines: lines(Number(other.Lineas ?? 0)),
      }),
    label: (t) => t('spectra.links.title'),
    associate: (t) => t('spectra.links.associate'),
    choose: (t) => t('spectra.links.choose'),
    pick: (t) => t('spectra.links.pick'),
    unlinkAll: (t, name) => t('spectra.links.unlinkAll', { name }), // MSG-013
  };
}

/** The range groups of a family in the trees (SPEC-004); digital DM and MG are ADMIN's (AUTH-009). */
function rangeGroups(digital: boolean): GroupDecl {
  return {
    field: 'Rango',
    values: translated('ranges', digital ? RANGES : RANGES.filter((r) => r !== MAGNETOMETER)),
    shown: (id, types) => !digital || (id !== 'DM' && id !== MAGNETOMETER) || isAdmin(types),
  };
}

/** What sets a spectrum family apart: its names, its bands, its sensor, its attenuation's rules and its own fields. */
interface Family {
  names: 'bilingual' | 'single';
  bands: [path: Extract<LinkPath, { segment: 'band' }>, field: string, kind: CatalogKind];
  /** The lists of the family's spectra besides their bands, given the kind declared. */
  links?: (self: CatalogKind) => LinkDecl[];
  sensor: FieldDecl;
  attenuation?: Partial<ChoiceSelectField>;
  fields: FieldDecl[];
}

/**
 * A spectrum family (digital for 'digitalspectrum'): its range groups in the trees, its bands,
 * the fields both families share, the attenuation and then its own fields.
 */
function spectrumKind(segment: 'spectrum' | 'digitalspectrum', ids: KindIds, family: Family): CatalogKind {
  const digital = segment === 'digitalspectrum';
  const links = [bandsLink(...family.bands)];
  const kind = catalogKind('spectra', segment, ids, {
    names: family.names,
    groups: rangeGroups(digital),
    links,
    fields: [
      ...acquisitionFields(digital, family.sensor),
      select('Atenuacion', 'attenuation', ATTENUATIONS, {
        initial: 'SIN_ATENUAR', // SPEC-041
        newRow: true,
        ...family.attenuation,
      }),
      ...family.fields,
    ],
  });
  // A link may name the kind itself (a digital spectrum's associated spectra).
  links.push(...(family.links?.(kind) ?? []));
  return kind;
}

/** Alert-device spectra (S2 §3.8, §5.7). */
export const SPECTRUM = spectrumKind('spectrum', ['UsuEspectroID', 'AdminEspectroID', 'AdminEspectroGUID'], {
  names: 'bilingual',
  bands: [{ holder: 'spectrum', segment: 'band' }, 'Bandas', BAND],
  // SPEC-018: a dynamic sensor of the spectrum's side.
  sensor: sensorSelect('SensorDinamicoId', 'accelerometer', SENSORS.dynamic),
  // AUTH-016: attenuation, demodulation filter and amplification are ADMIN's.
  attenuation: { required: false, disabled: notAdmin },
  fields: [
    numeric('AmplificacionAutorango', 'amplification', translated('amplification', ['0', '1', '2', '3']), {
      initial: '0',
      disabled: notAdmin,
    }),
    numeric('FiltroDemodulacion', 'demodulationFilter', DEMODULATION_FILTERS, {
      initial: '0',
      disabled: notAdmin,
      visible: envelope, // SPEC-026
      newRow: true,
    }),
  ],
});

/** Digital-sensor spectra, with a single name (S2 §3.9, §5.6). */
export const DIGITAL_SPECTRUM = spectrumKind('digitalspectrum', ['UsuEspectroDigitalID', 'AdminEspectroDigitalID', 'AdminEspectroDigitalGUID'], {
  names: 'single',
  bands: [{ holder: 'digitalspectrum', segment: 'band' }, 'BandasDigitales', DIGITAL_BAND],
  links: (self) => [associatedSpectra(self)],
  sensor: sensorSelect('UsuSensorDinamicoDigitalId', 'sensor', SENSORS.digitaldynamic),
  fields: [
    numeric('AmplificacionAutorango', 'amplitudeRange', plain([2, 4, 8, 16], (g) => `±${g} g`), { initial: '16' }), // SPEC-058
    // The sensor's own filters, besides the spectrum's high-pass filter (Filtro) above.
    // Decision 3: the high-pass (HPF) filter is shown to ADMIN and U_EDITOR.
    numeric('FiltroHPF', 'hpf', translated('hpf', ['0', '1', '2', '3', '4', '5', '6', '7']), {
      initial: '0',
      visible: (_, ctx) => isEditor(ctx.types),
      newRow: true,
      help: (t) => t('spectra.help.hpf'),
    }),
    numeric('FiltroLPF', 'lpf', translated('lpf', ['0', '1', '2', '3']), { initial: '0', help: (t) => t('spectra.help.lpf') }), // SPEC-057
    numeric('FiltroDemodulacion', 'demodulationFilter', DEMODULATION_FILTERS, {
      initial: '0',
      visible: envelope,
      newRow: true,
    }),
  ],
});

/** The spectrum kinds in the order of the create actions and the trees (SPEC-001, SPEC-003). */
export const SPECTRUM_KINDS: readonly CatalogKind[] = [SPECTRUM, DIGITAL_SPECTRUM];
