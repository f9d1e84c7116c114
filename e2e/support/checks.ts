import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, type Page } from '@playwright/test';
import type { Result } from 'axe-core';

/** The WCAG levels every journey holds its screens to. */
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21aa'];

/** axe-core's minified build, read once per worker. */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * axe's violations of the given WCAG tags on the page as it is, for every scan of the journeys. axe-core is put into
 * the page once per document and run there (axe.run, its documented API for an integration): @axe-core/playwright
 * evaluated its 1.5 MB unminified source twice per scan, hundreds of scans a run, and its default mode besides
 * opened a blank page to merge each frame's results. What running in the page leaves out is a cross-origin frame,
 * and the product's pages can hold none (their CSP's default-src 'self' covers frames). Only violations are worked
 * out in full (resultTypes): axe otherwise builds a selector for every passing node as well, which nothing here
 * reads.
 */
export const axeViolations = async (page: Page, tags: string[]): Promise<Result[]> => {
  const loaded = await page.evaluate(
    () => typeof (window as { axe?: { run?: unknown } }).axe?.run === 'function',
  );
  if (!loaded) await page.evaluate(AXE_SOURCE);
  const results = await page.evaluate(
    (values) =>
      (window as unknown as { axe: typeof import('axe-core') }).axe.run(document, {
        runOnly: { type: 'tag', values },
        resultTypes: ['violations'],
      }),
    tags,
  );
  return results.violations;
};

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
  const violations = await axeViolations(page, AXE_TAGS);
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
