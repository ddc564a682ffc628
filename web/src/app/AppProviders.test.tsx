import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { theme } from 'antd';
import { AntProviders } from './AppProviders';

/** A matchMedia whose reduced-motion query matches while `reduce.on`, telling its listeners of changes. */
function systemMotion(reduce: { on: boolean }) {
  const listeners = new Set<() => void>();
  vi.stubGlobal('matchMedia', (query: string) => ({
    get matches() {
      return reduce.on && query === '(prefers-reduced-motion: reduce)';
    },
    media: query,
    addEventListener: (_: string, l: () => void) => listeners.add(l),
    removeEventListener: (_: string, l: () => void) => listeners.delete(l),
  }));
  return (on: boolean) => {
    reduce.on = on;
    listeners.forEach((l) => l());
  };
}

/** Shows whether antd's components animate (its theme's motion), as they read it. */
function Motion() {
  const { token } = theme.useToken();
  return <p>{token.motion ? 'animado' : 'sin animación'}</p>;
}

afterEach(() => vi.unstubAllGlobals());

describe('AntProviders', () => {
  it("animates dialogs, lists and messages unless the user's system asks for reduced motion, following its changes", () => {
    const change = systemMotion({ on: false });
    render(
      <AntProviders>
        <Motion />
      </AntProviders>,
    );
    expect(screen.getByText('animado')).toBeInTheDocument();
    act(() => change(true));
    expect(screen.getByText('sin animación')).toBeInTheDocument();
    act(() => change(false));
    expect(screen.getByText('animado')).toBeInTheDocument();
  });
});
