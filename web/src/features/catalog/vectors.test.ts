import { describe, expect, it } from 'vitest';
import bands from '../../../../testdata/bands.json';
import operating from '../../../../testdata/operating.json';
import sensors from '../../../../testdata/sensors.json';
import spectra from '../../../../testdata/spectra.json';
import vcvs from '../../../../testdata/vcvs.json';
import { EDITING } from '../../test/catalog';
import { BAND_KINDS } from '../bands/kinds';
import { CRITERIA_KINDS } from '../criteria/kinds';
import { SENSOR_KINDS } from '../sensors/kinds';
import { SPECTRUM_KINDS } from '../spectra/kinds';
import { VCV_KINDS } from '../vcvs/kinds';
import { NAME, nameProblem, problemOf, SERVER_FIELDS, toFormValues, type CatalogItem, type CatalogKind, type FormValues } from './kind';

// The validation vectors the server's tests run too (testdata/*.json): the editor refuses the
// field the server refuses, and lets the valid item through, for every kind with rules of its
// own in the browser. Cases the server alone can check (other items, a change once created)
// are marked `server` and left to it.

interface Case {
  req: string;
  patch: CatalogItem;
  field: string;
  server?: boolean;
}
interface Vectors {
  kinds: Record<string, { valid: CatalogItem; invalid: Case[] | null }>;
}

const KINDS = new Map<string, CatalogKind>([...SENSOR_KINDS, ...BAND_KINDS, ...SPECTRUM_KINDS, ...VCV_KINDS, ...CRITERIA_KINDS].map((k) => [k.segment, k]));

/** The form an engineer fills to make `item`: its values as typed, numbers as they are written. */
function formOf(kind: CatalogKind, item: CatalogItem): FormValues {
  const values = toFormValues(kind, item, 'es');
  for (const f of kind.fields) {
    const v = item[f.name];
    if ((f.type === 'decimal' || f.type === 'integer') && v !== null && v !== undefined) values[f.name] = String(v);
  }
  return values;
}

/** The form fields the editor refuses, by the server's field names. */
function refused(kind: CatalogKind, values: FormValues): string[] {
  const out = kind.fields.filter((f) => problemOf(kind, f.name, values, EDITING) !== null).map((f) => f.name);
  if (nameProblem(values[NAME]) !== null) out.push(...Object.keys(SERVER_FIELDS).filter((f) => f in values || f === 'NombreEs' || f === 'Nombre'));
  return out;
}

const nameFields = new Set(Object.keys(SERVER_FIELDS));

for (const [file, vectors] of Object.entries({ sensors, bands, spectra, vcvs, operating }) as [string, Vectors][]) {
  describe(`testdata/${file}.json`, () => {
    for (const [segment, { valid, invalid }] of Object.entries(vectors.kinds)) {
      const kind = KINDS.get(segment);
      it(`${segment}: the valid item passes`, () => {
        expect(kind).toBeDefined();
        expect(refused(kind!, formOf(kind!, valid))).toEqual([]);
      });
      for (const c of (invalid ?? []).filter((c) => !c.server)) {
        it(`${segment}: ${c.req || 'rule'} refuses ${c.field} (${JSON.stringify(c.patch)})`, () => {
          const got = refused(kind!, formOf(kind!, { ...valid, ...c.patch }));
          const field = nameFields.has(c.field) ? NAME : c.field.split('.')[0];
          expect(got.map((f) => (nameFields.has(f) ? NAME : f))).toContain(field);
        });
      }
    }
  });
}
