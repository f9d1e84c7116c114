import path from 'node:path';
import type { Page } from '@playwright/test';
import { enterCode, logOut, requestEmailCode, signIn, submitPassword } from '../support/auth.ts';
import { noViolations } from '../support/checks.ts';
import { expect, test } from '../support/fixtures.ts';
import { outboxMark, readLinkPath } from '../support/outbox.ts';

const rows = (page: Page) => page.getByRole('table', { name: 'Members' }).getByRole('row');

test('an admin invites a member, who sets a password from the email and signs in', async ({ page }) => {
  const email = 'nina.new@acme.example';
  await signIn(page, 'enterprise', 'owner@acme.example');
  await page.goto('/enterprise/members');
  await page.getByRole('button', { name: 'Invite member' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite a member' });
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(dialog.getByText('Please enter the name')).toBeVisible();
  await noViolations(page);

  await dialog.getByLabel('Name').fill('Nina New');
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByRole('searchbox', { name: 'Find groups' }).fill('Mentors');
  await dialog.getByRole('checkbox', { name: 'Mentors' }).check();
  const mark = outboxMark(email);
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('searchbox', { name: 'Search members' }).fill('nina.new@');
  await expect(rows(page).nth(1)).toContainText('Invited');
  await expect(rows(page).nth(1)).toContainText('Mentors');
  // The first mail went astray: the admin sends it again from the row, and the first link stops working.
  const first = await readLinkPath(email, mark);
  const again = outboxMark(email);
  await rows(page).nth(1).getByRole('button', { name: 'Resend invitation to Nina New' }).click();
  await expect(page.getByText(`Invitation sent again to ${email}`)).toBeVisible();

  // The member opens the emailed link in their own browser.
  const link = await readLinkPath(email, again);
  expect(link).not.toBe(first);
  await logOut(page);
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Welcome! Choose your password' })).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill('Nina-speaks-2026');
  await page.getByLabel('Confirm password', { exact: true }).fill('Nina-speaks-2026');
  await page.getByRole('button', { name: 'Set password' }).click();
  // On to sign in, their address filled in.
  await expect(page).toHaveURL(/\/login\?email=nina\.new%40acme\.example$/);
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(email);

  await submitPassword(page, email, 'Nina-speaks-2026');
  await enterCode(page, await requestEmailCode(page, email));
  await expect(page).toHaveURL(/\/enterprise\/dashboard$/);
  await expect(page.locator('.user-menu__trigger')).toContainText('Nina New');
});

test('a CSV with one bad row imports the good rows and reports the bad one', async ({ page }) => {
  await signIn(page, 'enterprise', 'owner@acme.example');
  await page.goto('/enterprise/members');
  await page.getByRole('button', { name: 'Import CSV' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import members from CSV' });
  await dialog
    .getByLabel('Choose CSV file')
    .setInputFiles(path.join(import.meta.dirname, '../fixtures/members.csv'));
  await expect(dialog.getByText('members.csv')).toBeVisible();
  await dialog.getByRole('button', { name: 'Import' }).click();
  const result = dialog.getByRole('region', { name: 'Import result' });
  await expect(result).toContainText('2 imported and invited');
  await expect(result).toContainText('1 row refused');
  await expect(result.getByRole('row').nth(1)).toContainText('3');
  await expect(result.getByRole('row').nth(1)).toContainText('No role is named "Pilot"');
  await noViolations(page);
  await dialog.getByRole('button', { name: 'Done' }).click();

  await page.getByRole('searchbox', { name: 'Search members' }).fill('@csv.acme.example');
  await expect(rows(page)).toHaveCount(3);
  await expect(page.getByRole('table', { name: 'Members' })).toContainText('Carla Csv');
  await expect(page.getByRole('table', { name: 'Members' })).not.toContainText('Bob Bad');

  // The member's detail page shows their profile and groups.
  await page.getByRole('link', { name: 'Carla Csv' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Carla Csv' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Groups' })).toContainText('Customer Success');
  await expect(page.getByText('No sign-ins in the last 12 weeks.')).toBeVisible();
  await noViolations(page);
});
