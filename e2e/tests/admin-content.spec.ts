import path from 'node:path';
import type { Page } from '@playwright/test';
import { signIn } from '../support/auth.ts';
import { noSideways, noViolations } from '../support/checks.ts';
import { expect, test } from '../support/fixtures.ts';

const MEDIA = path.join(import.meta.dirname, '../../server/seed-media');
const GLOBEX_OWNER = 'owner@globex.example';

/** Globex's content library, searched for the title: the cards that match. */
const globexCards = async (page: Page, title: string) => {
  await page.goto('/enterprise/content-library');
  await page.getByRole('searchbox', { name: 'Search videos' }).fill(title);
  return page.getByRole('article', { name: title });
};

test('the platform admin adds a video, offers it to Globex, Globex sees it, and withdrawing hides it', async ({
  page,
  browser,
  baseURL,
}) => {
  const title = `Negotiation basics ${Date.now().toString(36)}`;
  await signIn(page, 'admin', 'admin@coach.example');

  await test.step('the library lists the seeded videos', async () => {
    await page.goto('/admin/content-library');
    await expect(page.getByRole('heading', { level: 1, name: 'Content Library' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Answering with STAR' })).toBeVisible();
    await noViolations(page);
  });

  await test.step('the editor checks, uploads and saves', async () => {
    await page.getByRole('button', { name: 'Add video' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Add video' })).toBeVisible();
    await page.getByRole('button', { name: 'Add video' }).click();
    await expect(page.getByText('Please enter the title')).toBeVisible();
    await expect(page.getByText('Upload the video file')).toBeVisible();
    await page.getByLabel('Title', { exact: true }).fill(title);
    await page.getByLabel('Description').fill('Aim high, listen more, trade rather than concede.');
    await page.getByLabel('Category', { exact: true }).selectOption({ label: 'Communication' });
    await page.getByRole('button', { name: 'Coach No coach' }).click();
    await page.getByRole('list', { name: 'Coaches' }).getByRole('button', { name: 'Amelia Chen' }).click();
    await expect(page.getByRole('button', { name: 'Coach Amelia Chen' })).toBeVisible();
    await page.getByLabel('Choose video file').setInputFiles(path.join(MEDIA, 'active-listening.mp4'));
    await expect(page.getByText('Video uploaded')).toBeVisible();
    await expect(page.getByLabel('Duration (seconds)')).not.toHaveValue('');
    await page.getByLabel('Upload thumbnail').setInputFiles(path.join(MEDIA, 'active-listening.jpg'));
    await expect(page.getByRole('img', { name: 'Thumbnail' })).toBeVisible();
    await page
      .getByLabel('Add subtitle file (.vtt)')
      .setInputFiles(path.join(MEDIA, 'active-listening.en.vtt'));
    await expect(page.getByLabel('Language code')).toHaveValue('en');
    await noViolations(page);
    await page.getByRole('button', { name: 'Add video' }).click();
    await expect(page.getByText('Video added')).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/content-library$/);
  });

  await test.step('offer it to Globex from the row menu', async () => {
    await page.getByRole('searchbox', { name: 'Search videos' }).fill(title);
    const row = page.getByRole('row').filter({ hasText: title });
    await expect(row).toContainText('Not offered');
    await row.getByRole('button', { name: `Actions for ${title}` }).click();
    await page.getByRole('menuitem', { name: 'Offer or withdraw' }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Assign content to enterprises' }),
    ).toBeVisible();
    await expect(page.getByRole('list', { name: 'Chosen videos' })).toContainText(title);
    await page.getByRole('checkbox', { name: /Globex Training/ }).check();
    await noViolations(page);
    await page.getByRole('button', { name: 'Offer 1 video' }).click();
    await expect(page.getByText('1 of 1 video-enterprise pair was newly offered')).toBeVisible();
  });

  const globexContext = await browser.newContext({ baseURL });
  const globex = await globexContext.newPage();
  await test.step("Globex's content library shows it", async () => {
    await signIn(globex, 'enterprise', GLOBEX_OWNER);
    await expect(await globexCards(globex, title)).toBeVisible();
  });

  await test.step("the video's edit page says Globex has it, and leads back to offer or withdraw", async () => {
    await page.goto('/admin/content-library');
    await page.getByRole('searchbox', { name: 'Search videos' }).fill(title);
    await page.getByRole('link', { name: title }).click();
    const offered = page.getByRole('region', { name: 'Enterprises that have this video' });
    await expect(offered.getByRole('link', { name: 'Globex Training' })).toBeVisible();
    await offered.getByRole('link', { name: 'Offer or withdraw' }).click();
    await expect(page.getByRole('list', { name: 'Chosen videos' })).toContainText(title);
    await page.getByRole('checkbox', { name: /Globex Training/ }).check();
  });

  await test.step('withdraw it after confirming; Globex no longer has it', async () => {
    await page.getByRole('radio', { name: 'Withdraw (unassign)' }).check();
    await page.getByRole('button', { name: 'Withdraw 1 video' }).click();
    await page
      .getByRole('dialog', { name: 'Withdraw 1 video?' })
      .getByRole('button', { name: 'Withdraw' })
      .click();
    await expect(page.getByText('1 of 1 video-enterprise pair was withdrawn')).toBeVisible();
    await globexCards(globex, title);
    await expect(globex.getByText('No video matches')).toBeVisible();
    await expect(globex.getByRole('article', { name: title })).toHaveCount(0);
  });
  await globexContext.close();

  await test.step('edit then delete it after confirming', async () => {
    await page.goto('/admin/content-library');
    await page.getByRole('searchbox', { name: 'Search videos' }).fill(title);
    await page.getByRole('link', { name: title }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Edit video' })).toBeVisible();
    await expect(page.getByLabel('Title', { exact: true })).toHaveValue(title);
    await expect(page.getByText('No enterprise has this video yet.')).toBeVisible();
    await page.getByLabel('Category', { exact: true }).selectOption({ label: 'Interview Skills' });
    // Leaving with unsaved changes asks first.
    await page.getByRole('link', { name: 'Cancel' }).click();
    const leave = page.getByRole('dialog', { name: 'Leave without saving?' });
    await leave.getByRole('button', { name: 'Keep editing' }).click();
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Video updated')).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search videos' }).fill(title);
    const row = page.getByRole('row').filter({ hasText: title });
    await expect(row).toContainText('Interview Skills');
    await row.getByRole('button', { name: `Actions for ${title}` }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await page
      .getByRole('dialog', { name: `Delete ${title}?` })
      .getByRole('button', { name: 'Delete video' })
      .click();
    await expect(page.getByText('Video deleted')).toBeVisible();
    await expect(page.getByText('No video matches')).toBeVisible();
  });
});

test('the content screens fit a 390 px phone', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, 'admin', 'admin@coach.example');
  for (const url of [
    '/admin/content-library',
    '/admin/create-content',
    '/admin/bulk-assign-unassign-content',
  ]) {
    await page.goto(url);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.locator('.spinner, [aria-busy="true"]')).toHaveCount(0);
    await noSideways(page);
  }
});
