import { useLayoutEffect, useState, type RefObject } from 'react';

/**
 * The height of an element, kept up to date as it is resized (e.g. for a virtual list that
 * must be told its height). `fallback` is used until it is measured, and where nothing is laid
 * out (tests).
 */
export function useElementHeight(ref: RefObject<HTMLElement | null>, fallback: number): number {
  const [height, setHeight] = useState(fallback);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => setHeight(el.clientHeight > 0 ? el.clientHeight : fallback);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref, fallback]);
  return height;
}
