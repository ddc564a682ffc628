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
