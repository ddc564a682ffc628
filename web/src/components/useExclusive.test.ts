import { describe, expect, it } from 'vitest';
import { renderHook } from '@testing-library/react';
import { useExclusive } from './useExclusive';

describe('useExclusive', () => {
  it('drops an action while the last one runs, and runs the next once it has ended, even failed', async () => {
    const { result } = renderHook(() => useExclusive());
    const run = result.current;
    let calls = 0;
    let finish: () => void = () => {};
    const first = run(() => new Promise<void>((resolve) => ((calls += 1), (finish = resolve))));
    await run(async () => void (calls += 1));
    expect(calls).toBe(1);
    finish();
    await first;
    await run(async () => {
      calls += 1;
      throw new Error('refused');
    }).catch(() => {});
    await run(async () => void (calls += 1));
    expect(calls).toBe(3);
  });
});
