import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { saveLanguage } from './auth.ts';

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

/** Bulk assign: the task found by its stamp, to the group found by `groupSearch`; checks the assignments were made. */
export const assignToGroup = async (
  page: Page,
  { stamp, title, group, groupSearch }: { stamp: string; title: string; group: string; groupSearch: string },
) => {
  await page.goto('/enterprise/tasks-library');
  await page.getByRole('link', { name: 'Bulk assign' }).click();
  await page.getByRole('searchbox', { name: 'Find tasks' }).fill(stamp);
  await pickerBox(page, title).check();
  await page.getByRole('searchbox', { name: 'Find groups' }).fill(groupSearch);
  await pickerBox(page, group).check();
  await page.getByRole('button', { name: 'Assign', exact: true }).click();
  await expect(page.getByText(/^\d+ new assignments? made$/)).toBeVisible();
};

/** The signed-in learner opens one of their tasks from My Tasks, found by its stamp. */
export const openMyTask = async (page: Page, { stamp, title }: { stamp: string; title: string }) => {
  await page.goto('/enterprise/my-tasks');
  await expect(page.locator('h1').first()).toBeVisible();
  // The journeys read the learner's screens in English: a learner who signed in on another language's login page
  // earlier on this server (the Arabic axe walk) has that language saved as theirs, and gets English back here.
  if ((await page.locator('html').getAttribute('lang')) !== 'en') {
    await saveLanguage(page, 'enterprise', 'en');
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  }
  await page.getByRole('searchbox', { name: 'Search my tasks' }).fill(stamp);
  await page.getByRole('link', { name: title }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
};

/**
 * The signed-in reviewer opens Lee Learner's completed `title` from the dashboard's list to review, found by its
 * stamp. The list narrows a moment after the search is typed: a click while its rows are being replaced can land
 * on a row that goes, and nothing opens (seen once on a slow machine), so the click waits for the narrowed list,
 * whose rows but the header all carry the stamp.
 */
export const openReview = async (page: Page, { stamp, title }: { stamp: string; title: string }) => {
  const pending = page.getByRole('region', { name: 'Completed tasks to review' });
  await pending.getByRole('searchbox', { name: 'Search completed tasks' }).fill(stamp);
  await expect(pending.getByRole('row').filter({ hasNotText: stamp })).toHaveCount(1);
  await pending.getByRole('link', { name: `Review ${title} by Lee Learner` }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
};

/**
 * The owner creates a Read & Record task with this passage and assigns it to a group, found by its stamp in the title
 * (the speech journeys' first step).
 */
export const setReadAndRecordTask = async (
  page: Page,
  {
    passage,
    title,
    stamp,
    group,
    groupSearch,
  }: { passage: string; title: string; stamp: string; group: string; groupSearch: string },
) => {
  await page.goto('/enterprise/create-task');
  await page.getByRole('button', { name: /^Read & Record\s*Learners/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New Read & Record task' })).toBeVisible();
  await page.getByLabel('Passage', { exact: true }).fill(passage);
  await page.getByLabel('Title', { exact: true }).fill(title);
  await page.getByRole('button', { name: 'Create task' }).click();
  await expect(page.getByText('Task created successfully')).toBeVisible();
  await assignToGroup(page, { stamp, title, group, groupSearch });
};

/**
 * The learner records the open task's passage for about `seconds` (the fake microphone loops its file), stops, and
 * the take is saved.
 */
export const recordThePassage = async (page: Page, seconds: number) => {
  await page.getByRole('button', { name: 'Record the passage' }).click();
  await expect(page.getByRole('timer')).toBeVisible();
  await page.waitForTimeout(Math.round(seconds * 1000));
  await page.getByRole('button', { name: 'Stop recording the passage' }).click();
  await expect(page.getByText('Saved', { exact: true })).toBeVisible();
};

/** A stamp for this run's titles: month, day, hours, minutes, seconds and tenths (a journey finds its own task by it). */
export const runStamp = () =>
  new Date()
    .toISOString()
    .replace(/[-:T.Z]/g, '')
    .slice(4, 14);
