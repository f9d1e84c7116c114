import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { logOut, signIn } from '../support/auth.ts';
import { noViolations } from '../support/checks.ts';
import { E2E_DATA_DIR } from '../support/env.ts';
import { expect, test } from '../support/fixtures.ts';

const sidebar = (page: Page) => page.locator('.sidebar').first();

test('theme colours chosen in settings change the menu at once, for every member', async ({ page }) => {
  await signIn(page, 'enterprise', 'owner@acme.example');
  await page.locator('.user-menu__trigger').click();
  await page.getByRole('menuitem', { name: 'Settings' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  await noViolations(page);

  const menuBackground = page.getByLabel('Menu background', { exact: true });
  const original = await menuBackground.inputValue();
  await menuBackground.fill('purple');
  await expect(page.getByText('Use a colour like #1A2B3C')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save colours' })).toBeDisabled();
  await menuBackground.fill('#4C1D95');
  await page.getByRole('button', { name: 'Save colours' }).click();
  await expect(page.getByText('Theme settings updated successfully')).toBeVisible();
  await expect(sidebar(page)).toHaveCSS('background-color', 'rgb(76, 29, 149)');

  // Staff see the new colour too, and have no Settings entry.
  await logOut(page);
  await signIn(page, 'enterprise', 'staff@acme.example');
  await expect(sidebar(page)).toHaveCSS('background-color', 'rgb(76, 29, 149)');
  await page.locator('.user-menu__trigger').click();
  await expect(page.getByRole('menuitem', { name: 'Settings' })).toHaveCount(0);
  await page.keyboard.press('Escape');

  // Put the seeded colour back for the other journeys.
  await logOut(page);
  await signIn(page, 'enterprise', 'owner@acme.example');
  await page.goto('/enterprise/settings');
  await page.getByLabel('Menu background', { exact: true }).fill(original);
  await page.getByRole('button', { name: 'Save colours' }).click();
  await expect(sidebar(page)).toHaveCSS('background-color', 'rgb(19, 78, 74)');
});

test('a help message reaches the support inbox', async ({ page }) => {
  await signIn(page, 'enterprise', 'learner@acme.example');
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Help' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Help' })).toBeVisible();
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByText('Please enter a subject')).toBeVisible();
  await noViolations(page);
  await page.getByLabel('Topic (optional)').selectOption('Performance');
  await page.getByLabel('Subject').fill('Recording does not start');
  await page.getByLabel('Message').fill('The microphone button does nothing on my laptop.');
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByText('Your message has been sent to our support team')).toBeVisible();
  const outbox = path.join(E2E_DATA_DIR, 'outbox');
  await expect
    .poll(() =>
      existsSync(outbox)
        ? readdirSync(outbox)
            .filter((name) => name.includes('support@coach.example'))
            .map((name) => readFileSync(path.join(outbox, name), 'utf8'))
            .join('\n')
        : '',
    )
    .toContain('Subject: [Help] Recording does not start');
});
