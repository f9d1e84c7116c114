import type { Page } from '@playwright/test';
import { signIn } from '../support/auth.ts';
import { noViolations } from '../support/checks.ts';
import { expect, test } from '../support/fixtures.ts';

const menu = (page: Page) => page.getByRole('navigation', { name: 'Main menu' });

test('a group is created with members and filters the member list through the top-bar dropdown', async ({
  page,
}) => {
  await signIn(page, 'enterprise', 'owner@acme.example');

  await menu(page).getByRole('link', { name: 'Members' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Members' })).toBeVisible();
  await expect(page.getByText('63 members · Page 1 of 3')).toBeVisible();
  await noViolations(page);

  await menu(page).getByRole('link', { name: 'Groups' }).click();
  await expect(page.getByText('30 groups · Page 1 of 3')).toBeVisible();
  await noViolations(page);
  await page.getByRole('link', { name: 'Add group' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New group' })).toBeVisible();
  await page.getByRole('button', { name: 'Create group' }).click();
  await expect(page.getByText('Please enter a group name')).toBeVisible();

  await page.getByLabel('Group name').fill('Debate Club');
  for (const email of ['member01@acme.example', 'member02@acme.example']) {
    await page.getByRole('searchbox', { name: 'Find members' }).fill(email);
    const results = page.getByRole('list', { name: 'Matching members' });
    // Wait for this search's answer (the previous one may still be on screen during the pause).
    await results.getByRole('checkbox', { name: new RegExp(email) }).check();
    await expect(results.getByRole('checkbox')).toHaveCount(1);
  }
  await expect(page.getByText('2 members in this group')).toBeVisible();
  await noViolations(page);
  await page.getByRole('button', { name: 'Create group' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Debate Club' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Group members' }).getByRole('listitem')).toHaveCount(2);

  // Choose the group in the top bar; the member list narrows to it.
  await page.getByRole('button', { name: /Group filter/ }).click();
  const chooser = page.getByRole('dialog', { name: 'Choose a group' });
  await chooser.getByPlaceholder(/search/i).fill('Debate');
  await chooser.getByRole('button', { name: 'Debate Club' }).click();
  await menu(page).getByRole('link', { name: 'Members' }).click();
  await expect(page.getByText('People in Debate Club.')).toBeVisible();
  const rows = page.getByRole('table', { name: 'Members' }).getByRole('row');
  await expect(rows).toHaveCount(3);
  await expect(rows.filter({ hasText: 'member01@acme.example' })).toHaveCount(1);

  // Back to All Groups: everyone again.
  await page.getByRole('button', { name: /Group filter/ }).click();
  await page
    .getByRole('dialog', { name: 'Choose a group' })
    .getByRole('button', { name: 'All Groups' })
    .click();
  await expect(page.getByText('63 members · Page 1 of 3')).toBeVisible();

  // Delete asks first.
  await menu(page).getByRole('link', { name: 'Groups' }).click();
  await page.getByRole('searchbox', { name: 'Search groups' }).fill('Debate');
  await page.getByRole('button', { name: 'Delete Debate Club' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete Debate Club?' });
  await expect(confirm).toContainText('2 members stay in your organisation');
  await confirm.getByRole('button', { name: 'Delete group' }).click();
  await expect(page.getByText('No group matches your search')).toBeVisible();
});

test("an institution's buyers' group says whose buyers it holds, keeps the course's name and cannot be deleted", async ({
  page,
}) => {
  await signIn(page, 'enterprise', 'courses@pacifictraining.example');
  await menu(page).getByRole('link', { name: 'Groups' }).click();
  const buyers = page
    .getByRole('row')
    .filter({ hasText: /Buyers of “/ })
    .first();
  await expect(buyers).toBeVisible();
  const name = (await buyers.getByRole('link').first().textContent()) ?? '';
  expect(name).toMatch(/ · learners$/);
  // The seeded buyers were delivered like real purchases: the group has its learners.
  await expect(buyers).not.toContainText(/^0 members?$/);
  await expect(buyers.getByRole('button', { name: `Delete ${name}` })).toHaveCount(0);
  await noViolations(page);
  await buyers.getByRole('link').first().click();
  await expect(page.getByText(/People who buy the course “.+” join this group\./)).toBeVisible();
});
