// @vitest-environment jsdom
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { notify } from './toasts.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
// jsdom has no matchMedia; react-hot-toast asks it whether to animate.
window.matchMedia = () => ({ matches: true }) as MediaQueryList;

const wait = (ms: number) => act(async () => new Promise((resolve) => setTimeout(resolve, ms)));
const shown = () => [...document.querySelectorAll('[role="status"]')].map((toast) => toast.textContent);
/**
 * Waits (inside act) until the toasts shown are `expected`: the toaster is loaded on the first toast, which on a
 * busy machine takes longer than any fixed wait (a clean-clone CI found none shown after 100 ms).
 */
const until = async (expected: string[], timeoutMs = 10_000) => {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && JSON.stringify(shown()) !== JSON.stringify(expected)) await wait(50);
  expect(shown()).toEqual(expected);
};

describe('the toasts (spec §8)', () => {
  it('a toast taken away by a new attempt leaves the page before its time, the others stay', async () => {
    // Nothing shown yet: nothing to take away, and nothing loads.
    notify.dismiss('success', 'Thank you!');
    await act(async () => {
      notify.success('Thank you!');
      notify.error('Something went wrong');
    });
    await until(['Something went wrong', 'Thank you!']);
    await act(async () => notify.dismiss('success', 'Thank you!'));
    // Gone after its exit (1 s), well before its 4 s (the other, shown as long, stays).
    await until(['Something went wrong'], 2_500);
  });
});
