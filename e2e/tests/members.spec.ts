import type { Page } from '@playwright/test';
import { signIn } from '../support/auth.ts';
import { expect, test } from '../support/fixtures.ts';

const rows = (page: Page) => page.getByRole('table', { name: 'Members' }).getByRole('row');

test('an admin changes a member role and groups, deactivates them (their session ends) and reactivates', async ({
  browser,
  page,
}) => {
  // The member is signed in elsewhere.
  const memberContext = await browser.newContext();
  const memberPage = await memberContext.newPage();
  await signIn(memberPage, 'enterprise', 'member07@acme.example');
  await expect(memberPage).toHaveURL(/\/enterprise\/dashboard$/);

  await signIn(page, 'enterprise', 'owner@acme.example');
  await page.goto('/enterprise/members');
  await page.getByRole('searchbox', { name: 'Search members' }).fill('member07@');
  await expect(rows(page)).toHaveCount(2);
  const name = (await rows(page).nth(1).locator('.members__link').textContent()) ?? '';

  await page.getByRole('button', { name: `Edit ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Edit ${name}` });
  await dialog.getByLabel('Role').selectOption({ label: 'Staff' });
  await dialog.getByRole('searchbox', { name: 'Find groups' }).fill('Mentors');
  await dialog
    .getByRole('list', { name: 'Matching groups' })
    .getByRole('checkbox', { name: 'Mentors' })
    .check();
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(dialog).toBeHidden();
  await expect(rows(page).nth(1)).toContainText('Staff');
  await expect(rows(page).nth(1)).toContainText('Mentors');

  await page.getByRole('button', { name: `Deactivate ${name}` }).click();
  const confirm = page.getByRole('dialog', { name: `Deactivate ${name}?` });
  await expect(confirm).toContainText('signed out at once');
  await confirm.getByRole('button', { name: 'Deactivate' }).click();
  await expect(rows(page).nth(1)).toContainText('Inactive');

  // The member's next request is refused and they land on the login page with the server's message.
  await memberPage.reload();
  await expect(memberPage).toHaveURL(/\/login/);
  await memberContext.close();

  await page.getByRole('button', { name: `Activate ${name}` }).click();
  await expect(rows(page).nth(1)).toContainText('Active');
  // The default admin cannot be deactivated or deleted, so their row does not offer it.
  await page.getByRole('searchbox', { name: 'Search members' }).fill('owner@');
  await expect(page.getByRole('button', { name: 'Edit Olivia Owner' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Deactivate Olivia Owner' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Delete Olivia Owner' })).toHaveCount(0);
});

test("an admin opens a member's page and sees their speaking trend", async ({ page }) => {
  await signIn(page, 'enterprise', 'owner@acme.example');
  await page.goto('/enterprise/members');
  await page.getByRole('searchbox', { name: 'Search members' }).fill('learner@');
  await expect(rows(page)).toHaveCount(2);
  await rows(page).nth(1).locator('.members__link').click();
  const card = page.getByRole('heading', { name: 'Speaking trend' }).locator('..');
  // The seed may or may not hold heard recordings of this learner: either way the card says where they stand.
  await expect(card).toContainText(/No recordings heard yet|recordings? heard on \d+ days?/);
});

test('a staff member is offered only what is theirs to do: not themself, not the Admin role', async ({
  page,
}) => {
  await signIn(page, 'enterprise', 'staff@acme.example');
  await page.goto('/enterprise/members');
  await page.getByRole('searchbox', { name: 'Search members' }).fill('staff@');
  await expect(rows(page)).toHaveCount(2);
  await expect(page.getByRole('button', { name: 'Edit Sam Staff' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Deactivate Sam Staff' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Delete Sam Staff' })).toHaveCount(0);
  await page.getByRole('searchbox', { name: 'Search members' }).fill('learner@');
  await expect(rows(page).nth(1)).toContainText('learner@acme.example');
  const learner = (await rows(page).nth(1).locator('.members__link').textContent()) ?? '';
  await expect(page.getByRole('button', { name: `Deactivate ${learner}` })).toBeEnabled();

  await page.getByRole('button', { name: 'Invite member' }).click();
  const role = page.getByRole('dialog', { name: 'Invite a member' }).getByLabel('Role');
  await expect(role).toHaveValue(/.+/);
  await expect(role.getByRole('option', { name: 'Admin' })).toBeDisabled();
  await expect(role.getByRole('option', { name: 'Learner' })).toBeEnabled();
});
