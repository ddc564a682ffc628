import '@testing-library/jest-dom/vitest';
import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { LANGUAGES, loadLanguage, loadStartLanguage } from '../i18n';
import '../app/dates';

// findBy… and waitFor wait up to 10 s, not 1: on a busy machine a screen can take longer to
// show than the default, which made a test fail in CI though nothing was wrong.
configure({ asyncUtilTimeout: 10_000 });

// Tests render in any language at once: every language's texts are here before they start.
await Promise.all(LANGUAGES.map(loadLanguage));
await loadStartLanguage();

// jsdom lacks what antd's responsive and resize-aware components use.
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    configurable: true,
    value: (query: string): MediaQueryList => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }),
  });
}

if (!('ResizeObserver' in window)) {
  class ResizeObserverStub {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  Object.defineProperty(window, 'ResizeObserver', { writable: true, configurable: true, value: ResizeObserverStub });
  Object.defineProperty(globalThis, 'ResizeObserver', { writable: true, configurable: true, value: ResizeObserverStub });
}

// jsdom does not implement getComputedStyle for pseudo-elements; antd asks for them.
const computedStyle = window.getComputedStyle.bind(window);
window.getComputedStyle = (elt: Element) => computedStyle(elt);

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});
