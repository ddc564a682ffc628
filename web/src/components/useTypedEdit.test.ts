import { describe, expect, it } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { useTypedEdit } from './useTypedEdit';

type Item = { value: number; note: string };
const formOf = (it: Item) => String(it.value);

describe('useTypedEdit', () => {
  it('follows the item until something is typed, then keeps the typed values on the version typed over and tells of another user\'s change', () => {
    const listed: Item = { value: 1, note: 'listed' };
    const { result, rerender } = renderHook(({ latest }: { latest: Item }) => useTypedEdit(latest, formOf), { initialProps: { latest: listed } });
    expect(result.current.values).toBe('1');
    expect(result.current.base).toBe(listed);

    // Read again with another value, nothing typed: the fields show it.
    const read: Item = { value: 2, note: 'read' };
    rerender({ latest: read });
    expect(result.current.values).toBe('2');
    expect(result.current.base).toBe(read);

    act(() => result.current.type('5'));
    // The same values read again: the edit is based on the newer version.
    const again: Item = { value: 2, note: 'again' };
    rerender({ latest: again });
    expect(result.current.base).toBe(again);
    expect(result.current.behind).toBe(false);

    // Another user's value: the typed one stays, on the version typed over.
    rerender({ latest: { value: 3, note: 'theirs' } });
    expect(result.current.values).toBe('5');
    expect(result.current.base).toBe(read);
    expect(result.current.behind).toBe(true);

    act(() => result.current.clear());
    expect(result.current.values).toBe('3');
    expect(result.current.behind).toBe(false);
  });

  it('starts from given values, based on the item given', () => {
    const item: Item = { value: 1, note: '' };
    const { result } = renderHook(() => useTypedEdit(item, formOf, '7'));
    expect(result.current.values).toBe('7');
    expect(result.current.typed).toBe(true);
    expect(result.current.behind).toBe(false);
  });
});
