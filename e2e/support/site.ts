import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Waits until the React island holding `control` is live, so a click on it counts. Islands hydrate when the
 * browser is idle or when they come into view, and a click before that does nothing; Astro drops `ssr` from an
 * island once it is hydrated. Only the control's own island is awaited: an island further down the page may
 * stay unhydrated until it is scrolled to.
 */
export const islandLive = async (page: Page, control: Locator) => {
  await expect(control).toBeVisible();
  // Idle comes late on a loaded machine (two journeys and their browsers on two cores): up to 30 s, not the 10 s
  // an assertion waits by default (CI once saw the island still waiting after 10 s, with nothing wrong in it).
  await expect(page.locator('astro-island[ssr]').filter({ has: control })).toHaveCount(0, {
    timeout: 30_000,
  });
};
