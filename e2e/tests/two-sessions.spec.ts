import { logOut, typeSignIn } from '../support/auth.ts';
import { expect, test } from '../support/fixtures.ts';

test('an admin session lives beside an enterprise session and each logs out alone', async ({ page }) => {
  await typeSignIn(page, 'enterprise', 'owner@acme.example');
  await expect(page).toHaveURL(/\/enterprise\/dashboard$/);

  await typeSignIn(page, 'admin', 'admin@coach.example');
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: /Platform/ })).toBeVisible();

  // Both are signed in at once.
  await page.goto('/enterprise/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: /Olivia/ })).toBeVisible();

  // Logging out of the enterprise leaves the admin signed in.
  await logOut(page);
  await expect(page).toHaveURL(/\/login/);
  await page.goto('/admin/dashboard');
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: /Platform/ })).toBeVisible();

  // And logging out of the admin ends that session too.
  await logOut(page);
  await expect(page).toHaveURL(/\/admin\/login/);
  await page.goto('/admin/dashboard');
  await expect(page).toHaveURL(/\/admin\/login/);
  await page.goto('/enterprise/dashboard');
  await expect(page).toHaveURL(/\/login/);
});
