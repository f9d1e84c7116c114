import type { Page } from '@playwright/test';
import { logOut, typeSignIn } from '../support/auth.ts';
import { E2E_BASE_URL } from '../support/env.ts';
import { expect, test } from '../support/fixtures.ts';

const ME = `${E2E_BASE_URL}/api/v1/enterprise/general/auth/me`;
const tokenOf = async (page: Page) =>
  page.evaluate(() => {
    const stored = localStorage.getItem('coach.enterprise.session');
    return stored ? (JSON.parse(stored) as { token: string }).token : '';
  });

test('a member who logs out leaves behind a token the server refuses', async ({ page, request }) => {
  await typeSignIn(page, 'enterprise', 'member40@acme.example');
  const token = await tokenOf(page);
  expect((await request.get(ME, { headers: { 'x-access-token': token } })).status()).toBe(200);
  await logOut(page);
  await expect(page).toHaveURL(/\/login/);
  const after = await request.get(ME, { headers: { 'x-access-token': token } });
  expect(after.status()).toBe(401);
});

test('a member changes their password and their other browser is signed out', async ({ browser }) => {
  const email = 'member41@acme.example';
  const laptop = await browser.newContext();
  const phone = await browser.newContext();
  try {
    const here = await laptop.newPage();
    const there = await phone.newPage();
    await typeSignIn(here, 'enterprise', email);
    await typeSignIn(there, 'enterprise', email);

    await here.goto('/enterprise/profile');
    const list = here.getByRole('list', { name: 'Signed-in sessions' });
    await expect(list.getByRole('listitem')).toHaveCount(2);
    await expect(list.getByText('This device')).toHaveCount(1);

    const form = here.getByRole('region', { name: 'Change password' });
    await form.getByLabel('Current password', { exact: true }).fill('Coach-demo-2026');
    await form.getByLabel('New password', { exact: true }).fill('A-fresh-password-2026');
    await form.getByLabel('Confirm new password', { exact: true }).fill('A-fresh-password-2026');
    await form.getByRole('button', { name: 'Change password' }).click();
    await expect(here.getByText('Password changed. Your other sessions have been signed out.')).toBeVisible();

    // The other browser is out at its next step; this one carries on with its fresh token.
    await there.goto('/enterprise/dashboard');
    await expect(there).toHaveURL(/\/login/);
    await here.reload();
    await expect(here.getByRole('list', { name: 'Signed-in sessions' }).getByRole('listitem')).toHaveCount(1);
    await expect(here).toHaveURL(/\/enterprise\/profile$/);
  } finally {
    await laptop.close();
    await phone.close();
  }
});
