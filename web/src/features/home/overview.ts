// The home page's overview of the factory (docs/API.md, "Home page"): where its links lead,
// what each of the latest changes did, and how long ago. Pure functions, no React.
import type { components } from '../../api/schema';
import { editorUrl } from '../tree/model';

export type Overview = components['schemas']['Overview'];
export type Place = components['schemas']['Place'];
export type RecentChange = components['schemas']['RecentChange'];
export type AlertCount = components['schemas']['AlertCount'];

/** The editor of a machine, as the side-bar opens it. */
export function machineUrl(place: Place): string {
  return editorUrl({ site: place.UsuCentroID, area: place.UsuAreaID, machine: place.UsuMaquinaID });
}

/** Where a machine sits, down to it: 'Centro Norte › Bombeo › Bomba P-101'. */
export function placeText(place: Place): string {
  return [place.Centro, place.Area, place.Nombre].join(' › ');
}

/** Whether any point is above its thresholds. */
export function alerting(states: readonly AlertCount[]): boolean {
  return states.some((s) => s.Series > 0);
}

/** What a change did. */
export const CHANGE_ACTIONS = [
  'created',
  'edited',
  'deleted',
  'copied',
  'downloaded',
  'pasted',
  'associated',
  'dissociated',
  'thresholds',
  'channel',
  'assigned',
  'configuration',
  'imported',
  'cleaned',
  'other',
] as const;
export type ChangeAction = (typeof CHANGE_ACTIONS)[number];

/** What a change was made on. */
export const CHANGE_SUBJECTS = [
  'site',
  'area',
  'machine',
  'component',
  'point',
  'band',
  'digitalband',
  'spectrum',
  'digitalspectrum',
  'vcv',
  'digitalvcv',
  'vcp',
  'vco_v',
  'criterion',
  'sensor',
  'bearing',
  'intervention',
] as const;
export type ChangeSubject = (typeof CHANGE_SUBJECTS)[number];

/** The action of an operation's first word ('edit-machine', 'update-vcv', 'set-reference-mpv'). */
const VERBS: Record<string, ChangeAction> = {
  create: 'created',
  edit: 'edited',
  update: 'edited',
  delete: 'deleted',
  copy: 'copied',
  download: 'downloaded',
  paste: 'pasted',
  associate: 'associated',
  link: 'associated',
  dissociate: 'dissociated',
  unlink: 'dissociated',
  set: 'thresholds',
  clear: 'channel',
};

/** Operations their words do not say: the machine's own actions and its interventions. */
const OPERATIONS: Record<string, { action: ChangeAction; subject?: ChangeSubject }> = {
  'machine-alarm': { action: 'thresholds' },
  'reference-save': { action: 'thresholds' },
  'machine-vco-states': { action: 'thresholds', subject: 'vco_v' },
  'machine-vco-channel': { action: 'channel', subject: 'vco_v' },
  'machine-assign': { action: 'assigned' },
  'configuration-generate': { action: 'configuration' },
  'history-import': { action: 'imported' },
  'intervention-create': { action: 'created', subject: 'intervention' },
  'intervention-update': { action: 'edited', subject: 'intervention' },
  'intervention-delete': { action: 'deleted', subject: 'intervention' },
};

/** The subject of an operation's word: the kinds themselves, and the associations by what they associate. */
const SUBJECT_WORDS: Record<string, ChangeSubject> = {
  ...Object.fromEntries(CHANGE_SUBJECTS.map((s) => [s, s])),
  mpv: 'vcv',
  mpvd: 'digitalvcv',
  mpvp: 'vcp',
  vco: 'vco_v',
};

/**
 * What a change did and on what, from its operation ('create-machine', 'copy-sensor/420',
 * 'dissociate-point-mpvd', 'history-clean-site'): the subject is the last word that names a
 * kind; an operation of another shape is 'other'.
 */
export function describeChange(operation: string): { action: ChangeAction; subject?: ChangeSubject } {
  const id = operation.split('/')[0];
  if (OPERATIONS[id]) return OPERATIONS[id];
  const words = id.split('-');
  if (id.startsWith('history-clean-')) return { action: 'cleaned', subject: SUBJECT_WORDS[words[2]] };
  const action = VERBS[words[0]] ?? 'other';
  const subject = words
    .slice(1)
    .reverse()
    .map((w) => SUBJECT_WORDS[w])
    .find((s) => s !== undefined);
  return subject ? { action, subject } : { action };
}

/** The tag colour of each action: green adds, blue changes, red removes. */
export const ACTION_COLORS: Record<ChangeAction, string> = {
  created: 'green',
  copied: 'green',
  downloaded: 'green',
  pasted: 'green',
  associated: 'cyan',
  edited: 'blue',
  thresholds: 'gold',
  channel: 'blue',
  assigned: 'cyan',
  configuration: 'purple',
  imported: 'geekblue',
  deleted: 'red',
  dissociated: 'volcano',
  cleaned: 'volcano',
  other: 'default',
};

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 86_400],
  ['month', 30 * 86_400],
  ['week', 7 * 86_400],
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
];

/** How long ago `iso` was, at `now`, in the language: 'hace 5 minutos', 'ayer', 'ahora'. */
export function timeAgo(iso: string, now: number, language: string): string {
  const seconds = Math.round((Date.parse(iso) - now) / 1000);
  const format = new Intl.RelativeTimeFormat(language, { numeric: 'auto' });
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return format.format(Math.trunc(seconds / size), unit);
  }
  return format.format(0, 'second');
}
