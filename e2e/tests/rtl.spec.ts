import path from 'node:path';
import type { Page } from '@playwright/test';
import { signIn } from '../support/auth.ts';
import { noSideways } from '../support/checks.ts';
import { expect, test } from '../support/fixtures.ts';

/**
 * Right to left (spec §9: ar, fa, ps): the layout mirrors from the document's direction alone.
 * The page is turned right to left here whatever its language, so the CSS is checked apart from translations.
 * With RTL_SCREENS=<folder> each screen is also saved there at the test's width, for a person to look at.
 */

const rightToLeft = async (page: Page) => {
  await page.evaluate(() => {
    document.documentElement.dir = 'rtl';
  });
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
};

const shot = async (page: Page, name: string) => {
  const folder = process.env.RTL_SCREENS;
  if (!folder) return;
  const width = page.viewportSize()?.width ?? 0;
  await page.screenshot({ path: path.join(folder, `${name}-${width}.png`), fullPage: true });
  await page.screenshot({ path: path.join(folder, `${name}-${width}-top.png`) });
};

const openScreen = async (page: Page, url: string, ready: () => Promise<void>) => {
  await page.goto(url);
  await ready();
  await rightToLeft(page);
};

const learnerRunsATask = async (page: Page) => {
  await signIn(page, 'enterprise', 'learner@acme.example');
  await page.goto('/enterprise/my-tasks');
  await page.locator('.task-card__link').first().click();
  await expect(page).toHaveURL(/\/enterprise\/my-tasks\/view\//);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await rightToLeft(page);
  await shot(page, 'rtl-task');
  await noSideways(page);
};

/**
 * The marketplace's home and a course page in each of the nine languages: Arabic, Dari and
 * Pashto right to left by their own pages; the six left-to-right ones turned right to left here, so the mirrored
 * CSS is checked with every language's words (the longest labels included). None scrolls sideways.
 */
const SITE_PREFIXES = [
  ['', 'ltr'],
  ['/ar', 'rtl'],
  ['/fa', 'rtl'],
  ['/hi', 'ltr'],
  ['/zh-Hans', 'ltr'],
  ['/ps', 'rtl'],
  ['/es', 'ltr'],
  ['/uk', 'ltr'],
  ['/vi', 'ltr'],
] as const;

const marketplaceHomeAndCourse = async (page: Page) => {
  for (const [prefix, dir] of SITE_PREFIXES) {
    const ready = () => expect(page.locator('h1').first()).toBeVisible();
    await page.goto(`${prefix}/marketplace/home`);
    await ready();
    await expect(page.locator('html'), prefix).toHaveAttribute('dir', dir);
    if (dir === 'ltr') await rightToLeft(page);
    await shot(page, `rtl-marketplace-home${prefix.replace('/', '-')}`);
    await noSideways(page);
    const course = await page.locator('a[href*="/marketplace/course-detail/"]').first().getAttribute('href');
    expect(course, prefix).toMatch(new RegExp(`^${prefix}/marketplace/course-detail/`));
    await page.goto(course ?? '');
    await ready();
    if (dir === 'ltr') await rightToLeft(page);
    await shot(page, `rtl-course${prefix.replace('/', '-')}`);
    await noSideways(page);
  }
};

test.describe('at 1280 px', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('the owner sees the sidebar on the right and the members list mirrored', async ({ page }) => {
    await signIn(page, 'enterprise', 'owner@acme.example');
    await openScreen(page, '/enterprise/dashboard', () =>
      expect(page.locator('.activity-chart canvas')).toBeVisible(),
    );
    const sidebar = await page.locator('.sidebar').boundingBox();
    const main = await page.locator('.shell__main').boundingBox();
    expect(sidebar && main).toBeTruthy();
    if (!sidebar || !main) return;
    // The sidebar touches the right edge and the page's content lies to its left.
    expect(Math.round(sidebar.x + sidebar.width)).toBe(1280);
    expect(main.x + main.width).toBeLessThanOrEqual(sidebar.x + 1);
    // uPlot's axes stay left to right, readable.
    await expect(page.locator('.activity-chart')).toHaveAttribute('dir', 'ltr');
    await shot(page, 'rtl-dashboard');

    await openScreen(page, '/enterprise/members', () =>
      expect(page.getByRole('heading', { level: 1, name: 'Members' })).toBeVisible(),
    );
    const email = page.locator('.members__email').first();
    await expect(email).toBeVisible();
    // An email keeps its own order inside the right-to-left row.
    expect(await email.evaluate((node) => getComputedStyle(node).direction)).toBe('ltr');
    const cell = await page.locator('.table tbody tr').first().locator('td').nth(1).boundingBox();
    const row = await page.locator('.table tbody tr').first().boundingBox();
    // Columns run from the right: the first cells sit in the right half of the row.
    if (cell && row) expect(cell.x + cell.width / 2).toBeGreaterThan(row.x + row.width / 2);
    await shot(page, 'rtl-members');

    // A member's page: its link back to the list points right, the way back in a right-to-left page.
    await page.locator('.members__link').first().click();
    const back = page.getByRole('link', { name: 'Members', exact: true }).and(page.locator('.back-link'));
    await expect(back).toBeVisible();
    await rightToLeft(page);
    expect(await back.evaluate((node) => getComputedStyle(node, '::before').transform)).toBe(
      'matrix(-1, 0, 0, 1, 0, 0)',
    );
    await shot(page, 'rtl-member');

    await openScreen(page, '/enterprise/reports', () =>
      expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible(),
    );
    await expect(page.locator('.activity-chart canvas')).toBeVisible();
    await expect(page.locator('.activity-chart')).toHaveAttribute('dir', 'ltr');
    await shot(page, 'rtl-reports');
  });

  test('the learner runs a task right to left', async ({ page }) => {
    await learnerRunsATask(page);
  });

  test('the marketplace home and a course page mirror', async ({ page }) => {
    await marketplaceHomeAndCourse(page);
  });

  test("the platform admin's closed submenu caret points left, right to left", async ({ page }) => {
    await signIn(page, 'admin', 'admin@coach.example');
    const caret = page.locator('.side-menu__parent[aria-expanded="false"] .side-menu__caret').first();
    await expect(caret).toBeVisible();
    const transform = () => caret.evaluate((node) => getComputedStyle(node).transform);
    expect(await transform()).toBe('none');
    await rightToLeft(page);
    // scaleX(-1): the ▸ turns to ◂.
    await expect.poll(transform).toBe('matrix(-1, 0, 0, 1, 0, 0)');
    await shot(page, 'rtl-admin');

    // A switch that is on has its thumb at the left end, right to left (Acme's feature switches).
    await page.goto('/admin/enterprises');
    await page
      .getByRole('table', { name: 'Enterprises' })
      .getByRole('link', { name: 'Acme Learning' })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Acme Learning' })).toBeVisible();
    await rightToLeft(page);
    const on = page.getByRole('switch', { checked: true }).first();
    await expect(on).toBeVisible();
    const thumbAt = async () => {
      const track = await on.boundingBox();
      const thumb = await on.locator('.switch__thumb').boundingBox();
      return track && thumb ? thumb.x + thumb.width / 2 - (track.x + track.width / 2) : 0;
    };
    await expect.poll(thumbAt).toBeLessThan(0);
    await shot(page, 'rtl-enterprise');
  });
});

test.describe('at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test("the owner's screens fit the phone right to left and the drawer opens from the right", async ({
    page,
  }) => {
    await signIn(page, 'enterprise', 'owner@acme.example');
    await openScreen(page, '/enterprise/dashboard', () =>
      expect(page.locator('.activity-chart canvas')).toBeVisible(),
    );
    await shot(page, 'rtl-dashboard');
    await noSideways(page);
    await page.getByRole('button', { name: 'Toggle menu' }).click();
    const drawer = page.locator('.drawer');
    await expect(drawer).toBeVisible();
    const box = await drawer.boundingBox();
    expect(box && Math.round(box.x + box.width)).toBe(390);
    await shot(page, 'rtl-drawer');
    // Dismissed, the drawer gives the focus back to the menu button; a page chosen in it takes the focus to its content.
    await page.keyboard.press('Escape');
    await expect(page.getByRole('button', { name: 'Toggle menu' })).toBeFocused();
    await page.getByRole('button', { name: 'Toggle menu' }).click();
    await drawer.getByRole('link', { name: 'Members' }).click();
    await expect(page).toHaveURL(/\/enterprise\/members$/);
    await expect(page.locator('#main-content')).toBeFocused();

    await openScreen(page, '/enterprise/members', () =>
      expect(page.getByRole('heading', { level: 1, name: 'Members' })).toBeVisible(),
    );
    await shot(page, 'rtl-members');
    await noSideways(page);

    await openScreen(page, '/enterprise/reports', () =>
      expect(page.locator('.activity-chart canvas')).toBeVisible(),
    );
    await shot(page, 'rtl-reports');
    await noSideways(page);
  });

  test('the learner runs a task right to left on a phone', async ({ page }) => {
    await learnerRunsATask(page);
  });

  test('the marketplace home and a course page fit the phone right to left', async ({ page }) => {
    await marketplaceHomeAndCourse(page);
  });
});
