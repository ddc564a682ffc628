// The data of a catalogue column's tree: one group per kind, the kind's items under it (in
// groups by a field's value where the kind declares them), each item over the items it holds.
import {
  groupValue,
  itemKey,
  itemMark,
  itemName,
  linkedOf,
  markOf,
  templateGuid,
  type CatalogItem,
  type CatalogKind,
  type GroupDecl,
  type Holder,
  type Side,
} from './kind';

/** The key of an item in the columns: side, kind and id ("factory:sensor/dynamic:12"). */
export function columnKey(side: Side, kind: CatalogKind, id: string): string {
  return `${side}:${kind.segment}:${id}`;
}

/** The key of a kind's group, or of one of its groups by value ("group:spectrum:BR"). */
export function groupKey(kind: CatalogKind, value?: string): string {
  return value === undefined ? `group:${kind.segment}` : `group:${kind.segment}:${value}`;
}

/** The path of values of the groups by value (and their sub-groups), "ORDENES/BR"; each path once. */
function groupPaths(by: GroupDecl | undefined, above = ''): string[] {
  if (!by) return [];
  return by.values.flatMap((v) => {
    const path = above ? `${above}/${v.id}` : v.id;
    return [path, ...groupPaths(by.sub, path)];
  });
}

/** Every group's key of the kinds: each kind's and its groups by value (and sub-groups); groups start open. */
export function groupKeys(kinds: readonly CatalogKind[]): string[] {
  return kinds.flatMap((k) => [groupKey(k), ...groupPaths(k.groups).map((p) => groupKey(k, p))]);
}

/** The keys of the nodes above the node `key` (its groups, the item holding it); empty when it is not there. */
export function ancestors(nodes: readonly ColumnNode[], key: string): string[] {
  for (const n of nodes) {
    if (n.key === key) return [];
    const below = ancestors(n.children ?? [], key);
    if (below.length > 0 || n.children?.some((c) => c.key === key)) return [n.key, ...below];
  }
  return [];
}

/** The state of one kind's list: its items, or still loading, or failed. */
export type ListState = readonly CatalogItem[] | 'loading' | 'error';

/** A node of a column's tree as antd's Tree takes it. */
export interface ColumnNode {
  key: string;
  title: string;
  selectable?: boolean;
  disabled?: boolean;
  isLeaf?: boolean;
  children?: ColumnNode[];
  /** Groups: how many items the kind has (undefined while loading). */
  count?: number;
  /** Items: the kind and id to open, and whether the factory has already downloaded this template. */
  kind?: CatalogKind;
  id?: string;
  /** An item under the item holding it (a band under its spectrum): that item, its editor's context. */
  holder?: Holder;
  downloaded?: boolean;
  /** A factory item associated to the point of the screen (the lists of a point's VCVs and VCPs). */
  associated?: boolean;
  /** Placeholders shown while a list loads or after it failed. */
  placeholder?: 'loading' | 'error';
}

export interface ColumnOptions {
  side: Side;
  language: string;
  /** A group's title: the kind as a type. */
  label: (kind: CatalogKind) => string;
  /** The title of a kind's group by value (a range); the value itself when not given. `by` is the group's declaration. */
  valueLabel?: (kind: CatalogKind, value: string, by: GroupDecl) => string;
  /** Text before an item's name (the kind's prefix). */
  prefix?: (kind: CatalogKind, item: CatalogItem) => string;
  /** The user's types: some groups by value are shown to some users only. */
  types?: readonly string[];
  /** The templates' GUIDs the factory already has a download of (template column only). */
  downloaded?: ReadonlySet<string>;
  /** The ids of the factory items associated to the screen's point (factory column only). */
  associated?: ReadonlySet<string>;
  loadingText: string;
  errorText: string;
  /** Only the items whose name holds this text (S2 §2.8 filter by name); blank: every item. */
  filter?: string;
}

/** Text compared without case or accents ("Vacío" holds "vacio"). */
function folded(s: string): string {
  return s.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase();
}

/** Whether a name holds the filter's text, ignoring case and accents (a blank filter holds every name). */
export function nameMatches(name: string, filter: string | undefined): boolean {
  const f = folded((filter ?? '').trim());
  return f === '' || folded(name).includes(f);
}

/** An item's node, over the items it holds (a spectrum's bands), each marked as its kind says (SPEC-009). */
function itemNode(kind: CatalogKind, item: CatalogItem, o: ColumnOptions): ColumnNode {
  const id = itemKey(kind, o.side, item);
  const key = columnKey(o.side, kind, id);
  const children = (kind.links ?? [])
    .filter((link) => link.inColumns !== false)
    .flatMap((link) =>
      linkedOf(link, item).map((linked): ColumnNode => {
        const linkedId = itemKey(link.kind, o.side, linked);
        return {
          key: `${key}/${link.segment}:${linkedId}`,
          title: `${markOf(link, linked)}${itemName(link.kind, linked, o.language)}`,
          isLeaf: true,
          kind: link.kind,
          id: linkedId,
          holder: { link, id },
        };
      }),
    );
  return {
    key,
    title: `${itemMark(kind, item)}${o.prefix?.(kind, item) ?? ''}${itemName(kind, item, o.language)}`,
    isLeaf: children.length === 0,
    children: children.length > 0 ? children : undefined,
    kind,
    id,
    downloaded: o.side === 'template' && !!o.downloaded?.has(templateGuid(kind, item)),
    associated: o.side === 'factory' && !!o.associated?.has(id),
  };
}

/**
 * One group per kind, in the declared order (SENS-003), each holding its items in the order the
 * server sorted them (by the name of the language, I18N-004), or, where the kind declares groups
 * by a field's value (spectra by range), those groups the user may see with their items. Groups
 * open nothing; items open their editor.
 */
export function buildColumn(kinds: readonly CatalogKind[], lists: readonly ListState[], o: ColumnOptions): ColumnNode[] {
  return kinds.map((kind, i) => {
    const all = lists[i] ?? 'loading';
    const list = typeof all === 'string' ? all : all.filter((item) => nameMatches(itemName(kind, item, o.language), o.filter));
    const group: ColumnNode = { key: groupKey(kind), title: o.label(kind), selectable: false };
    if (typeof list === 'string') {
      group.children = [
        {
          key: `${groupKey(kind)}/${list}`,
          title: list === 'loading' ? o.loadingText : o.errorText,
          placeholder: list,
          selectable: false,
          disabled: true,
          isLeaf: true,
        },
      ];
      return group;
    }
    const by = kind.groups;
    if (!by) {
      group.count = list.length;
      group.children = list.map((item) => itemNode(kind, item, o));
      return emptyClosed(group);
    }
    // A kind's groups show even when it holds nothing: they say which groups the user may see.
    group.children = valueGroups(kind, by, list, '', o);
    group.count = group.children.reduce((n, g) => n + (g.count ?? 0), 0);
    return group;
  });
}

/** The groups by value of `items` the user sees on the side, each over its sub-groups or its items. */
function valueGroups(kind: CatalogKind, by: GroupDecl, items: readonly CatalogItem[], above: string, o: ColumnOptions): ColumnNode[] {
  return by.values.flatMap((v): ColumnNode[] => {
    const path = above ? `${above}/${v.id}` : v.id;
    const held = items.filter((item) => groupValue(by, item) === v.id);
    if (!(by.shown?.(v.id, o.types ?? [], o.side, held.length) ?? true)) return [];
    if (by.omitEmpty && held.length === 0) return [];
    const sub = by.leaves?.includes(v.id) ? undefined : by.sub;
    const children = sub ? valueGroups(kind, sub, held, path, o) : held.map((item) => itemNode(kind, item, o));
    return [
      emptyClosed({
        key: groupKey(kind, path),
        title: o.valueLabel?.(kind, v.id, by) ?? v.id,
        selectable: false,
        // Over sub-groups, the items they show (a screen of one range shows that range's only).
        count: sub ? children.reduce((n, g) => n + (g.count ?? 0), 0) : held.length,
        children,
      }),
    ];
  });
}

/** A group of items without any opens on nothing: it stays closed (and its title greyed). */
function emptyClosed(group: ColumnNode): ColumnNode {
  return group.count === 0 ? { ...group, children: [], isLeaf: true } : group;
}

/** The templates' GUIDs the factory's items were downloaded from. */
export function downloadedGuids(kinds: readonly CatalogKind[], factoryLists: readonly ListState[]): Set<string> {
  const out = new Set<string>();
  kinds.forEach((kind, i) => {
    const list = factoryLists[i];
    if (typeof list === 'string' || !list) return;
    for (const item of list) {
      const guid = templateGuid(kind, item);
      if (guid) out.add(guid);
    }
  });
  return out;
}
