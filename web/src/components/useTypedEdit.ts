import { useState } from 'react';

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * An edit held in state, of the item `latest` (its last read; `formOf` gives its values as the
 * fields show them): the values follow it until some are typed (or `start` is given), which are
 * then based on the version they were typed over. A newer version with the same values takes
 * its place; one with other values, another user's change, is left aside and `behind` says so,
 * so that a save based on the version typed over is refused (412) instead of undoing that change
 * unseen. `clear` drops the typed values: the fields show the item read.
 */
export function useTypedEdit<T, F>(latest: T, formOf: (item: T) => F, start?: F) {
  const [typed, setTyped] = useState<{ values: F; base: T } | undefined>(() => (start === undefined ? undefined : { values: start, base: latest }));
  const behind = typed !== undefined && !same(formOf(typed.base), formOf(latest));
  const base = behind ? typed.base : latest;
  return {
    values: typed?.values ?? formOf(latest),
    typed: typed !== undefined,
    base,
    behind,
    type: (values: F) => setTyped({ values, base }),
    clear: () => setTyped(undefined),
  };
}
