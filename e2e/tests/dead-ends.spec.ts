import type { Page } from '@playwright/test';
import { signIn } from '../support/auth.ts';
import { noViolations } from '../support/checks.ts';
import { expect, test } from '../support/fixtures.ts';
import { shootBothWidths } from '../support/pages.ts';

/**
 * Dead ends a new user could meet, each with a way on. A mistyped admin address, the 404's Go Back, an unknown course
 * or institution, a group's figures, the usage table at 1280 px and a feature switch without a question.
 */

/** A navigation the page itself makes, as a link would: the next page's document.referrer is this one. */
const followTo = async (page: Page, path: string) => {
  await page.evaluate((to) => {
    window.location.href = to;
  }, path);
  await page.waitForURL(`**${path}`);
};

test('a platform admin who mistypes an admin address sees the admin 404 and goes back to the admin dashboard', async ({
  page,
}) => {
  await signIn(page, 'admin', 'admin@coach.example');
  await page.goto('/admin/enterprisez');
  await expect(page.getByRole('heading', { level: 1, name: 'Sorry, page not found' })).toBeVisible();
  await expect(page.getByText('/admin/enterprisez')).toBeVisible();
  // Still the admin's area: its menu is there, and no enterprise sign-in.
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/enterprisez$/);
  await noViolations(page);
  await page.getByRole('link', { name: 'Back to the admin dashboard' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Platform activity' })).toBeVisible();
});

test('the 404 page is the marketplace’s own, and its Go Back returns to the page before it or opens the home', async ({
  page,
}) => {
  // From a course page of the marketplace.
  await page.goto('/marketplace/home');
  await page.locator('a[href^="/marketplace/course-detail/"]').first().click();
  await expect(page).toHaveURL(/\/marketplace\/course-detail\/[^/]+$/);
  const coursePage = page.url();
  await followTo(page, '/404');
  await expect(page.getByRole('heading', { level: 1, name: 'Sorry, page not found' })).toBeVisible();
  // The site's page, not a blue unbranded one: its header, its teal, its footer, its search.
  const header = page.locator('header.site-header');
  await expect(header.locator('.brand__name')).toHaveText('Coach Marketplace');
  await expect(header.locator('.brand__mark')).toHaveCSS('background-color', 'rgb(15, 118, 110)');
  await expect(page.locator('.not-found__code')).toHaveCSS('color', 'rgb(15, 118, 110)');
  await expect(page.locator('footer.site-footer')).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Search all courses' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Browse all courses' })).toBeVisible();
  await noViolations(page);
  await shootBothWidths(page, process.env.SITE_SHOTS_DIR, 'en-404');
  await page.getByRole('link', { name: 'Go Back' }).click();
  await expect(page).toHaveURL(coursePage);

  // Opened on its own, with nothing to go back to: the marketplace home, not a sign-in page.
  const fresh = await page.context().newPage();
  const res = await fresh.goto('/404');
  expect(res?.status()).toBe(404);
  await fresh.getByRole('link', { name: 'Go Back' }).click();
  await expect(fresh).toHaveURL(/\/marketplace\/home$/);
  await fresh.close();
});

test('an unknown course or institution answers 404 with the site’s 404 page, its search and a way back', async ({
  page,
  request,
}) => {
  for (const path of [
    '/marketplace/course-detail/no-such-course',
    '/marketplace/institution/no-such-school',
  ]) {
    const res = await request.get(path);
    expect(res.status(), path).toBe(404);
    expect(await res.text(), path).toContain('Sorry, page not found');
  }

  // From a real course page, a mistyped course address: the 404 stays (no silent move to the home page).
  await page.goto('/marketplace/home');
  await page.locator('a[href^="/marketplace/course-detail/"]').first().click();
  await expect(page).toHaveURL(/\/marketplace\/course-detail\/[^/]+$/);
  const coursePage = page.url();
  await followTo(page, '/marketplace/course-detail/no-such-course');
  await expect(page.getByRole('heading', { level: 1, name: 'Sorry, page not found' })).toBeVisible();
  await page.waitForTimeout(2500);
  await expect(page).toHaveURL(/\/marketplace\/course-detail\/no-such-course$/);
  await noViolations(page);

  // Its search finds courses (the call fires 2 s after the last keystroke, spec §7).
  const search = page.getByRole('combobox', { name: 'Search all courses' });
  await search.fill('inter');
  const results = page.getByRole('listbox', { name: 'Matching courses' });
  await expect(results.getByRole('option').first()).toContainText(/Interview/, { timeout: 10_000 });
  await search.fill('');

  await page.getByRole('link', { name: 'Go Back' }).click();
  await expect(page).toHaveURL(coursePage);
});

test('a group’s page counts what the group gave, labelled, not its members’ other tasks', async ({
  page,
}) => {
  await signIn(page, 'enterprise', 'owner@acme.example');
  const openGroup = async (name: string) => {
    await page.goto('/enterprise/groups');
    await page.getByRole('searchbox', { name: 'Search groups' }).fill(name);
    await page.getByRole('link', { name, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  };

  // Sales Onboarding holds the seeded tasks and gave them to each of its members.
  await openGroup('Sales Onboarding');
  const figures = page.locator('dl[aria-label="Tasks given through this group"]');
  await expect(figures).toBeVisible();
  for (const label of [
    'Assignments given',
    'In progress',
    'Completed',
    'Overdue',
    'Completed, waiting for review',
  ])
    await expect(figures.getByText(label, { exact: true })).toBeVisible();
  const given = Number(await figures.locator('dt:text-is("Assignments given") + dd').textContent());
  const memberCount = Number(((await page.getByText(/^\d+ members?$/).textContent()) ?? '').split(' ')[0]);
  const held = await page.getByRole('list', { name: 'Tasks the group holds' }).getByRole('listitem').count();
  expect(given).toBeGreaterThan(0);
  expect(given).toBeLessThanOrEqual(memberCount * held);
  await expect(page.locator('dl[aria-label="Videos given through this group"]')).toContainText(
    'Videos given',
  );
  await noViolations(page);

  // Interview Prep Cohort holds no task: its members' own tasks (the learner has several) are not its figures.
  await openGroup('Interview Prep Cohort');
  await expect(page.getByText('No tasks are assigned to this group yet.')).toBeVisible();
  await expect(page.locator('dl[aria-label="Tasks given through this group"]')).toHaveCount(0);
});

test('All Members Usage fits a 1280 px screen, and scrolls inside its card with a hint when narrower', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, 'admin', 'admin@coach.example');
  await page.goto('/admin/reports/all-members-usage');
  const table = page.getByRole('table', { name: 'Members' });
  await expect(table.getByRole('row').nth(2)).toBeVisible();
  const card = page.locator('.table-card');
  const lastHeading = table.getByRole('columnheader', { name: 'Last active' });
  const cardBox = await card.boundingBox();
  const headingBox = await lastHeading.boundingBox();
  expect(headingBox && cardBox && headingBox.x + headingBox.width <= cardBox.x + cardBox.width).toBe(true);
  await expect(page.getByText('Scroll sideways to see every column.')).toHaveCount(0);
  await noViolations(page);

  // Narrower (a tablet beside the menu): the table scrolls inside the card, says so, and the keyboard scrolls it.
  await page.setViewportSize({ width: 900, height: 900 });
  const scroller = page.getByRole('region', { name: 'Members table' });
  await expect(page.getByText('Scroll sideways to see every column.')).toBeVisible();
  await scroller.focus();
  await page.keyboard.press('End');
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => scroller.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
  await noViolations(page);
});

test('switching an enterprise’s feature off asks first and says what it closes', async ({ page }) => {
  await signIn(page, 'admin', 'admin@coach.example');
  await page.goto('/admin/enterprises');
  await page.getByRole('link', { name: 'Globex Training' }).first().click();
  const features = page.getByRole('group', { name: 'Features of Globex Training' });
  const flashCards = features.getByRole('switch', { name: 'Flash Cards' });
  await expect(flashCards).toBeChecked();

  await flashCards.click();
  const ask = page.getByRole('dialog', { name: 'Switch Flash Cards off for Globex Training?' });
  await expect(ask).toContainText('This closes the Flash Cards feature of the mobile apps');
  await noViolations(page);
  await ask.getByRole('button', { name: 'Cancel' }).click();
  await expect(ask).toBeHidden();
  await expect(flashCards).toBeChecked();
  await expect(flashCards).toBeFocused();

  // From the keyboard: Space asks, Enter on the confirm button switches it off.
  await page.keyboard.press('Space');
  await expect(ask).toBeVisible();
  await ask.getByRole('button', { name: 'Switch Flash Cards off' }).click();
  await expect(page.getByText('Flash Cards is off for Globex Training')).toBeVisible();
  await expect(flashCards).not.toBeChecked();

  // Switching on closes nothing, so it takes effect without a question.
  await flashCards.click();
  await expect(page.getByText('Flash Cards is on for Globex Training')).toBeVisible();
  await expect(flashCards).toBeChecked();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // The marketplace's question names the Courses menu.
  await page.goto('/admin/enterprises');
  await page.getByRole('link', { name: 'Acme Learning' }).first().click();
  await page
    .getByRole('group', { name: 'Features of Acme Learning' })
    .getByRole('switch', { name: 'MarketPlace' })
    .click();
  const market = page.getByRole('dialog', { name: 'Switch MarketPlace off for Acme Learning?' });
  await expect(market).toContainText('This closes the Courses menu and the course calls');
  await market.getByRole('button', { name: 'Cancel' }).click();
  await expect(
    page
      .getByRole('group', { name: 'Features of Acme Learning' })
      .getByRole('switch', { name: 'MarketPlace' }),
  ).toBeChecked();
});
