import type { Page } from '@playwright/test';
import { logOut, openUserMenu, signIn } from '../support/auth.ts';
import { noViolations } from '../support/checks.ts';
import { expect, test } from '../support/fixtures.ts';

const legalCard = (page: Page) => page.getByRole('region', { name: 'Privacy Policy and Terms' });

test('an enterprise admin writes its privacy policy in Settings and anyone reads it logged out', async ({
  page,
}) => {
  await signIn(page, 'enterprise', 'owner@acme.example');

  // The account menu opens the organisation's page: the platform's default text until Acme writes its own.
  const menu = await openUserMenu(page);
  await menu.getByRole('menuitem', { name: 'Privacy Policy' }).click();
  await expect(page).toHaveURL(/\/app-privacy-policy\/[^/]+$/);
  const pageUrl = new URL(page.url()).pathname;
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
  await expect(page.getByText('Acme Learning')).toBeVisible();
  await expect(page.getByText(/^Last updated/)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'How long we keep it' })).toBeVisible();
  await expect(page.getByText(/A sign-in lasts at most/)).toContainText('30 days');
  await noViolations(page);

  await page.goto('/enterprise/settings');
  const card = legalCard(page);
  await expect(card.getByText(/Showing the platform's text/)).toBeVisible();
  const field = card.getByLabel('Privacy Policy (Markdown)');
  await field.fill('## Acme keeps your recordings\n\nAsk **privacy@acme.example** to remove them.');
  await card.getByRole('button', { name: 'Preview' }).click();
  await expect(card.getByRole('heading', { name: 'Acme keeps your recordings' })).toBeVisible();
  await noViolations(page);
  await card.getByRole('button', { name: 'Save Privacy Policy' }).click();
  await expect(page.getByText('Privacy Policy saved').first()).toBeVisible();
  await expect(card.getByText(/Your own text, last updated/)).toBeVisible();

  // Logged out, the same address shows Acme's text with today's date.
  await logOut(page);
  await expect(page).toHaveURL(/\/login/);
  await page.goto(pageUrl);
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Acme keeps your recordings' })).toBeVisible();
  await expect(page.getByText('privacy@acme.example')).toBeVisible();
  const today = new Intl.DateTimeFormat(undefined, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  }).format(new Date());
  await expect(page.getByText(/^Last updated/)).toHaveText(`Last updated ${today}`);
  await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
  await noViolations(page);

  // An address with an unknown organisation says so.
  await page.goto('/app-privacy-policy/no-such-organisation');
  await expect(page.getByRole('alert')).toContainText('This organisation was not found');

  // Back in Settings, Acme goes back to the platform's text.
  await signIn(page, 'enterprise', 'owner@acme.example');
  await page.goto('/enterprise/settings');
  await legalCard(page).getByRole('button', { name: "Use the platform's text" }).click();
  await expect(legalCard(page).getByText(/Showing the platform's text/)).toBeVisible();
});

test('the platform admin edits the default terms, which an organisation without its own shows', async ({
  page,
}) => {
  await signIn(page, 'admin', 'admin@coach.example');
  await page
    .getByRole('navigation', { name: 'Main menu' })
    .getByRole('link', { name: 'Privacy & Terms' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy & Terms' })).toBeVisible();
  await page.getByRole('tab', { name: 'Terms & Condition' }).click();
  const field = page.getByLabel('Terms & Condition (Markdown)');
  await expect(field).toHaveValue(/Your account/);
  const original = await field.inputValue();
  await field.fill(`${original}\n\n## Fair use\n\nOne account per person.`);
  await page.getByRole('button', { name: 'Save Terms & Condition' }).click();
  await expect(page.getByText('Terms & Condition saved').first()).toBeVisible();
  await noViolations(page);

  await logOut(page);
  await page.goto('/app-terms-and-condition/platform');
  await expect(page.getByRole('heading', { level: 1, name: 'Terms & Condition' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Fair use' })).toBeVisible();
  await noViolations(page);
});
