import type { Page } from '@playwright/test';
import { requestEmailCode, signIn, submitPassword } from '../support/auth.ts';
import { axeViolations } from '../support/checks.ts';
import { expect, test } from '../support/fixtures.ts';

const violations = async (page: Page) => {
  const found = await axeViolations(page, ['wcag2a', 'wcag2aa', 'wcag21aa']);
  return found.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
};

test('the login screen has no axe violations', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
  expect(await violations(page)).toEqual([]);
});

test('the auth-check screen has no axe violations, before and after sending', async ({ page }) => {
  await page.goto('/login');
  await submitPassword(page, 'staff@acme.example');
  await expect(page.getByRole('button', { name: 'Send code' })).toBeVisible();
  expect(await violations(page)).toEqual([]);
  await requestEmailCode(page, 'staff@acme.example');
  await expect(page.getByLabel('Verification code')).toBeVisible();
  expect(await violations(page)).toEqual([]);
});

test('the dashboard has no axe violations', async ({ page }) => {
  await signIn(page, 'enterprise', 'owner@acme.example');
  await expect(page.getByRole('heading', { level: 1, name: /Olivia/ })).toBeVisible();
  expect(await violations(page)).toEqual([]);
});
