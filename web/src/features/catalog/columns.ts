// The data of a catalogue column's tree: one group per kind, the kind's items under it.
import { itemKey, itemName, templateGuid, type CatalogItem, type CatalogKind, type Side } from './kind';

/** The key of an item in the columns: side, kind and id ("factory:sensor/dynamic:12"). */
export function columnKey(side: Side, kind: CatalogKind, id: string): string {
  return `${side}:${kind.segment}:${id}`;
}

/** The key of a kind's group. */
export function groupKey(kind: CatalogKind): string {
  return `group:${kind.segment}`;
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
  downloaded?: boolean;
  /** Placeholders shown while a list loads or after it failed. */
  placeholder?: 'loading' | 'error';
}

export interface ColumnOptions {
  side: Side;
  language: string;
  /** A group's title: the kind as a type. */
  label: (kind: CatalogKind) => string;
  /** The templates' GUIDs the factory already has a download of (template column only). */
  downloaded?: ReadonlySet<string>;
  loadingText: string;
  errorText: string;
}

/**
 * One group per kind, in the declared order (SENS-003), each holding its items in the order the
 * server sorted them (by the name of the language, I18N-004). Groups open nothing; items open
 * their editor.
 */
export function buildColumn(kinds: readonly CatalogKind[], lists: readonly ListState[], o: ColumnOptions): ColumnNode[] {
  return kinds.map((kind, i) => {
    const list = lists[i] ?? 'loading';
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
    group.count = list.length;
    group.children = list.map((item) => {
      const id = itemKey(kind, o.side, item);
      return {
        key: columnKey(o.side, kind, id),
        title: itemName(kind, item, o.language),
        isLeaf: true,
        kind,
        id,
        downloaded: o.side === 'template' && !!o.downloaded?.has(templateGuid(kind, item)),
      };
    });
    return group;
  });
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
