import { expect, test } from '../support/fixtures.ts';

test('one process serves the API, the dashboard and the marketplace site', async ({ page, request }) => {
  const health = await request.get('/api/v1/health');
  expect(await health.json()).toEqual({
    success: 1,
    message: 'OK',
    response: { status: 'ok', db: 'sqlite' },
  });

  await page.goto('/marketplace/home');
  await expect(page.getByRole('heading', { level: 1, name: 'Learn to speak with confidence' })).toBeVisible();

  // `/` opens the enterprise dashboard, which sends a visitor without a session to sign in.
  await page.goto('/');
  await expect(page).toHaveURL(/\/login/);
  // Unknown paths land on the login page too (spec §2).
  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
});
