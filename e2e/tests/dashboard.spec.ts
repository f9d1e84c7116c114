import type { Page } from '@playwright/test';
import { signIn } from '../support/auth.ts';
import { noViolations } from '../support/checks.ts';
import { expect, test } from '../support/fixtures.ts';

const figure = (page: Page, label: string) =>
  page
    .locator('.stat')
    .filter({ has: page.getByRole('term').filter({ hasText: new RegExp(`^${label}$`) }) })
    .locator('.stat__value');

test('the dashboard shows the figures for a period and for the group chosen in the top bar', async ({
  page,
}) => {
  await signIn(page, 'enterprise', 'owner@acme.example');
  await expect(figure(page, 'Members')).toBeVisible();
  await expect(page.locator('.activity-chart canvas')).toBeVisible();
  await noViolations(page);

  const everyone = Number(await figure(page, 'Members').textContent());
  expect(everyone).toBeGreaterThanOrEqual(63);
  await expect(page.getByText(/% in the last 30 days/)).toBeVisible();

  // The company figures' period (My progress above has its own for the speaking trend).
  const period = page.getByRole('group', { name: 'Period', exact: true });
  await period.locator('label', { hasText: '7 days' }).click();
  await expect(period.getByRole('radio', { name: '7 days' })).toBeChecked();
  await expect(page.getByText(/% in the last 7 days/)).toBeVisible();

  await page.getByRole('button', { name: /Group filter: All Groups/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Choose a group' });
  await dialog.getByPlaceholder(/search/i).fill('Mentors');
  await dialog.getByRole('button', { name: 'Mentors' }).click();
  await expect(page.getByRole('heading', { name: 'Company activity in Mentors' })).toBeVisible();
  await expect.poll(async () => Number(await figure(page, 'Members').textContent())).toBeLessThan(everyone);
});

test('the demo video opens from the dashboard and plays', async ({ page }) => {
  await signIn(page, 'enterprise', 'learner@acme.example');
  await page.getByRole('button', { name: 'Watch the demo' }).click();
  const dialog = page.getByRole('dialog', { name: 'Your personal growth platform' });
  await expect(dialog).toBeVisible();
  const video = dialog.locator('video');
  await expect(video).toHaveAttribute('src', '/media/platform-demo.mp4');
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState)).toBeGreaterThan(0);
  // A narrated walkthrough of the product, captioned.
  expect(await video.evaluate((v: HTMLVideoElement) => v.duration)).toBeGreaterThan(45);
  expect(await video.evaluate((v: HTMLVideoElement) => v.videoWidth)).toBeGreaterThanOrEqual(854);
  const captions = video.locator('track[kind="captions"], track[kind="subtitles"]');
  await expect(captions).toHaveCount(2);
  await expect(video.locator('track[srclang="en"]')).toHaveAttribute('src', '/media/platform-demo.en.vtt');
  const cues = await page.request.get('/media/platform-demo.en.vtt');
  expect(cues.ok()).toBe(true);
  expect(await cues.text()).toContain('pronunciation task');
  expect(await video.evaluate((v: HTMLVideoElement) => v.volume)).toBe(0.8);
  await noViolations(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});
