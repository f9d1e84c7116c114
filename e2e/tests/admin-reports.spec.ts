import { readFileSync } from 'node:fs';
import { signIn } from '../support/auth.ts';
import { noViolations } from '../support/checks.ts';
import { expect, test } from '../support/fixtures.ts';

/**
 * The platform admin's dashboard figures and chart, All Members Usage filtered to Acme with its CSV
 * download, App User Counts with the honest mobile sync, and an enterprise's usage and members.
 */

test('the admin reads the platform figures, a member usage report and its CSV', async ({ page }) => {
  await signIn(page, 'admin', 'admin@coach.example');
  await page.goto('/admin/dashboard');
  await expect(page.getByRole('heading', { name: 'Platform activity' })).toBeVisible();
  const stats = page.locator('dl[aria-label="Platform figures"]');
  await expect(stats).toContainText('Enterprises');
  await expect(stats).toContainText('Active learners');
  await expect(page.locator('.activity-chart canvas')).toBeVisible();
  // The period's radios sit hidden inside the labels a user clicks.
  await page.getByRole('group', { name: 'Period' }).getByText('7 days').click();
  await expect(page.getByRole('radio', { name: '7 days' })).toBeChecked();
  await expect(stats).toContainText('In the last 7 days');
  await noViolations(page);

  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await menu.getByRole('button', { name: 'Reports' }).click();
  await menu.getByRole('link', { name: 'All Members Usage' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'All Members Usage' })).toBeVisible();
  await page.getByLabel('Enterprise').selectOption({ label: 'Acme Learning' });
  await page.getByRole('searchbox', { name: 'Search members' }).fill('learner@acme');
  const row = page.getByRole('row').filter({ hasText: 'Lee Learner' });
  await expect(row).toContainText('Acme Learning');
  await expect(page.getByRole('row')).toHaveCount(2);
  await noViolations(page);

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^members-usage-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = readFileSync((await download.path()) ?? '', 'utf8');
  const lines = csv.trimEnd().split('\r\n');
  expect(lines[0]).toBe(
    'Member,Email,Enterprise,Tasks completed,Minutes practised,Videos watched,Last active',
  );
  expect(lines).toHaveLength(2);
  expect(lines[1]).toMatch(/^Lee Learner,learner@acme\.example,Acme Learning,\d+,\d+,\d+,/);
  await expect(page.getByText('1 member exported')).toBeVisible();

  // The filters live in the address: a reload (or the link shared) keeps the enterprise.
  await expect(page).toHaveURL(/[?&]enterprise=/);
  await page.reload();
  await expect(page.getByLabel('Enterprise')).toHaveValue(/.+/);
  await expect(page.getByLabel('Enterprise').locator('option:checked')).toHaveText('Acme Learning');

  // A reversed range (both days past: a day after today has a message of its own).
  await page.getByLabel('From', { exact: true }).fill('2026-11-30');
  await page.getByLabel('To', { exact: true }).fill('2026-01-01');
  await expect(page.getByText('The start date must not be after the end date').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Export CSV' })).toBeDisabled();
});

test('the admin counts app users by platform and asks for a mobile sync', async ({ page }) => {
  await signIn(page, 'admin', 'admin@coach.example');
  await page.goto('/admin/reports/app-user-counts');
  await expect(page.getByRole('heading', { level: 1, name: 'App User Counts' })).toBeVisible();
  const stats = page.locator('dl[aria-label="Users by platform"]');
  await expect(stats).toContainText('Web users');
  await expect(stats).toContainText('iOS users');
  await expect(page.getByRole('table', { name: 'Users by enterprise and platform' })).toContainText(
    'Acme Learning',
  );
  await page.getByRole('button', { name: 'Sync mobile app data' }).click();
  await expect(
    page.getByText('No mobile push service is configured, so nothing was synchronised'),
  ).toBeVisible();
  await noViolations(page);

  await page.goto('/admin/reports/feature-usage');
  await expect(page.getByRole('heading', { level: 1, name: 'Feature Usage' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Tasks completed by type' })).toContainText(
    'Multiple Choice Question',
  );
  await expect(
    page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Feature Usage' }),
  ).toHaveCount(0);
});

test("an enterprise's detail shows its usage and its members", async ({ page }) => {
  await signIn(page, 'admin', 'admin@coach.example');
  await page.goto('/admin/enterprises');
  await page.getByRole('link', { name: 'Acme Learning' }).click();
  const usage = page.getByRole('region', { name: 'Usage' });
  await expect(usage).toContainText('Active learners');
  await expect(usage).toContainText('Minutes practised');
  const members = page.getByRole('region', { name: 'Members' });
  await members.getByRole('searchbox', { name: "Search this enterprise's members" }).fill('Lee');
  await members.getByLabel('Status').selectOption('Active');
  await expect(members.getByRole('row').filter({ hasText: 'learner@acme.example' })).toContainText('Active');
  await noViolations(page);
});
