import { useEffect, useRef, useState } from 'react';
import type { FormInstance } from 'antd';

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Whether every field of `values` holds the same in the form. */
function shows(form: FormInstance, values: object): boolean {
  return Object.entries(values).every(([field, value]) => same(form.getFieldValue(field), value));
}

/**
 * The version of an item that an edit in `form` is based on: the one the form was filled from.
 * A newer answer takes its place when nothing is lost by it: its form values are the same (a
 * list the form does not show has changed, the same values were read again), the form shows
 * them already (the answer of its save), or nothing was typed (the form is refilled with them).
 * Otherwise another user's change is left aside, `behind` says so, and a save of the form is
 * refused (412) instead of undoing that change unseen. `adopt` bases the edit, and refills the
 * form, on a version read on purpose (the current values loaded, the answer of a save).
 */
export function useEditBase<T extends object>(latest: T | undefined, formOf: (item: T) => object, form: FormInstance) {
  const [base, setBase] = useState(latest);
  if (
    latest !== undefined &&
    latest !== base &&
    (base === undefined || same(formOf(latest), formOf(base)) || shows(form, formOf(latest)) || shows(form, formOf(base)))
  ) {
    setBase(latest);
  }
  // The form is refilled when the version it edits shows other values; not on first filling it.
  const values = base === undefined ? undefined : JSON.stringify(formOf(base));
  const filled = useRef(values);
  useEffect(() => {
    if (values === filled.current) return;
    if (filled.current !== undefined) form.resetFields();
    filled.current = values;
  }, [form, values]);
  return { base, behind: base !== undefined && latest !== undefined && latest !== base, adopt: setBase };
}
