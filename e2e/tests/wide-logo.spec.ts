import path from 'node:path';
import type { Page } from '@playwright/test';
import { saveLanguage, signIn } from '../support/auth.ts';
import { noSideways } from '../support/checks.ts';
import { expect, test } from '../support/fixtures.ts';
import { headerTrouble, removeLogo, uploadWideLogo } from '../support/wide-logo.ts';

/**
 * Once a company uploads a logo, no page may be wider than a phone. Acme gets a 1200×200 logo;
 * the owner's and the learner's main screens, in English and in Arabic (right to left), keep to 390 px, the logo
 * never overlaps the menu button and the account button stays on the screen. With FIRST_SCREENS=<folder> each
 * screen is saved there at 1280 and 390 px for a person to look at.
 */
const SCREENS = [
  '/enterprise/dashboard',
  '/enterprise/members',
  '/enterprise/tasks-library',
  '/enterprise/my-tasks',
  '/enterprise/reports',
  '/enterprise/profile',
];

const shot = async (page: Page, name: string) => {
  const folder = process.env.FIRST_SCREENS;
  if (folder) await page.screenshot({ path: path.join(folder, `${name}.png`) });
};

const fitsThePhone = async (page: Page, language: string, who: string) => {
  for (const screen of SCREENS) {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(screen);
    await expect(page.locator('h1').first()).toBeVisible();
    await expect(page.locator('img.top-bar__logo-img')).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    const name = `logo-${language}-${who}-${screen.split('/').at(-1)}`;
    expect(await headerTrouble(page), `${screen} at 1280`).toBeNull();
    await shot(page, `${name}-1280`);
    await page.setViewportSize({ width: 390, height: 844 });
    await noSideways(page);
    await expect.poll(() => headerTrouble(page), { message: `${screen} at 390` }).toBeNull();
    await shot(page, `${name}-390`);
  }
};

test('with a 1200×200 logo every main screen fits a 390 px phone, in English and right to left in Arabic', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signIn(page, 'enterprise', 'owner@acme.example');
  await uploadWideLogo(page);
  try {
    await fitsThePhone(page, 'en', 'owner');
    await saveLanguage(page, 'enterprise', 'ar');
    // The saved language is the member's own: a fresh load of a page adopts it.
    await page.goto('/enterprise/dashboard');
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await fitsThePhone(page, 'ar', 'owner');
    await saveLanguage(page, 'enterprise', 'en');

    // The learner's bar has no group picker (item 10), but the same logo and buttons.
    await signIn(page, 'enterprise', 'learner@acme.example');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/enterprise/my-tasks');
    await expect(page.locator('img.top-bar__logo-img')).toBeVisible();
    await noSideways(page);
    expect(await headerTrouble(page)).toBeNull();
    await expect(page.getByRole('button', { name: /^Group filter/ })).toHaveCount(0);
    await shot(page, 'logo-en-learner-my-tasks-390');
  } finally {
    await signIn(page, 'enterprise', 'owner@acme.example');
    await saveLanguage(page, 'enterprise', 'en');
    await page.setViewportSize({ width: 1280, height: 800 });
    await removeLogo(page);
  }
});
