import { useState } from 'react';

/** The side-bar's width: its default and the bounds a drag keeps it in (px). */
export const SIDER_DEFAULT = 300;
export const SIDER_MIN = 240;
export const SIDER_MAX = 640;
/** localStorage key: the width stays with the browser, across sessions. */
export const SIDER_STORAGE_KEY = 'vigia.sidebarWidth';
/** What one arrow key press moves the edge by. */
const STEP = 16;

const clamp = (width: number) => Math.min(SIDER_MAX, Math.max(SIDER_MIN, Math.round(width)));

/** The side-bar's width as the user last left it on this browser, and its setter (kept in bounds). */
export function useSiderWidth(): [number, (width: number) => void] {
  const [width, setWidth] = useState(() => {
    const stored = Number(localStorage.getItem(SIDER_STORAGE_KEY));
    return stored > 0 ? clamp(stored) : SIDER_DEFAULT;
  });
  const resize = (next: number) => {
    const w = clamp(next);
    setWidth(w);
    try {
      localStorage.setItem(SIDER_STORAGE_KEY, String(w));
    } catch {
      // Without storage the width lasts for this page only.
    }
  };
  return [width, resize];
}

/**
 * The side-bar's edge: dragged, or moved with the arrow keys when focused, it resizes the
 * side-bar (a vertical window splitter, as WAI-ARIA describes it).
 */
export function SiderHandle({ width, onResize, label }: { width: number; onResize: (width: number) => void; label: string }) {
  const [drag, setDrag] = useState<{ x: number; width: number }>();
  return (
    <div
      role="separator"
      aria-orientation="vertical"
      aria-label={label}
      aria-valuemin={SIDER_MIN}
      aria-valuemax={SIDER_MAX}
      aria-valuenow={width}
      tabIndex={0}
      className="vigia-sider-handle"
      onPointerDown={(e) => {
        e.currentTarget.setPointerCapture(e.pointerId);
        setDrag({ x: e.clientX, width });
      }}
      onPointerMove={(e) => drag && onResize(drag.width + e.clientX - drag.x)}
      onPointerUp={() => setDrag(undefined)}
      onPointerCancel={() => setDrag(undefined)}
      onKeyDown={(e) => {
        const step = e.key === 'ArrowLeft' ? -STEP : e.key === 'ArrowRight' ? STEP : 0;
        if (step === 0) return;
        e.preventDefault();
        onResize(width + step);
      }}
    />
  );
}
