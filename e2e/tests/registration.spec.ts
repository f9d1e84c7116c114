import { enterCode, requestEmailCode, submitPassword } from '../support/auth.ts';
import { noViolations } from '../support/checks.ts';
import { expect, test } from '../support/fixtures.ts';
import { outboxMark, readLinkPath } from '../support/outbox.ts';

test('a company signs up, is held on activation until the emailed link verifies it, then reaches its dashboard', async ({
  page,
}) => {
  const email = 'founder@umbrella.example';
  const password = 'Umbrella-2026-go';
  await page.goto('/login');
  await page.getByRole('link', { name: 'Create a company account' }).click();
  await expect(page.getByRole('heading', { name: 'Create your company account' })).toBeVisible();
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Please enter the company name')).toBeVisible();
  await noViolations(page);

  await page.getByLabel('Company name').fill('Umbrella Training');
  await page.getByLabel('Your name').fill('Alice Founder');
  await page.getByLabel('Work email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password', { exact: true }).fill(password);
  const mark = outboxMark(email);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/login$/);
  const link = await readLinkPath(email, mark);
  expect(link).toMatch(/^\/verify-email\//);

  await submitPassword(page, email, password);
  await enterCode(page, await requestEmailCode(page, email));
  await expect(page).toHaveURL(/\/activation-required$/);
  await expect(page.getByRole('heading', { name: 'Verify your email' })).toBeVisible();
  // Going around the hold does not work.
  await page.goto('/enterprise/members');
  await expect(page).toHaveURL(/\/activation-required$/);
  await page.getByRole('button', { name: 'I have verified my email' }).click();
  await expect(page.getByText('Your email is not verified yet')).toBeVisible();

  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Your email is verified' })).toBeVisible();
  await page.getByRole('link', { name: 'Continue to your dashboard' }).click();
  await expect(page).toHaveURL(/\/enterprise\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: /Alice/ })).toBeVisible();
  await expect(page.getByText('Umbrella Training · Admin')).toBeVisible();
});
