import { FEATURE_FLAGS } from '@coach/shared/constants/features';
import type { Locator, Page } from '@playwright/test';
import { logOut, signIn } from '../support/auth.ts';
import { noSideways, noViolations } from '../support/checks.ts';
import { expect, test } from '../support/fixtures.ts';
import { outboxMark, readMessage } from '../support/outbox.ts';

const mainMenu = (page: Page) => page.getByRole('navigation', { name: 'Main menu' });

/** The switches of Acme's feature flags on its detail page (spec §3). */
const acmeFeatures = (page: Page) => page.getByRole('group', { name: 'Features of Acme Learning' });
const flagSwitch = (features: Locator, label: string) =>
  features.getByRole('switch', { name: label, exact: true });

/** Switching a feature off asks first, naming what it closes: click, then confirm. */
const switchOff = async (page: Page, features: Locator, label: string) => {
  await flagSwitch(features, label).click();
  const ask = page.getByRole('dialog', { name: new RegExp(`^Switch ${label} off for `) });
  await ask.getByRole('button', { name: `Switch ${label} off` }).click();
  await expect(ask).toBeHidden();
};

/** Each flag's label and whether its switch is on now. */
const flagStates = async (features: Locator) => {
  const states = new Map<string, boolean>();
  for (const { label } of FEATURE_FLAGS)
    states.set(label, (await flagSwitch(features, label).getAttribute('aria-checked')) === 'true');
  return states;
};

/**
 * Puts every flag back as it was in `seeded`, parents first (FEATURE_FLAGS lists a parent before its children,
 * which stay disabled while it is off), then reloads to check the server kept them.
 */
const restoreFlags = async (page: Page, seeded: Map<string, boolean>) => {
  const features = acmeFeatures(page);
  for (const { label } of FEATURE_FLAGS) {
    const on = seeded.get(label) ?? false;
    const flag = flagSwitch(features, label);
    if (((await flag.getAttribute('aria-checked')) === 'true') === on) continue;
    if (on) await flag.check();
    else await switchOff(page, features, label);
    // The switch holds still (aria-disabled) until the save is answered.
    await expect(flag).not.toHaveAttribute('aria-disabled', 'true');
    await expect(flag).toBeChecked({ checked: on });
  }
  await page.reload();
  for (const { label } of FEATURE_FLAGS)
    await expect(flagSwitch(features, label)).toBeChecked({ checked: seeded.get(label) ?? false });
};

test('an admin switches Acme’s course feature off and Acme’s menu loses Courses at once', async ({
  page,
  browser,
}) => {
  // The enterprise owner, in a browser of their own.
  const ownerContext = await browser.newContext();
  const owner = await ownerContext.newPage();
  await signIn(owner, 'enterprise', 'owner@acme.example');
  await expect(mainMenu(owner).getByRole('link', { name: 'Courses', exact: true })).toBeVisible();

  await signIn(page, 'admin', 'admin@coach.example');
  await page.goto('/admin/enterprises');
  await expect(page.getByRole('heading', { level: 1, name: 'Enterprises' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search enterprises' }).fill('acme');
  const table = page.getByRole('table', { name: 'Enterprises' });
  await expect(table.getByRole('row')).toHaveCount(2);
  await noViolations(page);
  await table.getByRole('link', { name: 'Acme Learning' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Acme Learning' })).toBeVisible();
  const features = acmeFeatures(page);
  const course = flagSwitch(features, 'MarketPlace');
  await expect(course).toBeChecked();
  // As seeded, so the end of this journey can put every flag back for the journeys after it.
  const seeded = await flagStates(features);
  const communication = flagSwitch(features, 'Communication Ready');
  const vocabulary = flagSwitch(features, 'Vocabulary');
  // Switching a parent off switches its children off, and a child cannot be switched on while its parent is off.
  await switchOff(page, features, 'Communication Ready');
  await expect(page.getByText('Communication Ready is off for Acme Learning')).toBeVisible();
  await expect(vocabulary).toBeDisabled();
  await expect(vocabulary).not.toBeChecked();
  await expect(vocabulary).toHaveAccessibleDescription('Turn on Communication Ready first');
  await noViolations(page);
  // Keyboard: Space flips the focused switch.
  await communication.focus();
  await page.keyboard.press('Space');
  await expect(page.getByText('Communication Ready is on for Acme Learning')).toBeVisible();
  await expect(communication).toBeChecked();
  await expect(communication).toBeFocused();
  // Its parts come back with it, as the confirmation said.
  await expect(vocabulary).toBeEnabled();
  await expect(vocabulary).toBeChecked();

  await switchOff(page, features, 'MarketPlace');
  await expect(page.getByText('MarketPlace is off for Acme Learning')).toBeVisible();
  await expect(course).not.toBeChecked();

  await owner.reload();
  await expect(mainMenu(owner).getByRole('link', { name: 'Dashboard' })).toBeVisible();
  await expect(mainMenu(owner).getByRole('link', { name: 'Courses', exact: true })).toHaveCount(0);

  // Back on: the owner's menu shows Courses again.
  await course.check();
  await expect(page.getByText('MarketPlace is on for Acme Learning')).toBeVisible();
  await owner.reload();
  await expect(mainMenu(owner).getByRole('link', { name: 'Courses', exact: true })).toBeVisible();
  await ownerContext.close();

  // MarketPlace went off: every flag goes back as seeded.
  await restoreFlags(page, seeded);
});

test('the enterprise list and detail fit a 390 px screen', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, 'admin', 'admin@coach.example');
  await page.goto('/admin/enterprises');
  await page.getByRole('link', { name: 'Acme Learning' }).click();
  await expect(flagSwitch(acmeFeatures(page), 'MarketPlace')).toBeVisible();
  await noSideways(page);
});

test('an admin logs in as Acme with the generic identity, logs out of Acme into the admin area and is still admin', async ({
  page,
}) => {
  await signIn(page, 'admin', 'admin@coach.example');
  await page.goto('/admin/enterprises');
  await page.getByRole('link', { name: 'Acme Learning' }).click();
  await page.getByRole('button', { name: 'Log in as Acme Learning' }).click();

  // The enterprise dashboard (/admin/dashboard would match a bare /dashboard$/), as Acme.
  await expect(page).toHaveURL(/\/enterprise\/dashboard$/);
  await expect(page.getByRole('link', { name: 'Acme Learning dashboard' })).toBeVisible();
  await expect(page.getByRole('main')).toContainText('Acme Learning');
  await expect(mainMenu(page).getByRole('link', { name: 'Courses', exact: true })).toBeVisible();
  await expect(page.locator('.user-menu__trigger')).toContainText('Platform Admin');
  expect(await page.evaluate(() => localStorage.getItem('coach.loginAsEnterprise'))).not.toBeNull();

  // Logout, while acting, leaves the enterprise for the admin area (the admin's own session is still open there).
  await logOut(page);
  await expect(page).toHaveURL(/\/admin\/enterprise\/detail\//);
  expect(await page.evaluate(() => localStorage.getItem('coach.loginAsEnterprise'))).toBeNull();
  await page.goto('/admin/enterprises');
  await expect(page.getByRole('heading', { level: 1, name: 'Enterprises' })).toBeVisible();
});

test('logged in as Acme, the admin is told so on every page, phone included, and goes back to the admin area', async ({
  page,
}) => {
  await signIn(page, 'admin', 'admin@coach.example');
  await page.goto('/admin/enterprises');
  await page.getByRole('link', { name: 'Acme Learning' }).click();
  await page.getByRole('button', { name: 'Log in as Acme Learning' }).click();
  await expect(page).toHaveURL(/\/enterprise\/dashboard$/);
  const banner = page.getByRole('region', {
    name: 'You are signed in as Acme Learning as a platform administrator',
  });
  await expect(banner).toBeVisible();
  await noViolations(page);
  // On another page and on the fullpage profile, and on a phone, where it still fits.
  for (const screen of ['/enterprise/members', '/enterprise/profile']) {
    await page.goto(screen);
    await expect(banner).toBeVisible();
  }
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/enterprise/members');
  await expect(banner).toBeInViewport();
  await expect(banner.getByRole('button', { name: 'Back to admin' })).toBeInViewport();
  await noSideways(page);
  // Still there after scrolling down the page (it sits under the top bar).
  await page.mouse.wheel(0, 2000);
  await expect(banner).toBeInViewport();
  await page.setViewportSize({ width: 1280, height: 720 });

  const token = await page.evaluate(
    () => (JSON.parse(localStorage.getItem('coach.enterprise.session') ?? 'null') as { token: string }).token,
  );
  await banner.getByRole('button', { name: 'Back to admin' }).click();
  await expect(page).toHaveURL(/\/admin\/enterprise\/detail\//);
  await expect(page.getByRole('heading', { level: 1, name: 'Acme Learning' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('coach.loginAsEnterprise'))).toBeNull();
  // The log-in-as session ended on the server: its token no longer opens anything.
  await expect
    .poll(async () =>
      (
        await page.request.get('/api/v1/enterprise/general/auth/me', {
          headers: { 'x-access-token': token },
        })
      ).status(),
    )
    .toBe(401);
  expect(await page.evaluate(() => localStorage.getItem('coach.enterprise.session'))).toBe('null');
  await expect(banner).toHaveCount(0);
});

test('an admin creates an enterprise, its admin is invited; with Pronunciation off, logged in as it, the menu and task types lose it', async ({
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
  // The address is isolated (U+2068…U+2069) so a right-to-left sentence keeps it whole.
  await expect(page.getByText(`Enterprise created. Invitation sent to \u2068${email}\u2069`)).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: company })).toBeVisible();
  expect(await readMessage(email, mark)).toContain(company);

  const members = page.getByRole('region', { name: 'Members' });
  await expect(members.getByRole('row').filter({ hasText: 'Nina North' })).toContainText('default admin');
  const usage = page.getByRole('region', { name: 'Usage' });
  await expect(usage).toContainText('Tasks completed');
  await noViolations(page);

  // Pronunciation off for the new enterprise; logged in as it (its admin has not accepted the invitation yet),
  // its menu has no Configurations and its task type cards no Pronunciation.
  const features = page.getByRole('group', { name: `Features of ${company}` });
  await switchOff(page, features, 'Pronunciation');
  await expect(page.getByText(`Pronunciation is off for ${company}`)).toBeVisible();
  // The toasts sit over the header's buttons, and a pointer resting on a toast keeps it open: let them go first.
  await expect(page.locator('[data-rht-toaster] [role="status"]')).toHaveCount(0, { timeout: 15_000 });
  await page.getByRole('button', { name: `Log in as ${company}` }).click();
  await expect(page).toHaveURL(/\/enterprise\/dashboard$/);
  await expect(page.getByRole('main')).toContainText(company);
  await expect(mainMenu(page).getByRole('link', { name: 'Groups' })).toBeVisible();
  await expect(mainMenu(page).getByRole('link', { name: 'Configurations' })).toHaveCount(0);
  await page.goto('/enterprise/create-task');
  await expect(page.getByRole('button', { name: /^Read & Record/ })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Pronunciation/ })).toHaveCount(0);
  await logOut(page);

  await page.goto('/admin/enterprises');
  await page.getByRole('searchbox', { name: 'Search enterprises' }).fill(stamp);
  await expect(
    page.getByRole('table', { name: 'Enterprises' }).getByRole('link', { name: company }),
  ).toBeVisible();
});
