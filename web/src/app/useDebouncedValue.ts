import { useEffect, useState } from 'react';

/** `value`, once it has stopped changing for `delay` ms (e.g. a search text as the user types). */
export function useDebouncedValue<T>(value: T, delay: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}
