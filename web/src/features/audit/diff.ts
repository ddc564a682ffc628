/** One field of a change: its path in the JSON ("Rangos[0].Nombre") and its value before and after. */
export interface FieldDiff {
  field: string;
  /** The value as text; undefined where the field is absent. */
  before?: string;
  after?: string;
  changed: boolean;
}

/** The leaves of a JSON value by path: objects by "a.b", lists by "a[0]"; text as it is, the rest as JSON. */
function leaves(value: unknown, path: string, into: Map<string, string>): Map<string, string> {
  if (Array.isArray(value) && value.length > 0) {
    value.forEach((v, i) => leaves(v, `${path}[${i}]`, into));
  } else if (value !== null && typeof value === 'object' && Object.keys(value).length > 0) {
    for (const [k, v] of Object.entries(value)) leaves(v, path ? `${path}.${k}` : k, into);
  } else if (value !== undefined && (path !== '' || value !== null)) {
    into.set(path, typeof value === 'string' ? value : JSON.stringify(value));
  }
  return into;
}

/**
 * The two sides of a change field by field, in the order the fields come (before's first,
 * then those only after has), each marked when it differs: what the audit screens show side by side.
 */
export function diffFields(before: unknown, after: unknown): FieldDiff[] {
  const a = leaves(before, '', new Map());
  const b = leaves(after, '', new Map());
  const fields = [...a.keys(), ...[...b.keys()].filter((k) => !a.has(k))];
  return fields.map((field) => ({ field, before: a.get(field), after: b.get(field), changed: a.get(field) !== b.get(field) }));
}
