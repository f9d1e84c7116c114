import { roles } from '@coach/shared/contract/roles';
import type { Page } from '@playwright/test';
import { logOut, signIn } from '../support/auth.ts';
import { noViolations } from '../support/checks.ts';
import { expect, test } from '../support/fixtures.ts';

const rolesTable = (page: Page) => page.getByRole('table', { name: 'Roles' });
const row = (page: Page, name: string) => rolesTable(page).getByRole('row').filter({ hasText: name });

test('an admin creates, edits and deletes a role, with confirmation', async ({ page }) => {
  await signIn(page, 'enterprise', 'owner@acme.example');
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'User Roles' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'User Roles' })).toBeVisible();
  await expect(row(page, 'Staff')).toContainText('Members');
  await expect(row(page, 'Admin')).toContainText('All sections');
  await noViolations(page);

  await page.getByRole('button', { name: 'Add role' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add role' });
  await dialog.getByRole('button', { name: 'Create role' }).click();
  await expect(dialog.getByText('Please enter a role name')).toBeVisible();
  await dialog.getByLabel('Role name').fill('Team Coach');
  await dialog.getByRole('checkbox', { name: 'Reports' }).check();
  await dialog.getByRole('checkbox', { name: 'Groups' }).check();
  await dialog.getByRole('button', { name: 'Create role' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Role created successfully')).toBeVisible();
  await expect(row(page, 'Team Coach')).toContainText('Reports');

  // A duplicate name is refused on the name field.
  await page.getByRole('button', { name: 'Add role' }).click();
  await page.getByLabel('Role name').fill('team coach');
  await page.getByRole('button', { name: 'Create role' }).click();
  await expect(page.getByText('A role with this name already exists')).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();

  await page.getByRole('button', { name: 'Edit Team Coach' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Team Coach' });
  await edit.getByRole('checkbox', { name: 'Reports' }).uncheck();
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(edit).toBeHidden();
  await expect(row(page, 'Team Coach')).not.toContainText('Reports');

  // Search narrows the list after a pause.
  await page.getByRole('searchbox', { name: 'Search roles' }).fill('coach');
  await expect(rolesTable(page).getByRole('row')).toHaveCount(2);

  await page.getByRole('button', { name: 'Delete Team Coach' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete Team Coach?' });
  await expect(confirm).toContainText('cannot be undone');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(row(page, 'Team Coach')).toBeVisible();
  await page.getByRole('button', { name: 'Delete Team Coach' }).click();
  await page
    .getByRole('dialog', { name: 'Delete Team Coach?' })
    .getByRole('button', { name: 'Delete role' })
    .click();
  await expect(page.getByText('No role matches your search')).toBeVisible();
});

test('a role without members sends its holder to unauthorized, and the API answers 403', async ({ page }) => {
  await signIn(page, 'enterprise', 'owner@acme.example');
  await page.goto('/enterprise/roles');
  await page.getByRole('button', { name: 'Edit Staff' }).click();
  await page.getByRole('checkbox', { name: 'Members' }).uncheck();
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(row(page, 'Staff')).not.toContainText('Members');
  await logOut(page);

  await signIn(page, 'enterprise', 'staff@acme.example');
  await page.goto('/enterprise/members');
  await expect(page).toHaveURL(/\/enterprise\/unauthorized$/);
  const token = await page.evaluate(() => {
    for (const key of Object.keys(localStorage)) {
      const value = localStorage.getItem(key) ?? '';
      const match = value.match(/"(eyJ[\w-]+\.[\w-]+\.[\w-]+)"/);
      if (match && !key.includes('admin')) return match[1];
    }
    return null;
  });
  expect(token).toBeTruthy();
  const res = await page.request.get(roles.options.path, { headers: { 'x-access-token': token ?? '' } });
  expect(res.status()).toBe(403);
  expect((await res.json()).code).toBe('FORBIDDEN');

  // Put the key back so other journeys see the seeded role.
  await logOut(page);
  await signIn(page, 'enterprise', 'owner@acme.example');
  await page.goto('/enterprise/roles');
  await page.getByRole('button', { name: 'Edit Staff' }).click();
  await page.getByRole('checkbox', { name: 'Members' }).check();
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(row(page, 'Staff')).toContainText('Members');
});
