// The units values are shown in, from one table: a field or a kind names its unit here once, so
// that every screen writes it the same way. The symbols are the trade's (mm/s RMS, g, Eg, CPM)
// and the SI's, the same in every language.

export const UNITS = {
  velocity: 'mm/s RMS',
  acceleration: 'g',
  envelope: 'Eg',
  magneticField: 'T',
  temperature: '°C',
  speed: 'rpm',
  cpm: 'CPM',
  hertz: 'Hz',
  power: 'kW',
  volt: 'V',
  ampere: 'A',
  millivolt: 'mV',
  second: 's',
  pressure: 'bar',
  percent: '%',
  flow: 'm³/h',
} as const;

export type Unit = (typeof UNITS)[keyof typeof UNITS];

/**
 * The unit of a VCP type's values (the types of VCP-005: 'RMS mm/s', 'RMS g pk', 'Env RMS Eg pk',
 * 'RMS Tesla', temperature); a crest factor is a ratio and a position has no unit of its own.
 */
export const VCP_UNITS: Readonly<Record<string, Unit | undefined>> = {
  VEL: UNITS.velocity,
  ACE: UNITS.acceleration,
  CRE: undefined,
  DEM: UNITS.envelope,
  MAG: UNITS.magneticField,
  TEM: UNITS.temperature,
  POS: undefined,
};

/** The unit of a VCV's values by its band's range: an envelope's and a magnetometer's are not velocities. */
const RANGE_UNITS: Readonly<Record<string, Unit>> = { DM: UNITS.envelope, MG: UNITS.magneticField };

/**
 * The unit of an associated item's values: a VCP's by its type (`vcpType`), a VCV's by its
 * band's range (mm/s RMS but for envelope and magnetometer bands).
 */
export function itemUnit(vcpType: string | undefined, range: string | undefined): Unit | undefined {
  return vcpType === undefined ? (RANGE_UNITS[range ?? ''] ?? UNITS.velocity) : VCP_UNITS[vcpType];
}

/**
 * How a list's values are labelled: once, in the headers, when they all have the same unit
 * (`shared`; none for unitless values), else each beside its own (`mixed`).
 */
export function unitsOf(units: readonly (Unit | undefined)[]): { shared?: Unit; mixed: boolean } {
  const distinct = new Set(units);
  return distinct.size > 1 ? { mixed: true } : { shared: [...distinct][0], mixed: false };
}

/**
 * The unit of what a sensor measures, by its magnitude (the sensor editors' 'Magnitud' list):
 * the unit of an operating value's conditions and states. An amplitude has none of its own.
 */
export const MAGNITUDE_UNITS: Readonly<Record<string, Unit | undefined>> = {
  G: UNITS.acceleration,
  A: undefined,
  RPM: UNITS.speed,
  'MM/S': UNITS.velocity,
  C: UNITS.temperature,
  BAR: UNITS.pressure,
  PCT: UNITS.percent,
  A_ELEC: UNITS.ampere,
  V: UNITS.volt,
  M3H: UNITS.flow,
};

/** The unit of a sensor magnitude (none for an unknown or missing one). */
export function magnitudeUnit(magnitude: string | undefined): Unit | undefined {
  return magnitude ? MAGNITUDE_UNITS[magnitude] : undefined;
}
