import { describe, expect, it, vi } from 'vitest';
import { canPaste, createClipboard, type ClipItem } from './clipboard';

const machine: ClipItem = { Tipo: 'machine', ID: 7, UsuFabricaID: 1, Nombre: 'Bomba 1' };

describe('clipboard', () => {
  // TREE-048: copying stores the node in the clipboard, which survives a reload.
  it('TREE-048: keeps the copied node in storage, so a new page sees it', () => {
    const a = createClipboard(localStorage, 'test.clip');
    a.set(machine);
    expect(a.get()).toEqual(machine);
    const b = createClipboard(localStorage, 'test.clip');
    expect(b.get()).toEqual(machine);
  });

  it('returns the same snapshot until the item changes and notifies subscribers', () => {
    const store = createClipboard(localStorage, 'test.clip');
    const listener = vi.fn();
    const off = store.subscribe(listener);
    store.set(machine);
    expect(store.get()).toBe(store.get());
    expect(listener).toHaveBeenCalledTimes(1);
    store.clear();
    expect(store.get()).toBeNull();
    expect(listener).toHaveBeenCalledTimes(2);
    off();
  });

  // TREE-050, TREE-076: deleting the copied node empties the clipboard; other deletes do not.
  it('TREE-050 TREE-076: clearIf empties it only for the copied node', () => {
    const store = createClipboard(localStorage, 'test.clip');
    store.set(machine);
    store.clearIf('machine', 8);
    store.clearIf('component', 7);
    expect(store.get()).toEqual(machine);
    store.clearIf('machine', 7);
    expect(store.get()).toBeNull();
  });

  it('ignores garbage in storage', () => {
    localStorage.setItem('test.clip', '{"Tipo":"site","ID":1}');
    expect(createClipboard(localStorage, 'test.clip').get()).toBeNull();
    localStorage.setItem('test.clip', 'not json');
    expect(createClipboard(localStorage, 'test.clip').get()).toBeNull();
  });

  it('works in memory without storage', () => {
    const store = createClipboard(undefined);
    store.set(machine);
    expect(store.get()).toEqual(machine);
  });

  // TREE-040, TREE-053, TREE-057, TREE-016: paste shows only with a node of the right kind.
  it('TREE-016 TREE-040 TREE-053 TREE-057: pasting needs an item of the kind pasted', () => {
    expect(canPaste(null, 'machine', 1)).toBe(false);
    expect(canPaste(machine, 'component', 1)).toBe(false);
    expect(canPaste(machine, 'machine', 1)).toBe(true);
    const point: ClipItem = { Tipo: 'point', ID: 3, UsuFabricaID: 1, Nombre: 'P1' };
    expect(canPaste(point, 'point', 1)).toBe(true);
    expect(canPaste(point, 'point', 2)).toBe(false);
  });

  // TREE-047: a machine may be pasted into another factory of the user.
  it('TREE-047: a machine of another factory can be pasted', () => {
    expect(canPaste(machine, 'machine', 2)).toBe(true);
  });
});
