import { useSyncExternalStore } from 'react';
import type { NodeKind } from './model';

/** Kinds that can be copied: everything below a site. */
export type ClipKind = Exclude<NodeKind, 'site'>;

/** What the clipboard holds: one copied node, with the factory it belongs to. */
export interface ClipItem {
  Tipo: ClipKind;
  ID: number;
  UsuFabricaID: number;
  Nombre: string;
}

/** localStorage key of the clipboard: a copy survives reloads and is shared by the tabs. */
export const CLIPBOARD_KEY = 'vigia.clipboard';

const CLIP_KINDS: readonly string[] = ['area', 'machine', 'component', 'point'];

function isClipItem(v: unknown): v is ClipItem {
  if (typeof v !== 'object' || v === null) return false;
  const o = v as Record<string, unknown>;
  return (
    typeof o.Tipo === 'string' &&
    CLIP_KINDS.includes(o.Tipo) &&
    Number.isInteger(o.ID) &&
    Number.isInteger(o.UsuFabricaID) &&
    typeof o.Nombre === 'string'
  );
}

/** A clipboard: one item at most, kept in a Storage, observable. */
export interface ClipboardStore {
  get(): ClipItem | null;
  set(item: ClipItem): void;
  clear(): void;
  /** Empties the clipboard when it holds this node (after it was deleted or failed to paste). */
  clearIf(Tipo: ClipKind, ID: number): void;
  subscribe(listener: () => void): () => void;
}

/**
 * Creates a clipboard kept in `storage` under `key`. Reads are cached so that the same item is
 * returned until it changes (useSyncExternalStore needs stable snapshots); a change made in
 * another tab (the storage event) is seen too.
 */
export function createClipboard(storage: Storage | undefined, key = CLIPBOARD_KEY): ClipboardStore {
  const listeners = new Set<() => void>();
  let memory: string | null = null;
  let cachedRaw: string | null | undefined;
  let cached: ClipItem | null = null;

  const read = (): string | null => {
    try {
      return storage ? storage.getItem(key) : memory;
    } catch {
      return memory;
    }
  };
  const write = (raw: string | null) => {
    memory = raw;
    try {
      if (storage) {
        if (raw === null) storage.removeItem(key);
        else storage.setItem(key, raw);
      }
    } catch {
      // Without storage the clipboard lasts for this page only.
    }
    listeners.forEach((l) => l());
  };

  const store: ClipboardStore = {
    get() {
      const raw = read();
      if (raw !== cachedRaw) {
        cachedRaw = raw;
        try {
          const parsed: unknown = raw ? JSON.parse(raw) : null;
          cached = isClipItem(parsed) ? parsed : null;
        } catch {
          cached = null;
        }
      }
      return cached;
    },
    set(item) {
      const { Tipo, ID, UsuFabricaID, Nombre } = item;
      write(JSON.stringify({ Tipo, ID, UsuFabricaID, Nombre }));
    },
    clear() {
      write(null);
    },
    clearIf(Tipo, ID) {
      const item = store.get();
      if (item && item.Tipo === Tipo && item.ID === ID) store.clear();
    },
    subscribe(listener) {
      listeners.add(listener);
      const onStorage = (e: StorageEvent) => {
        if (e.key === key || e.key === null) listener();
      };
      if (typeof window !== 'undefined') window.addEventListener('storage', onStorage);
      return () => {
        listeners.delete(listener);
        if (typeof window !== 'undefined') window.removeEventListener('storage', onStorage);
      };
    },
  };
  return store;
}

/**
 * Whether `item` can be pasted as a `kind` into a node of factory `factoryId`: it must be of
 * that kind, and of the same factory, except machines, which may come from another factory of
 * the user (TREE-047).
 */
export function canPaste(item: ClipItem | null, kind: ClipKind, factoryId: number | undefined): item is ClipItem {
  if (!item || item.Tipo !== kind) return false;
  return kind === 'machine' || item.UsuFabricaID === factoryId;
}

/** The application's clipboard. */
export const clipboard: ClipboardStore = createClipboard(typeof localStorage === 'undefined' ? undefined : localStorage);

/** The clipboard's item, re-rendering when it changes. */
export function useClipboard(store: ClipboardStore = clipboard): ClipItem | null {
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}
