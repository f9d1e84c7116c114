import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { applyLanguage, i18n } from '../i18n/index.ts';

// Routes are lazy-loaded: on a cold run (a fresh clone in CI) Vite transforms each route module on first
// import, which can take longer than Testing Library's 1 s default before the screen appears.
configure({ asyncUtilTimeout: 5000 });

// jsdom lacks these browser APIs that radix (floating-ui, pointer capture) relies on.
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= ResizeObserverStub as unknown as typeof ResizeObserver;
Element.prototype.hasPointerCapture ??= () => false;
Element.prototype.releasePointerCapture ??= () => {};
Element.prototype.scrollIntoView ??= () => {};
window.matchMedia ??= (query: string) =>
  ({
    matches: false,
    media: query,
    onchange: null,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
    dispatchEvent: () => false,
  }) as MediaQueryList;

afterEach(async () => {
  cleanup();
  localStorage.clear();
  // A test that chose another language leaves the next one in English.
  if (i18n.language !== 'en') await applyLanguage('en');
});
