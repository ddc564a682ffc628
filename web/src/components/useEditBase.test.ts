import { describe, expect, it } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { useEditBase } from './useEditBase';

type Item = { name: string; bands: string[] };
const formOf = (it: Item) => ({ name: it.name });

describe('useEditBase', () => {
  it('follows answers that the form shows the same, keeps the one read against another user\'s change, and takes the values loaded on purpose', () => {
    const read: Item = { name: 'Banda 1X', bands: [] };
    const { result, rerender } = renderHook(({ latest }: { latest?: Item }) => useEditBase(latest, formOf), {
      initialProps: { latest: undefined as Item | undefined },
    });
    expect(result.current.base).toBeUndefined();
    rerender({ latest: read });
    expect(result.current.base).toBe(read);
    // A band linked meanwhile: the form shows the same values, the edit is based on the new answer.
    const linked: Item = { name: 'Banda 1X', bands: ['b1'] };
    rerender({ latest: linked });
    expect(result.current.base).toBe(linked);
    // Another user renamed it: the form keeps what was read, and so does the edit's version.
    const renamed: Item = { name: 'Banda 2X', bands: ['b1'] };
    rerender({ latest: renamed });
    expect(result.current.base).toBe(linked);
    act(() => result.current.adopt(renamed));
    expect(result.current.base).toBe(renamed);
  });
});
