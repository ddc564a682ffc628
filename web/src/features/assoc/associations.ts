// Associations of VCVs and VCPs to a machine's points (S2 §2.2–§2.6, §7.3–§7.5): the three
// kinds, the editor screens that list and show them, their URLs and the side-bar keys that
// name them. Plain data and functions, tested without a browser.
import type { CatalogKind } from '../catalog/kind';
import type { ReactNode } from 'react';
import type { components } from '../../api/schema';
import { NODE_KINDS, ancestorKeys, nodeKey, type NodePath } from '../tree/model';
import type { NodeGroup } from '../tree/treeData';
import { DIGITAL_VCV, VCP, VCV } from '../vcvs/kinds';

export type AssocTipo = 'MPV' | 'MPVD' | 'MPVP';
export type Range = 'BR' | 'AR' | 'DM' | 'MG';
export const RANGES: readonly Range[] = ['BR', 'AR', 'DM', 'MG'];

/** One kind of association: analog VCVs (mpv), digital VCVs (mpvd), VCPs (mpvp). */
export interface AssocKind {
  tipo: AssocTipo;
  /** Segment of its calls (/api/user/{factory}/mpv/...) and of the item in them (.../vcv/{key}). */
  segment: 'mpv' | 'mpvd' | 'mpvp';
  itemSegment: 'vcv' | 'digitalvcv' | 'vcp';
  /** The catalogue kind associated. */
  kind: CatalogKind;
  /** Query parameter naming the associated item on its screen (S2 §2.4 vcv_ocv). */
  param: 'vcv' | 'vcp';
  /** Field of a reference row's id (REF-009). */
  refId: 'UsuValorReferenciaID' | 'UsuValorReferenciaMPVdID' | 'UsuValorReferenciaMPVpID';
  /** VCP references also carry temperature thresholds (REF-008). */
  temperature: boolean;
}

export const MPV: AssocKind = {
  tipo: 'MPV',
  segment: 'mpv',
  itemSegment: 'vcv',
  kind: VCV,
  param: 'vcv',
  refId: 'UsuValorReferenciaID',
  temperature: false,
};
export const MPVD: AssocKind = {
  tipo: 'MPVD',
  segment: 'mpvd',
  itemSegment: 'digitalvcv',
  kind: DIGITAL_VCV,
  param: 'vcv',
  refId: 'UsuValorReferenciaMPVdID',
  temperature: false,
};
export const MPVP: AssocKind = {
  tipo: 'MPVP',
  segment: 'mpvp',
  itemSegment: 'vcp',
  kind: VCP,
  param: 'vcp',
  refId: 'UsuValorReferenciaMPVpID',
  temperature: true,
};
export const ASSOC_KINDS: readonly AssocKind[] = [MPV, MPVD, MPVP];

/**
 * An editor screen of a point's VCVs or VCPs, under /editor: the list of what may be associated
 * (VCV-004, VCV-005, VCP-001) or, with the item's query parameter, the associated item
 * (VCV-017, VCV-018). VCV screens list one band range each.
 */
export interface AssocScreen {
  route: string;
  assoc: AssocKind;
  range?: Range;
}

export const ASSOC_SCREENS: readonly AssocScreen[] = [
  { route: 'vcv-lr', assoc: MPV, range: 'BR' },
  { route: 'vcv-hr', assoc: MPV, range: 'AR' },
  // Alert-device envelope VCVs exist (DM bands), so they get their screen too (VCV-011).
  { route: 'vcv-dm', assoc: MPV, range: 'DM' },
  { route: 'vcv-digital-lr', assoc: MPVD, range: 'BR' },
  { route: 'vcv-digital-hr', assoc: MPVD, range: 'AR' },
  { route: 'vcv-digital-dm', assoc: MPVD, range: 'DM' },
  { route: 'vcv-digital-mg', assoc: MPVD, range: 'MG' },
  { route: 'vcps', assoc: MPVP },
];

/** The screens of one association kind, in range order. */
export function screensOf(assoc: AssocKind): AssocScreen[] {
  return ASSOC_SCREENS.filter((s) => s.assoc === assoc);
}

/** The screen listing the kind's items of a range (the kind's first screen for an unknown range, VCV-042). */
export function screenOf(assoc: AssocKind, range?: string): AssocScreen {
  const mine = screensOf(assoc);
  return mine.find((s) => s.range === range) ?? mine[0];
}

/** The screen at `pathname` (/editor/vcv-hr...), or undefined. */
export function screenAt(pathname: string): AssocScreen | undefined {
  const route = pathname.replace(/^\/editor\/?/, '').replace(/\/+$/, '');
  return ASSOC_SCREENS.find((s) => s.route === route);
}

/** The path's query down to the point (with the point's orientation), as the editors' URLs carry it. */
function pathParams(path: NodePath): URLSearchParams {
  const params = new URLSearchParams();
  for (const k of NODE_KINDS) if (path[k] !== undefined) params.set(k, String(path[k]));
  if (path.orientation !== undefined) params.set('orientation', String(path.orientation));
  return params;
}

/** URL of a screen for the point at `path`; with `key`, of the associated item's screen. */
export function screenUrl(screen: AssocScreen, path: NodePath, key?: string): string {
  const params = pathParams(path);
  if (key) params.set(screen.assoc.param, key);
  return `/editor/${screen.route}?${params.toString()}`;
}

/** The associated item a screen's query names, or undefined (its list). */
export function itemFromSearch(screen: AssocScreen, search: URLSearchParams): string | undefined {
  return search.get(screen.assoc.param) || undefined;
}

/** Side-bar key of a point's group of one kind's associated items. */
export function assocGroupKey(point: number, tipo: AssocTipo): string {
  return `assoc:${point}:${tipo}`;
}

/** Side-bar key of an associated item under its point. */
export function assocItemKey(point: number, tipo: AssocTipo, key: string): string {
  return `assoc:${point}:${tipo}:${key}`;
}

/**
 * What the side-bar selects and expands on a screen of a point's VCVs or VCPs: the associated
 * item, or the kind's group of the point, under the point. Undefined off those screens.
 */
export function assocSelection(pathname: string, path: NodePath, search: URLSearchParams): { selected: string; expand: string[] } | undefined {
  const screen = screenAt(pathname);
  if (!screen || path.point === undefined) return undefined;
  const group = assocGroupKey(path.point, screen.assoc.tipo);
  const key = itemFromSearch(screen, search);
  return {
    selected: key ? assocItemKey(path.point, screen.assoc.tipo, key) : group,
    expand: [...ancestorKeys(path), nodeKey('point', path.point), group],
  };
}

/** A point's associated item as GET .../point/{point}/associations lists it. */
export type AssociatedItem = Pick<components['schemas']['Associated'], 'Tipo' | 'Clave' | 'NombreEs' | 'NombreEn' | 'Rango' | 'TipoVco'>;

/** A point's items of one kind: VCVs by range, then by name as the server sorted them. */
export function itemsOf(list: readonly AssociatedItem[], tipo: AssocTipo): AssociatedItem[] {
  const rank = (a: AssociatedItem) => {
    const i = RANGES.indexOf(a.Rango as Range);
    return i < 0 ? RANGES.length : i;
  };
  return list.filter((a) => a.Tipo === tipo).sort((a, b) => rank(a) - rank(b));
}

/**
 * The catalogue kind as a screen lists it: a VCV screen shows its range's sub-trees only
 * (VCV-011), so the other ranges' items are not listed.
 */
export function screenKind(screen: AssocScreen): CatalogKind {
  const { kind } = screen.assoc;
  const sub = kind.groups?.sub;
  if (!screen.range || !kind.groups || !sub) return kind;
  return { ...kind, groups: { ...kind.groups, sub: { ...sub, values: sub.values.filter((v) => v.id === screen.range) } } };
}

/**
 * A point's groups in the side-bar: one per kind (alert-device VCVs, KOS Sensor VCVs, VCPs),
 * each opening the kind's list screen for the point and holding the associated items, VCVs by
 * range with the range before the name; each item opens its screen.
 */
export function pointGroups(
  point: number,
  path: NodePath,
  list: readonly AssociatedItem[] | 'loading' | 'error',
  o: {
    title: (a: AssocKind) => string;
    name: (a: AssociatedItem) => string;
    /** A range's code as the language writes it (BR is LR in English). */
    range: (code: string) => string;
    icon?: ReactNode;
    itemIcon?: ReactNode;
  },
): NodeGroup[] {
  return ASSOC_KINDS.map((assoc) => ({
    key: assocGroupKey(point, assoc.tipo),
    title: o.title(assoc),
    icon: o.icon,
    url: screenUrl(screenOf(assoc), path),
    items:
      typeof list === 'string'
        ? list
        : itemsOf(list, assoc.tipo).map((a) => ({
            key: assocItemKey(point, assoc.tipo, a.Clave),
            title: a.Rango ? `${o.range(a.Rango)} · ${o.name(a)}` : o.name(a),
            icon: o.itemIcon,
            isLeaf: true,
            url: screenUrl(screenOf(assoc, a.Rango), path, a.Clave),
          })),
  }));
}
