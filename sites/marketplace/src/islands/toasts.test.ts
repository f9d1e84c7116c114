// @vitest-environment jsdom
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { notify } from './toasts.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
// jsdom has no matchMedia; react-hot-toast asks it whether to animate.
window.matchMedia = () => ({ matches: true }) as MediaQueryList;

const wait = (ms: number) => act(async () => new Promise((resolve) => setTimeout(resolve, ms)));
const shown = () => [...document.querySelectorAll('[role="status"]')].map((toast) => toast.textContent);

describe('the toasts (spec §8)', () => {
  it('a toast taken away by a new attempt leaves the page before its time, the others stay', async () => {
    // Nothing shown yet: nothing to take away, and nothing loads.
    notify.dismiss('success', 'Thank you!');
    await act(async () => {
      notify.success('Thank you!');
      notify.error('Something went wrong');
    });
    await wait(100);
    expect(shown()).toEqual(['Something went wrong', 'Thank you!']);
    await act(async () => notify.dismiss('success', 'Thank you!'));
    // Gone after its exit (1 s), well before its 4 s.
    await wait(1_200);
    expect(shown()).toEqual(['Something went wrong']);
  });
});
