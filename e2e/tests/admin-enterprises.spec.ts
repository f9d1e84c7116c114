import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { logOut, signIn } from '../support/auth.ts';
import { outboxMark, readMessage } from '../support/outbox.ts';

const mainMenu = (page: Page) => page.getByRole('navigation', { name: 'Main menu' });

test('an admin switches Acme’s course feature off and Acme’s menu loses Courses at once', async ({
  page,
  browser,
}) => {
  // The enterprise owner, in a browser of their own.
  const ownerContext = await browser.newContext();
  const owner = await ownerContext.newPage();
  await signIn(owner, 'enterprise', 'owner@acme.example');
  await expect(mainMenu(owner).getByRole('link', { name: 'Courses' })).toBeVisible();

  await signIn(page, 'admin', 'admin@coach.example');
  await page.goto('/admin/enterprises');
  await expect(page.getByRole('heading', { level: 1, name: 'Enterprises' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search enterprises' }).fill('acme');
  const table = page.getByRole('table', { name: 'Enterprises' });
  await expect(table.getByRole('row')).toHaveCount(2);
  expect((await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze()).violations).toEqual([]);
  await table.getByRole('link', { name: 'Acme Learning' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Acme Learning' })).toBeVisible();
  const course = page.getByRole('checkbox', { name: 'MarketPlace', exact: true });
  await expect(course).toBeChecked();
  // A child cannot be switched on while its parent is off.
  await page.getByRole('checkbox', { name: 'Communication Ready', exact: true }).uncheck();
  await expect(page.getByText('Communication Ready is off for Acme Learning')).toBeVisible();
  await expect(page.getByRole('checkbox', { name: /^Vocabulary/ })).toBeDisabled();
  await expect(page.getByRole('checkbox', { name: /^Vocabulary/ })).not.toBeChecked();
  expect((await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze()).violations).toEqual([]);
  await page.getByRole('checkbox', { name: 'Communication Ready', exact: true }).check();
  await expect(page.getByRole('checkbox', { name: /^Vocabulary/ })).toBeEnabled();
  await page.getByRole('checkbox', { name: /^Vocabulary/ }).check();
  await expect(page.getByText('Vocabulary is on for Acme Learning')).toBeVisible();

  await course.uncheck();
  await expect(page.getByText('MarketPlace is off for Acme Learning')).toBeVisible();
  await expect(course).not.toBeChecked();

  await owner.reload();
  await expect(mainMenu(owner).getByRole('link', { name: 'Dashboard' })).toBeVisible();
  await expect(mainMenu(owner).getByRole('link', { name: 'Courses' })).toHaveCount(0);

  // Back on: the owner's menu shows Courses again.
  await course.check();
  await expect(page.getByText('MarketPlace is on for Acme Learning')).toBeVisible();
  await owner.reload();
  await expect(mainMenu(owner).getByRole('link', { name: 'Courses' })).toBeVisible();
  await ownerContext.close();
});

test('the enterprise list and detail fit a 390 px screen', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, 'admin', 'admin@coach.example');
  await page.goto('/admin/enterprises');
  await page.getByRole('link', { name: 'Acme Learning' }).click();
  await expect(page.getByRole('checkbox', { name: 'MarketPlace', exact: true })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

test('an admin logs in as Acme with the generic identity, logs out of Acme and is still admin', async ({
  page,
}) => {
  await signIn(page, 'admin', 'admin@coach.example');
  await page.goto('/admin/enterprises');
  await page.getByRole('link', { name: 'Acme Learning' }).click();
  await page.getByRole('button', { name: 'Log in as Acme Learning' }).click();

  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(mainMenu(page).getByRole('link', { name: 'Courses' })).toBeVisible();
  await expect(page.locator('.user-menu__trigger')).toContainText('Platform Admin');
  expect(await page.evaluate(() => localStorage.getItem('coach.loginAsEnterprise'))).not.toBeNull();

  await logOut(page);
  await expect(page).toHaveURL(/\/login/);
  expect(await page.evaluate(() => localStorage.getItem('coach.loginAsEnterprise'))).toBeNull();
  await page.goto('/admin/enterprises');
  await expect(page.getByRole('heading', { level: 1, name: 'Enterprises' })).toBeVisible();
});

test('an admin creates an enterprise in the browser; its default admin is invited and listed', async ({
  page,
}) => {
  const stamp = Date.now().toString(36);
  const company = `Northwind ${stamp}`;
  const email = `nina-${stamp}@northwind.example`;
  const mark = outboxMark(email);
  await signIn(page, 'admin', 'admin@coach.example');
  await page.goto('/admin/enterprises');
  await page.getByRole('button', { name: 'Add enterprise' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add enterprise' });
  await dialog.getByRole('button', { name: 'Create enterprise' }).click();
  await expect(dialog.getByText(/company name/i).first()).toBeVisible();
  await dialog.getByLabel('Company name').fill(company);
  await dialog.getByLabel('Admin name').fill('Nina North');
  await dialog.getByLabel('Admin email').fill(email);
  await dialog.getByRole('button', { name: 'Create enterprise' }).click();
  await expect(page.getByText(`Enterprise created. Invitation sent to ${email}`)).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: company })).toBeVisible();
  expect(await readMessage(email, mark)).toContain(company);

  const members = page.getByRole('region', { name: 'Members' });
  await expect(members.getByRole('row').filter({ hasText: 'Nina North' })).toContainText('default admin');
  const usage = page.getByRole('region', { name: 'Usage' });
  await expect(usage).toContainText('Tasks completed');
  expect((await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze()).violations).toEqual([]);

  await page.goto('/admin/enterprises');
  await page.getByRole('searchbox', { name: 'Search enterprises' }).fill(stamp);
  await expect(
    page.getByRole('table', { name: 'Enterprises' }).getByRole('link', { name: company }),
  ).toBeVisible();
});
