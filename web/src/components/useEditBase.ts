import { useState } from 'react';

/**
 * The version of an item that an edit is based on: the one its form was filled from. A newer
 * answer takes its place when the form would show the same values (a list the form does not
 * show has changed, the same values were read again); one with other values, another user's
 * change, is left aside, so that a save of the form is refused (412) instead of undoing that
 * change unseen. `adopt` bases the edit on a version read on purpose (the current values loaded).
 */
export function useEditBase<T extends object>(latest: T | undefined, formOf: (item: T) => unknown) {
  const [base, setBase] = useState(latest);
  if (latest !== undefined && latest !== base && (base === undefined || JSON.stringify(formOf(latest)) === JSON.stringify(formOf(base)))) {
    setBase(latest);
  }
  return { base: base ?? latest, adopt: setBase };
}
