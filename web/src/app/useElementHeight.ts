import { useLayoutEffect, useState, type RefObject } from 'react';

/**
 * The height of an element, kept up to date as it is resized (e.g. for a virtual list that
 * must be told its height), and whether it has been measured: `fallback` is used until it is,
 * and where nothing is laid out (a hidden drawer, tests).
 */
export function useElementHeight(ref: RefObject<HTMLElement | null>, fallback: number): [height: number, measured: boolean] {
  const [height, setHeight] = useState<number | undefined>(undefined);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => setHeight(el.clientHeight > 0 ? el.clientHeight : undefined);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref]);
  return [height ?? fallback, height !== undefined];
}
