import path from 'node:path';
import type { Page } from '@playwright/test';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A picker row's checkbox (bulk assign's tasks and groups), named by its title followed by its details. */
export const pickerBox = (page: Page, name: string) =>
  page.getByRole('checkbox', { name: new RegExp(`^${escapeRegExp(name)}\\b`) });

/**
 * Full-page screenshots of the page as it is at 1280 and 390 px, into `dir` as `<name>-<width>.png`, when a
 * journey is run to look at its screens (`dir` set); then back to the default viewport.
 */
export const shootBothWidths = async (page: Page, dir: string | undefined, name: string) => {
  if (!dir) return;
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: path.join(dir, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
};
