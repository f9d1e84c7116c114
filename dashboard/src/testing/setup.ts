import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach, beforeEach } from 'vitest';
import { applyLanguage, i18n, NAMESPACES, namespacesReady, needNamespaces } from '../i18n/index.ts';
import { createQueryClient, setQueryClient } from '../lib/query-client.ts';

// Routes are lazy-loaded: on a cold run (a fresh clone in CI) Vite transforms each route module on first
// import, which can take longer than Testing Library's 1 s default before the screen appears.
configure({ asyncUtilTimeout: 5000 });

// Every English namespace is in before any test, as the route loader would have it before its screen: components
// rendered alone find their strings too (a language switch in a test then loads them all in that language).
needNamespaces(NAMESPACES);
await namespacesReady();

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

// Each test starts with an empty query cache and sees a failed read at once (no retries).
beforeEach(() => {
  setQueryClient(createQueryClient({ retry: false }));
});

afterEach(async () => {
  cleanup();
  // The toasts' store outlives a test file when files share their modules (vitest.config.ts): none carries over.
  toast.remove();
  localStorage.clear();
  // A test that chose another language leaves the next one in English.
  if (i18n.language !== 'en') await applyLanguage('en');
});
