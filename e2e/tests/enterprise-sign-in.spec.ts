import { enterCode, requestEmailCode, submitPassword, typeSignIn } from '../support/auth.ts';
import { expect, test } from '../support/fixtures.ts';

test('an enterprise user signs in with a password and the code mailed to them', async ({ page }) => {
  await typeSignIn(page, 'enterprise', 'owner@acme.example');
  await expect(page).toHaveURL(/\/enterprise\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: /Olivia/ })).toBeVisible();
  await expect(page.getByText('Acme Learning · Admin')).toBeVisible();
  // The menu is in the enterprise's theme colours (Acme's nav background is #134E4A).
  await expect(page.locator('.sidebar').first()).toHaveCSS('background-color', 'rgb(19, 78, 74)');
});

test('a wrong code is refused with a message and the user stays on the check', async ({ page }) => {
  await page.goto('/login');
  await submitPassword(page, 'learner@acme.example');
  const code = await requestEmailCode(page, 'learner@acme.example');
  const wrong = code === '000000' ? '111111' : '000000';
  await enterCode(page, wrong);
  await expect(page.getByText(/code is (invalid|incorrect|wrong)|invalid code|not valid/i)).toBeVisible();
  await expect(page).toHaveURL(/\/auth-check/);
  // The right code still works afterwards (one wrong try does not kill it).
  await enterCode(page, code);
  await expect(page).toHaveURL(/\/enterprise\/dashboard$/);
});

test('a deep link opened while logged out returns there after sign-in', async ({ page }) => {
  await page.goto('/enterprise/profile');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fenterprise%2Fprofile/);
  await submitPassword(page, 'owner@acme.example');
  const code = await requestEmailCode(page, 'owner@acme.example');
  await enterCode(page, code);
  await expect(page).toHaveURL(/\/enterprise\/profile$/);
  await expect(page.getByRole('heading', { level: 1, name: /profile/i })).toBeVisible();
});

test('staff without the roles permission land on the unauthorized page', async ({ page }) => {
  await typeSignIn(page, 'enterprise', 'staff@acme.example');
  await expect(page).toHaveURL(/\/enterprise\/dashboard$/);
  await page.goto('/enterprise/roles');
  await expect(page).toHaveURL(/\/enterprise\/unauthorized$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // The menu only offers what the Staff role may open.
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await expect(menu.getByRole('link', { name: 'Members' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Roles' })).toHaveCount(0);
});
