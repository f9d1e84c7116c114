import { readFileSync } from 'node:fs';
import { signIn } from '../support/auth.ts';
import { noViolations } from '../support/checks.ts';
import { expect, test } from '../support/fixtures.ts';

/**
 * The owner reads Acme's reports for the top-bar group and a period, sorts and searches the
 * members, downloads a table as CSV and opens a member; the staff role (no `reports`) is refused.
 */

const GROUP = 'Sales Onboarding';
const isoDaysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

test('the owner filters the reports by group and period and downloads the members as CSV', async ({
  page,
}) => {
  await signIn(page, 'enterprise', 'owner@acme.example');
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Reports' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
  const figures = page.locator('dl[aria-label="Key figures"]');
  await expect(figures).toContainText('Active members');
  await expect(page.getByRole('table', { name: 'Tasks by type' })).toContainText('Pronunciation');
  await expect(page.getByRole('table', { name: 'Scores by task type' })).toContainText('Read & Record');
  await expect(page.getByText(/^\d+ members · Page 1 of \d+$/)).toBeVisible();
  const everyone = Number((await page.getByText(/^\d+ members · Page/).textContent())?.split(' ')[0]);
  await noViolations(page);

  // The top-bar group: the figures and the table are the group's.
  const groupAsked = page.waitForRequest(
    (request) =>
      request.url().includes('/reports/get-enterprise-report') && request.url().includes('groupId='),
  );
  await page.getByRole('button', { name: /Group filter: All Groups/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Choose a group' });
  await dialog.getByPlaceholder(/search/i).fill('Sales');
  await dialog.getByRole('button', { name: GROUP }).click();
  await groupAsked;
  await expect(page.getByText(`Activity and progress of the members of ${GROUP}.`)).toBeVisible();
  const summary = page.getByText(/^\d+ members? · Page 1 of \d+$/);
  await expect(summary).toBeVisible();
  await expect.poll(async () => Number((await summary.textContent())?.split(' ')[0])).toBeLessThan(everyone);

  // A preset period, then a custom one.
  const weekAsked = page.waitForRequest(
    (request) =>
      request.url().includes('/reports/get-enterprise-report') &&
      request.url().includes(`startDate=${isoDaysAgo(6)}`),
  );
  await page.getByRole('group', { name: 'Period' }).getByText('Last 7 days').click();
  await weekAsked;
  await expect(page.getByRole('radio', { name: 'Last 7 days' })).toBeChecked();
  await page.getByRole('group', { name: 'Period' }).getByText('Custom').click();
  await page.getByLabel('From', { exact: true }).fill(isoDaysAgo(60));
  await expect(page.locator('.activity-chart canvas')).toBeVisible();
  await expect(page.locator('.reports__period')).toContainText(' – ');
  await page.getByLabel('To', { exact: true }).fill(isoDaysAgo(90));
  await expect(page.getByText('The start date must not be after the end date').first()).toBeVisible();
  await page.getByLabel('To', { exact: true }).fill(isoDaysAgo(0));
  await expect(figures).toBeVisible();
  await noViolations(page);

  // Sorted and searched; the CSV holds what the table shows.
  const members = page.getByRole('table', { name: 'Members' });
  await members.getByRole('button', { name: 'Completed' }).click();
  await expect(members.getByRole('columnheader', { name: 'Completed' })).toHaveAttribute(
    'aria-sort',
    'ascending',
  );
  await page.getByRole('searchbox', { name: 'Search members' }).fill('learner@acme');
  await expect(members.getByRole('row')).toHaveCount(2);
  await expect(members.getByRole('link', { name: 'Lee Learner' })).toBeVisible();

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV of members' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`report-members-${isoDaysAgo(60)}-to-${isoDaysAgo(0)}.csv`);
  const lines = readFileSync((await download.path()) ?? '', 'utf8')
    .trimEnd()
    .split('\r\n');
  expect(lines[0]).toBe(
    'Member,Email,Active days,Tasks assigned,Tasks completed,Tasks overdue,Videos watched,Last active',
  );
  expect(lines).toHaveLength(2);
  expect(lines[1]).toMatch(/^Lee Learner,learner@acme\.example,\d+,\d+,\d+,\d+,\d+,(\d{4}-\d{2}-\d{2})?$/);
  await expect(page.getByText('1 row exported')).toBeVisible();

  const byType = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV of tasks by type' }).click();
  const tasksCsv = readFileSync((await (await byType).path()) ?? '', 'utf8').split('\r\n');
  expect(tasksCsv[0]).toBe('Task type,Assigned,Completed,Overdue');
  expect(tasksCsv).toContainEqual(expect.stringMatching(/^Pronunciation,\d+,\d+,\d+$/));

  await expect(page.getByRole('heading', { name: 'Survey response rates' })).toBeVisible();
  const surveysDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV of survey response rates' }).click();
  const surveysCsv = readFileSync((await (await surveysDownload).path()) ?? '', 'utf8').split('\r\n');
  expect(surveysCsv[0]).toBe('Survey,Status,Members assigned,Responded,Response rate (%)');

  // The drill-down: the member's own page.
  await members.getByRole('link', { name: 'Lee Learner' }).click();
  await expect(page).toHaveURL(/\/enterprise\/member\/detail\//);
  await expect(page.getByRole('heading', { level: 1, name: 'Lee Learner' })).toBeVisible();
});

test('a role without the reports permission is refused the reports', async ({ page }) => {
  await signIn(page, 'enterprise', 'staff@acme.example');
  await expect(
    page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Reports' }),
  ).toHaveCount(0);
  await page.goto('/enterprise/reports');
  await expect(page).toHaveURL(/\/enterprise\/unauthorized/);
});
