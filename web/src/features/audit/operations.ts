// What a logged change did and on what, from its operation and the first segment of its path:
// the words of the administration's log, a machine's history and the home page's latest changes.

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
  'equipment',
  'mems',
  'history',
  'factory',
  'user',
  'partner',
] as const;
export type ChangeSubject = (typeof CHANGE_SUBJECTS)[number];

/** The action of an operation's first word ('edit-machine', 'update-vcv', 'set-reference-mpv'). */
const VERBS: Record<string, ChangeAction> = {
  create: 'created',
  add: 'created',
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
  'equipment-assign-user': { action: 'assigned', subject: 'equipment' },
  'configuration-generate': { action: 'configuration' },
  'history-import': { action: 'imported' },
  'intervention-create': { action: 'created', subject: 'intervention' },
  'intervention-update': { action: 'edited', subject: 'intervention' },
  'intervention-delete': { action: 'deleted', subject: 'intervention' },
};

/** The subject of an operation's word or a path's segment: the kinds themselves, and the associations by what they associate. */
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

/** The subject of each kind of change, the first segment of its path ('machine', 'mpvd', 'users'). */
const KIND_SUBJECTS: Record<string, ChangeSubject> = {
  ...SUBJECT_WORDS,
  digitalvcvassociation: 'digitalvcv',
  machineocv: 'vco_v',
  factories: 'factory',
  users: 'user',
  tree: 'partner',
};

/** The subject of a change's kind ('machine', 'mpvd', 'users'); undefined for a kind not known. */
export function subjectOf(kind: string): ChangeSubject | undefined {
  return KIND_SUBJECTS[kind];
}

/** The kinds of change of a subject: what the log is filtered by to show its changes ('vcv': 'vcv' and 'mpv'). */
export function kindsOf(subject: ChangeSubject): string[] {
  return Object.keys(KIND_SUBJECTS).filter((kind) => KIND_SUBJECTS[kind] === subject);
}
