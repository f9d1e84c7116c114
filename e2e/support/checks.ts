import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** The WCAG levels every journey holds its screens to. */
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21aa'];

/**
 * axe on a page, for every scan of the journeys. Legacy mode runs axe.run in the page itself: the default mode
 * gathers each frame's partial results and then opens a blank page to merge them, which doubled the time of a scan
 * (about 4 s instead of 1.5 under the journeys' load, hundreds of scans a run). What legacy mode leaves out is a
 * cross-origin frame, and the product's pages can hold none (their CSP's default-src 'self' covers frames).
 * Only violations are worked out in full (resultTypes): axe otherwise builds a selector for every passing node as
 * well, which nothing here reads; the English enterprise walk's 66 scans took 58.9 s instead of 69.4 s.
 */
export const axeOn = (page: Page) =>
  new AxeBuilder({ page }).setLegacyMode().options({ resultTypes: ['violations'] });

/** axe finds nothing on the page once it has settled; a failure names each rule and the elements breaking it. */
export const noViolations = async (page: Page) => {
  // A toast sliding in is half transparent for a moment, and axe would measure its faded text: wait until every
  // animation with an end has ended (a spinner's endless one never does, so it is left out).
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (a) =>
          a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Number.POSITIVE_INFINITY,
      ),
  );
  const { violations } = await axeOn(page).withTags(AXE_TAGS).analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
};

/**
 * Nothing sticks out sideways: the page scrolls only down. Polled, because a resize reaches React a frame
 * later (the off-canvas menu switches on a media-query listener), and what counts is the settled layout.
 */
export const noSideways = async (page: Page) => {
  await expect
    .poll(
      () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
      {
        message: `${page.url()} is wider than the screen`,
      },
    )
    .toBeLessThanOrEqual(0);
};
