// The bearing slots of a vibration point (TREE-088, TREE-089, TREE-094, TREE-106..TREE-108,
// TREE-114..TREE-119): how a model choice is valued, which brands and models are offered, how
// the download list pages, and what a save sends. Pure: the download call is passed in.
import type { Bearing, BearingBrands, BearingPage, PointInput } from '../../api/types';

/** The four bearing slots of a point, as the API names them (TREE-089). */
export const BEARING_SLOTS = ['Rodamiento1', 'Rodamiento2', 'Rodamiento3', 'Rodamiento4'] as const;
export type BearingSlot = (typeof BEARING_SLOTS)[number];

/** Bearings per page of the download list (TREE-117); the server pages by the same size. */
export const BEARING_PAGE_SIZE = 20;

/**
 * What a slot of the point form holds: the brand chosen, the model's value ('12/F' for a
 * factory bearing, '{guid}/T' for a template still to download) and the bearing that value
 * names, whose defect frequencies the block shows. An empty object is "no bearing".
 */
export interface BearingChoice {
  Marca?: string;
  Valor?: string;
  Rodamiento?: Bearing;
}

/** The parts of a model value: a factory bearing's id or a template bearing's GUID. */
export type BearingRef = { source: 'F'; id: number } | { source: 'T'; guid: string };

/** TREE-106: a factory bearing is valued by its id plus '/F'. */
export function factoryValue(b: Pick<Bearing, 'GenRodamientoID'>): string {
  return `${b.GenRodamientoID}/F`;
}

const ZERO_GUID = /^0{8}-0{4}-0{4}-0{4}-0{12}$/;

/**
 * Value of a bearing of the download ('Descarga') list. TREE-108: a template still to download
 * is valued by its GUID plus '/T'. TREE-107: one with an all-zero GUID, or whose model says
 * '(Download)', is already a factory bearing and is valued by its id plus '/F' (the server does
 * not list such bearings as templates today; the rule keeps old data working).
 */
export function templateValue(b: Bearing): string {
  const guid = b.GenRodamientoGUID ?? '';
  if (guid === '' || ZERO_GUID.test(guid) || (b.Modelo ?? '').includes('(Download)')) return factoryValue(b);
  return `${guid}/T`;
}

/** The bearing a model value names, or undefined for an empty or malformed value. */
export function parseBearingValue(value: string | undefined): BearingRef | undefined {
  const match = /^(.+)\/([FT])$/.exec(value ?? '');
  if (!match) return undefined;
  if (match[2] === 'T') return { source: 'T', guid: match[1] };
  const id = Number(match[1]);
  return Number.isInteger(id) && id > 0 ? { source: 'F', id } : undefined;
}

/** TREE-114: the brands offered, the factory's and the shared catalogue's, once each, by name. */
export function brandList(brands: BearingBrands | undefined): string[] {
  const all = new Set([...(brands?.Fabrica ?? []), ...(brands?.Comun ?? [])]);
  return [...all].sort((a, b) => a.localeCompare(b, undefined, { sensitivity: 'base' }));
}

/** TREE-115: the download list leaves out the models the factory already has. */
export function downloadable(templates: readonly Bearing[], factory: readonly Bearing[]): Bearing[] {
  const owned = new Set(factory.map((b) => b.Modelo));
  return templates.filter((b) => !owned.has(b.Modelo));
}

/** Whether a model matches what was typed in the model dropdown (case-insensitive). */
export function matchesModel(b: Bearing, search: string): boolean {
  return (b.Modelo ?? '').toLowerCase().includes(search.trim().toLowerCase());
}

/** TREE-117: the index of the next page of the download list, or undefined when all are loaded. */
export function nextBearingPage(pages: readonly BearingPage[]): number | undefined {
  const last = pages[pages.length - 1];
  if (!last) return 0;
  const loaded = pages.reduce((n, p) => n + (p.Rodamientos?.length ?? 0), 0);
  return (last.Rodamientos?.length ?? 0) > 0 && loaded < last.Total ? pages.length : undefined;
}

/** Whether a scrolled list is within `margin` pixels of its bottom (time to load the next page). */
export function nearBottom(el: { scrollTop: number; clientHeight: number; scrollHeight: number }, margin = 48): boolean {
  return el.scrollTop + el.clientHeight >= el.scrollHeight - margin;
}

/**
 * TREE-119: the slots with every later repeat of a bearing set to none, and whether there was
 * one. Slots are compared by their model value.
 */
export function dropRepeats(choices: readonly (BearingChoice | undefined)[]): { choices: BearingChoice[]; repeated: boolean } {
  const seen = new Set<string>();
  let repeated = false;
  const out = choices.map((c): BearingChoice => {
    const value = c?.Valor;
    if (!c || !value) return c ?? {};
    if (seen.has(value)) {
      repeated = true;
      return {};
    }
    seen.add(value);
    return c;
  });
  return { choices: out, repeated };
}

/**
 * What a point save does with its slots first (TREE-118, TREE-119): later repeats become none,
 * then every template bearing chosen is downloaded into the factory (once each) and the slot
 * takes the factory bearing. A template whose factory copy another slot already holds is a
 * repeat too.
 */
export async function resolveBearings(
  choices: readonly (BearingChoice | undefined)[],
  download: (guid: string) => Promise<Bearing>,
): Promise<{ choices: BearingChoice[]; repeated: boolean }> {
  const first = dropRepeats(choices);
  const resolved = await Promise.all(
    first.choices.map(async (c): Promise<BearingChoice> => {
      const ref = parseBearingValue(c.Valor);
      if (ref?.source !== 'T') return c;
      const bearing = await download(ref.guid);
      return { Marca: bearing.Marca ?? c.Marca, Valor: factoryValue(bearing), Rodamiento: bearing };
    }),
  );
  const second = dropRepeats(resolved);
  return { choices: second.choices, repeated: first.repeated || second.repeated };
}

/** A point's slot as the form shows it: its brand and its factory bearing. */
export function choiceOf(b: Bearing | null | undefined): BearingChoice {
  return b && b.GenRodamientoID ? { Marca: b.Marca, Valor: factoryValue(b), Rodamiento: b } : {};
}

type BearingsBody = Pick<PointInput, BearingSlot>;

/**
 * The Rodamiento1..4 of a point save: each factory bearing by its id; a slot without one is
 * left out (none). Template choices must have been resolved first (resolveBearings).
 */
export function bearingsBody(choices: readonly (BearingChoice | undefined)[]): BearingsBody {
  const body: BearingsBody = {};
  BEARING_SLOTS.forEach((slot, i) => {
    const ref = parseBearingValue(choices[i]?.Valor);
    if (ref?.source === 'F') body[slot] = { GenRodamientoID: ref.id };
  });
  return body;
}

/** The defect frequencies a block shows, in orders, in this order. */
export const FREQUENCIES = ['Bpfi', 'Bpfo', 'Ftf', 'Bs'] as const;
