import { API_KEY_PATTERN } from '@coach/shared/contract/api-keys';
import { members } from '@coach/shared/contract/members';
import type { Page } from '@playwright/test';
import { signIn } from '../support/auth.ts';
import { noSideways, noViolations } from '../support/checks.ts';
import { expect, test } from '../support/fixtures.ts';
import { shootBothWidths } from '../support/pages.ts';

/** API_KEYS_SCREENS=<folder> saves the screens at 1280 and 390 px, for a person to look at. */
const SCREENS = process.env.API_KEYS_SCREENS;
const shoot = (page: Page, name: string) => shootBothWidths(page, SCREENS, name);

test('the owner makes a read-only Members key, an integration reads with it but cannot write, and revoking stops it', async ({
  page,
  context,
  request,
}) => {
  // Four axe checks and a sign-in: more than the default minute on a busy machine (the screenshots add more).
  test.setTimeout(SCREENS ? 300_000 : 150_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signIn(page, 'enterprise', 'owner@acme.example');
  await page.goto('/enterprise/settings');
  await page.getByRole('link', { name: 'Manage API keys' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'API keys' })).toBeVisible();
  await expect(page.getByText('No API keys yet')).toBeVisible();
  await noViolations(page);

  await page.getByRole('button', { name: 'Create API key' }).click();
  const form = page.getByRole('dialog', { name: 'Create API key' });
  await form.getByRole('button', { name: 'Create key' }).click();
  await expect(form.getByText('Please enter a name for the key')).toBeVisible();
  await expect(form.getByText('Choose at least one permission')).toBeVisible();
  await form.getByLabel('Name').fill('HR sync');
  await form.getByRole('checkbox', { name: 'Members' }).check();
  await expect(form.getByRole('radio', { name: /Read only/ })).toBeChecked();
  await noViolations(page);
  await shoot(page, 'api-keys-create');
  await form.getByRole('button', { name: 'Create key' }).click();

  const shown = page.getByRole('dialog', { name: 'Your new key: HR sync' });
  await expect(shown.getByText('This is the only time the key is shown.', { exact: false })).toBeVisible();
  const secret = await shown.getByLabel('API key', { exact: true }).inputValue();
  expect(secret).toMatch(API_KEY_PATTERN);
  await shown.getByRole('button', { name: 'Copy the API key' }).click();
  await expect(page.getByText('API key copied')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
  await noViolations(page);
  await shoot(page, 'api-keys-secret');
  await shown.getByRole('button', { name: 'Done' }).click();

  const row = page.getByRole('table', { name: 'API keys' }).getByRole('row').filter({ hasText: 'HR sync' });
  await expect(row).toContainText('Members');
  await expect(row).toContainText('Read only');
  await expect(row).toContainText('Never');
  // The secret is never shown again.
  await expect(page.getByText(secret)).toHaveCount(0);

  // An integration's server calls the API with the key, at the contract's path.
  const auth = { authorization: `Bearer ${secret}` };
  const read = await request.get(`${members.list.path}?currentPage=1&limit=100`, { headers: auth });
  expect(read.status()).toBe(200);
  const emails = (
    (await read.json()) as { response: { listdata: { email: string }[] } }
  ).response.listdata.map((m) => m.email);
  expect(emails).toContain('staff@acme.example');
  expect(emails.some((email) => email.endsWith('@globex.example'))).toBe(false);
  const write = await request.post(members.invite.path, {
    headers: auth,
    data: { name: 'Key Person', email: 'key.person@acme.example', roleId: 'any' },
  });
  expect(write.status()).toBe(403);
  expect(((await write.json()) as { message: string }).message).toMatch(/read-only/);

  // The screen shows the use: last used, and the latest calls with their answers.
  await page.reload();
  await expect(row).not.toContainText('Never');
  const uses = page.getByRole('table', { name: 'Recent use' });
  await expect(uses.getByRole('row').filter({ hasText: 'members/get-members' })).toContainText('200');
  await expect(uses.getByRole('row').filter({ hasText: 'members/invite-member' })).toContainText('403');
  await noViolations(page);
  // A phone gets the list stacked, nothing sticking out sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  await noSideways(page);
  await page.setViewportSize({ width: 1280, height: 720 });
  await shoot(page, 'api-keys-list');

  await row.getByRole('button', { name: 'Revoke HR sync' }).click();
  const confirm = page.getByRole('dialog', { name: 'Revoke HR sync?' });
  await confirm.getByRole('button', { name: 'Revoke key' }).click();
  await expect(page.getByText('API key revoked')).toBeVisible();
  await expect(row).toContainText('Revoked');
  await expect(row.getByRole('button', { name: 'Revoke HR sync' })).toHaveCount(0);

  const after = await request.get(`${members.list.path}?currentPage=1`, { headers: auth });
  expect(after.status()).toBe(401);
});
