// The two band kinds (S2 §3.1–§3.3, §4, §5.1, §5.2): the alert-device band and the digital
// band, declared as data for the generic catalogue screen. Their rules are those the server
// applies (internal/catalog/bands.go): summation availability and defaults, locked and
// dependent fields, number formats, digital frequency limits.
import type { TFunction } from 'i18next';
import type { components } from '../../api/schema';
import { isEditor } from '../../app/roles';
import { isBlank, type DecimalSpec } from '../../lib/decimal';
import { UNITS } from '../../lib/units';
import {
  catalogKind,
  fieldLabel,
  numberOf,
  type CatalogItem,
  type CatalogKind,
  type Choice,
  type FieldDecl,
  type FieldPredicate,
  type FormValues,
  type GroupDecl,
  type KindIds,
  type Problems,
} from '../catalog/kind';

/** Frequency types (EnumFrecuenciaID, BAND-003). */
export type Frequency = NonNullable<components['schemas']['Band']['Frecuencia']>;
/**
 * Ranges (EnumRangoID) as a band reads them: BR, AR, DM; digital bands also MG (BAND-004,
 * BAND-007). An alert-device band's save sends its sensor-type code instead (API-050).
 */
export type Range = 'BR' | 'AR' | 'DM' | 'MG';

export const BEARINGS: Frequency = 'RODAMIENTOS';

/** Summation codes, as the form holds them (S2 §3.3, BAND-018..BAND-024). */
export const SUM = { none: '0', automatic: '1', manual: '2', gear: '3', thread: '4', lobe: '5', bearing: '6' } as const;

/** Frequencies and manual ranges: 7 integer and 4 decimal digits, not negative (BAND-062, BAND-077, decision 7). */
export const FREQUENCY: DecimalSpec = { int: 7, dec: 4 };
/** Side-band width: 5 integer and 5 decimal digits (BAND-075, decision 8). */
export const WIDTH: DecimalSpec = { int: 5, dec: 5 };
/** Smallest frequency of a digital band (BAND-056, BAND-057). */
export const DIGITAL_MIN = 600;
/** Largest frequency of a digital band by range, i.e. by signal type VEL, ACE, DEM, MAG (BAND-014..BAND-017). */
export const DIGITAL_MAX: Record<Range, number> = { BR: 60000, AR: 360000, DM: 60000, MG: 4500 };
/** A digital band's frequencies: 600 up to the largest maximum; the band's range narrows it (bandProblems). */
const DIGITAL_FREQUENCY: DecimalSpec = { ...FREQUENCY, min: DIGITAL_MIN, max: Math.max(...Object.values(DIGITAL_MAX)) };

/** Whether a frequency type offers a summation (S2 §5.2, BAND-025..BAND-028). */
export function summationAllowed(frequency: string | undefined, sum: string | undefined): boolean {
  switch (sum) {
    case SUM.none:
      return true;
    case SUM.automatic:
    case SUM.gear:
    case SUM.thread:
    case SUM.lobe:
      return frequency === 'ORDENES';
    case SUM.manual:
      return frequency !== BEARINGS;
    case SUM.bearing:
      return frequency === BEARINGS;
  }
  return false;
}

/** Harmonics, side bands and side-band width a summation sets (S2 §4, BAND-034..BAND-037). */
const SUMMATION_DEFAULTS: Partial<Record<string, readonly [string, string, string]>> = {
  [SUM.automatic]: ['5', '0', '1'],
  [SUM.gear]: ['3', '3', '1.2'],
  [SUM.thread]: ['5', '1', '1.2'],
  [SUM.lobe]: ['5', '1', '1.2'],
  [SUM.bearing]: ['5', '2', '1.2'],
};

/** Summations 2 to 6 lock the initial and final frequency (BAND-040, decision 6). */
const locksFrequencies = (sum: string | undefined) => sum !== undefined && sum >= SUM.manual && sum <= SUM.bearing;
/** Summations with harmonics and side bands: automatic, gear, thread, lobe, bearing. */
const hasSideBands = (v: FormValues) => SUMMATION_DEFAULTS[v.Sumatorio ?? ''] !== undefined;
const automatic = (v: FormValues) => v.Sumatorio === SUM.automatic;
const manual = (v: FormValues) => v.Sumatorio === SUM.manual;
/** Automatic summation without initial and final frequency: the side bands must be given (BAND-070..BAND-072). */
const automaticWithoutFrequencies = (v: FormValues) => automatic(v) && isBlank(v.FrecuOrdenesInicial) && isBlank(v.FrecuOrdenesFinal);

/**
 * What choosing a summation sets (S2 §4): its harmonics, side bands and width, or nothing for
 * none and manual (BAND-033..BAND-037); the left and right counts start blank; the initial
 * and final frequency are cleared where the summation locks them.
 */
export function summationEffect(v: FormValues): FormValues {
  const [harmonics, sideBands, width] = SUMMATION_DEFAULTS[v.Sumatorio ?? ''] ?? ['', '', ''];
  const set: FormValues = {
    Armonicos: harmonics,
    BandasLaterales: sideBands,
    AnchuraBandaLateral: width,
    NumBandasIzquierda: '',
    NumBandasDerecha: '',
  };
  return locksFrequencies(v.Sumatorio) ? { ...set, FrecuOrdenesInicial: '', FrecuOrdenesFinal: '' } : set;
}

/** A frequency type that does not offer the chosen summation puts it back to none. */
function frequencyEffect(v: FormValues): FormValues {
  if (summationAllowed(v.Frecuencia, v.Sumatorio)) return {};
  return { Sumatorio: SUM.none, ...summationEffect({ ...v, Sumatorio: SUM.none }) };
}

/**
 * Checks between a band's fields, as the server makes them (S2 §5.1): unless the frequency
 * type is bearings, the final frequency above the initial (decision 9) and a fault frequency
 * other than 0 strictly between them; a digital band's frequencies within its range's limit;
 * with automatic summation and no frequencies, side bands above 0.
 */
export function bandProblems(digital: boolean) {
  return (v: FormValues): Problems => {
    const out: Problems = {};
    const initial = numberOf(v, 'FrecuOrdenesInicial');
    const final = numberOf(v, 'FrecuOrdenesFinal');
    if (v.Frecuencia !== BEARINGS) {
      if (initial !== null && final !== null && final <= initial) out.FrecuOrdenesFinal = 'order'; // BAND-066
      const fault = numberOf(v, 'FrecuOrdenesFallo');
      if (fault !== null && fault !== 0 && (initial === null || final === null || fault <= initial || fault >= final)) {
        out.FrecuOrdenesFallo = 'range'; // BAND-067, BAND-068
      }
    }
    const max = digital ? DIGITAL_MAX[v.Rango as Range] : undefined;
    if (max !== undefined) {
      // BAND-056, BAND-057 (the minimum, 600, is the fields' own bound)
      if (initial !== null && initial > max) out.FrecuOrdenesInicial = 'max';
      if (final !== null && final > max) out.FrecuOrdenesFinal ??= 'max';
    }
    if (automaticWithoutFrequencies(v)) {
      for (const name of ['AnchuraBandaLateral', 'NumBandasIzquierda', 'NumBandasDerecha']) {
        if (numberOf(v, name) === 0) out[name] = 'min'; // BAND-070..BAND-072
      }
    }
    return out;
  };
}

const label = fieldLabel('bands');

const FREQUENCIES: Choice[] = (['ORDENES', 'CPMS', 'RODAMIENTOS'] as const).map((id) => ({
  id,
  label: (t) => t(`bands.frequencies.${id}`),
}));
const RANGES = (['BR', 'AR', 'DM', 'MG'] as const).map((id): Choice => ({ id, label: (t) => t(`bands.ranges.${id}`) }));
/**
 * Whether users of `types` see the range `id`: the envelope and magnetometer ranges are for
 * those `who` says (ADMIN and U_EDITOR in band editors and trees, S2 §6), the others for all.
 */
export function seesRange(id: string, types: readonly string[], who: (types: readonly string[]) => boolean = isEditor): boolean {
  return (id !== 'DM' && id !== 'MG') || who(types);
}

/** The sensor-type code of a frequency type and range: ORDENESBR, CPMSAR, RDM... (API-050). */
export function bandCategory(frequency: string, range: string): string {
  return (frequency === BEARINGS ? 'R' : frequency) + range;
}

/** How a tree groups items by a band's category (BAND-012): its frequency type, then its range. */
export interface CategoryGroups {
  /** The band an item is grouped by: the item itself (bands) or the band it holds (VCVs). */
  band: (item: CatalogItem) => CatalogItem;
  /** The frequency types' groups, with their titles. */
  frequencies: readonly Choice[];
  /** Digital kinds also have the magnetometer range. */
  digital: boolean;
  /** Whether a frequency type's group shows on a side, holding `count` items. */
  frequencyShown?: GroupDecl['shown'];
  /** Who sees the envelope and magnetometer groups (everyone when not given). */
  envelope?: (types: readonly string[]) => boolean;
  /** Groups within each range. */
  sub?: GroupDecl;
}

/** The groups of a tree by band category: a group per frequency type, a group per range within it. */
export function categoryGroups(o: CategoryGroups): GroupDecl {
  return {
    field: 'Frecuencia',
    of: (item) => String(o.band(item).Frecuencia ?? ''),
    values: o.frequencies,
    shown: o.frequencyShown,
    sub: {
      field: 'Rango',
      of: (item) => String(o.band(item).Rango ?? ''),
      values: o.digital ? RANGES : RANGES.filter((r) => r.id !== 'MG'),
      shown: (id, types) => !o.envelope || seesRange(id, types, o.envelope),
      sub: o.sub,
    },
  };
}
/** A band's frequencies are in orders, CPM or bearing orders, by its frequency type. */
const frequencyUnit = (v: FormValues, t: TFunction): string | undefined =>
  v.Frecuencia === 'CPMS' ? UNITS.cpm : v.Frecuencia ? t(`bands.units.${v.Frecuencia as 'ORDENES' | 'RODAMIENTOS'}`) : undefined;
const SUMMATIONS: Choice[] = Object.values(SUM).map((id) => ({ id, label: (t) => t(`bands.summations.${id}`) }));
/** Demodulation filter codes 0 to 4: none, 0.5-20, 1-20, 2-20, 4-20 kHz (S2 §3.8). */
const FILTERS: Choice[] = (['0', '1', '2', '3', '4'] as const).map((id) => ({ id, label: (t) => t(`bands.filters.${id}`) }));

/** The band type (frequency type and range) is chosen when the band is created only (BAND-047). */
const typeLocked: FieldPredicate = (_, ctx) => ctx.mode === 'edit';

/** A dependent field: shown when `applies`, and in a read-only editor only when it holds a value (BAND-031, BAND-032). */
const dependent =
  (name: string, applies: (v: FormValues) => boolean): FieldPredicate =>
  (v, ctx) =>
    applies(v) && (!ctx.readOnly || !isBlank(v[name]));

/** The six manual ranges, start and end, shown for manual summation; range 1 is required (BAND-029..BAND-031, BAND-042, BAND-059, BAND-060). */
const MANUAL_RANGES: FieldDecl[] = [1, 2, 3, 4, 5, 6].flatMap((n): FieldDecl[] =>
  (['Inicio', 'Fin'] as const).map((end) => ({
    type: 'decimal',
    name: `Rango${n}${end}`,
    label: (t: TFunction) => t(end === 'Inicio' ? 'bands.fields.rangeStart' : 'bands.fields.rangeEnd', { n }),
    spec: FREQUENCY,
    unit: frequencyUnit,
    required: n === 1,
    newRow: end === 'Inicio',
    visible: dependent(`Rango${n}Inicio`, manual),
  })),
);

/**
 * A band's fields in the editor's order, in pairs: type, summation (and a digital envelope
 * band's demodulation filter), frequencies, side bands, manual ranges.
 */
function bandFields(digital: boolean): FieldDecl[] {
  const frequency = digital ? DIGITAL_FREQUENCY : FREQUENCY;
  // A digital band's range sets the frequencies' maximum (BAND-056, BAND-057).
  const narrow = digital ? (v: FormValues): DecimalSpec => ({ ...DIGITAL_FREQUENCY, max: DIGITAL_MAX[v.Rango as Range] ?? DIGITAL_FREQUENCY.max }) : undefined;
  const frequencyLocked: FieldPredicate = (v) => locksFrequencies(v.Sumatorio);
  // BAND-061, BAND-064: required unless a summation is set or the frequency type is bearings.
  const frequencyRequired: FieldPredicate = (v) => v.Frecuencia !== BEARINGS && v.Sumatorio === SUM.none;
  const fields: FieldDecl[] = [
    {
      type: 'select',
      name: 'Frecuencia',
      label: label('frequency'),
      choices: FREQUENCIES,
      required: true, // BAND-054
      disabled: typeLocked,
      onChange: frequencyEffect,
    },
    {
      type: 'select',
      name: 'Rango',
      label: label('range'),
      choices: digital ? RANGES : RANGES.filter((r) => r.id !== 'MG'),
      required: true, // BAND-055
      disabled: typeLocked,
      // API-050: an alert-device band's save sends the range as its sensor-type code.
      ...(digital ? {} : { send: (range: string, v: FormValues) => bandCategory(v.Frecuencia ?? '', range) }),
      // S2 §6: envelope and magnetometer are chosen by ADMIN or U_EDITOR.
      offered: (id, _, ctx) => seesRange(id, ctx.types),
    },
    {
      type: 'select',
      name: 'Sumatorio',
      label: label('summation'),
      choices: SUMMATIONS,
      numeric: true,
      initial: SUM.none,
      offered: (id, v) => summationAllowed(v.Frecuencia, id),
      onChange: summationEffect,
    },
  ];
  if (digital) {
    // BAND-008: sent for envelope bands only.
    fields.push({
      type: 'select',
      name: 'FiltroDemodulacion',
      label: label('demodulationFilter'),
      choices: FILTERS,
      numeric: true,
      initial: '0',
      required: true,
      visible: (v) => v.Rango === 'DM',
    });
  }
  return [
    ...fields,
    {
      type: 'decimal',
      name: 'FrecuOrdenesInicial',
      label: label('initial'),
      spec: frequency,
      narrow,
      unit: frequencyUnit,
      required: frequencyRequired,
      disabled: frequencyLocked,
      newRow: true,
    },
    {
      type: 'decimal',
      name: 'FrecuOrdenesFinal',
      label: label('final'),
      spec: frequency,
      narrow,
      unit: frequencyUnit,
      required: frequencyRequired,
      disabled: frequencyLocked,
    },
    { type: 'decimal', name: 'FrecuOrdenesFallo', label: label('fault'), spec: FREQUENCY, unit: frequencyUnit, initial: '0' }, // BAND-046
    // BAND-041, BAND-069, decision 10: harmonics 1 to 5, edited with automatic summation only.
    {
      type: 'integer',
      name: 'Armonicos',
      label: label('harmonics'),
      min: 1,
      max: 5,
      initial: '5', // BAND-043
      required: automatic,
      disabled: (v) => !automatic(v),
      visible: dependent('Armonicos', hasSideBands),
    },
    {
      type: 'integer',
      name: 'BandasLaterales',
      label: label('sideBands'),
      min: 0,
      max: 99,
      initial: '0', // BAND-044
      disabled: true, // set by the summation
      visible: dependent('BandasLaterales', hasSideBands),
    },
    {
      type: 'decimal',
      name: 'AnchuraBandaLateral',
      label: label('sideBandWidth'),
      spec: WIDTH,
      unit: frequencyUnit,
      initial: '1', // BAND-045
      required: automaticWithoutFrequencies,
      disabled: (v) => !automatic(v),
      visible: dependent('AnchuraBandaLateral', hasSideBands),
    },
    ...(['NumBandasIzquierda', 'NumBandasDerecha'] as const).map((name): FieldDecl => ({
      type: 'integer',
      name,
      label: label(name === 'NumBandasIzquierda' ? 'leftBands' : 'rightBands'),
      min: 0, // BAND-074
      max: 99,
      required: automaticWithoutFrequencies,
      newRow: name === 'NumBandasIzquierda',
      visible: dependent(name, automatic),
    })),
    ...MANUAL_RANGES,
  ];
}

/**
 * A band kind: alert-device bands have integer ids and names in two languages (BAND-001,
 * BAND-002); digital bands are identified by GUID and have a single name (BAND-005, BAND-006).
 */
function bandKind(segment: 'band' | 'digitalband'): CatalogKind {
  const digital = segment === 'digitalband';
  const ids: KindIds = digital
    ? ['UsuBandaDigitalGUID', 'AdminBandaDigitalGUID', 'AdminBandaDigitalGUID']
    : ['UsuBandaID', 'AdminBandaID', 'AdminBandaGUID'];
  return catalogKind('bands', segment, ids, {
    names: digital ? 'single' : 'bilingual',
    // The trees group bands by category, the envelope and magnetometer ones for ADMIN and U_EDITOR (S2 §6).
    groups: categoryGroups({ band: (b) => b, frequencies: FREQUENCIES, digital, envelope: isEditor }),
    fields: bandFields(digital),
    check: bandProblems(digital),
  });
}

export const BAND = bandKind('band');
export const DIGITAL_BAND = bandKind('digitalband');

/** The band kinds in the order of the type selector and the trees. */
export const BAND_KINDS: readonly CatalogKind[] = [BAND, DIGITAL_BAND];
