import type { Page } from '@playwright/test';
import { signIn } from '../support/auth.ts';
import { noViolations } from '../support/checks.ts';
import { expect, test } from '../support/fixtures.ts';

const myProgress = (page: Page) =>
  page.locator('section').filter({ has: page.getByRole('heading', { name: 'My progress', exact: true }) });
const shots = process.env.E2E_SHOTS;

test('a learner lands on My progress with their own tasks and none of the company figures', async ({
  page,
}) => {
  await signIn(page, 'enterprise', 'learner@acme.example');
  await expect(page).toHaveURL(/\/enterprise\/dashboard$/);
  const mine = myProgress(page);
  await expect(mine.getByRole('heading', { name: 'Tasks to do' })).toBeVisible();
  // The seed gives Lee the reflection (started) among the tasks of their first group.
  const tasks = mine.locator('section').filter({ has: page.getByRole('heading', { name: 'Tasks to do' }) });
  await expect(tasks.getByRole('link').first()).toBeVisible();
  await expect(mine.getByLabel('Your practice').getByText('Streak')).toBeVisible();
  await expect(mine.getByRole('heading', { name: 'Your speaking' })).toBeVisible();
  await expect(mine.getByRole('heading', { name: 'Videos to watch' })).toBeVisible();
  // The seeded pulse survey, sent to the learner's office, waits for an answer.
  const surveys = mine
    .locator('section')
    .filter({ has: page.getByRole('heading', { name: 'Surveys to answer' }) });
  await expect(surveys.getByRole('link', { name: 'Team communication pulse' })).toHaveAttribute(
    'href',
    /\/enterprise\/my-tasks\/survey\//,
  );
  // No company figures: not the members, groups and activity of the enterprise.
  await expect(page.getByRole('heading', { name: /^Company activity/ })).toHaveCount(0);
  await expect(page.getByLabel('Key figures')).toHaveCount(0);
  // No group picker either: nothing the learner opens is narrowed by a group.
  await expect(page.getByRole('button', { name: /^Group filter/ })).toHaveCount(0);
  await expect(page.getByText('All Groups')).toHaveCount(0);
  // Dashboard is in the learner's menu.
  await expect(
    page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Dashboard' }),
  ).toBeVisible();
  await noViolations(page);
  if (shots) {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.screenshot({ path: `${shots}/learner-1280.png`, fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `${shots}/learner-390.png`, fullPage: true });
    await noViolations(page);
    await page.setViewportSize({ width: 1280, height: 900 });
  }

  // A task of the list opens that task.
  const first = tasks.getByRole('link').first();
  const title = (await first.textContent()) ?? '';
  await first.click();
  await expect(page).toHaveURL(/\/enterprise\/my-tasks\/view\//);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(title.replace('…', '').slice(0, 20));
});

test("the owner's home opens on the company's activity, their own progress after it if they have any", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await signIn(page, 'enterprise', 'owner@acme.example');
  const company = page.getByRole('heading', { name: 'Company activity', exact: true });
  await expect(company).toBeVisible();
  await expect(page.getByLabel('Key figures').getByText('Members', { exact: true })).toBeVisible();
  await expect(page.locator('.activity-chart canvas')).toBeVisible();
  // The company's figures are on the first screen, not below the owner's zeroed practice.
  await expect(company).toBeInViewport();
  await expect(page.getByLabel('Key figures')).toBeInViewport();
  const own = page.getByRole('heading', { name: 'My progress', exact: true });
  if ((await own.count()) > 0) {
    const [companyBox, ownBox] = [await company.boundingBox(), await own.boundingBox()];
    expect((ownBox?.y ?? 0) > (companyBox?.y ?? 0), 'My progress comes after the company activity').toBe(
      true,
    );
  }
  await expect(page.getByRole('button', { name: 'Group filter: All Groups' })).toBeVisible();
  await noViolations(page);
  if (shots) {
    await page.screenshot({ path: `${shots}/owner-1280.png`, fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `${shots}/owner-390.png`, fullPage: true });
  }
});
