import path from 'node:path';
import { signIn } from '../support/auth.ts';
import { noViolations } from '../support/checks.ts';
import { expect, test } from '../support/fixtures.ts';

const fixture = (name: string) => path.join(import.meta.dirname, '../fixtures', name);

test('an avatar upload shows the new picture in the profile and the top bar', async ({ page }) => {
  await signIn(page, 'enterprise', 'staff@acme.example');
  await page.goto('/enterprise/profile');
  const card = page.getByRole('region', { name: 'Profile picture' });
  await expect(card.getByText('A PNG, JPEG or WebP image up to 5 MB.')).toBeVisible();

  // Bytes that are not an image are refused by the server, with its message.
  await card.getByLabel('Upload picture').setInputFiles(fixture('not-an-image.png'));
  await expect(card.getByRole('alert')).toHaveText("The file's content is not PNG");

  await card.getByLabel('Upload picture').setInputFiles(fixture('avatar.png'));
  await expect(page.getByText('Profile picture updated')).toBeVisible();
  const picture = card.getByRole('img', { name: 'Picture' });
  await expect(picture).toHaveAttribute('src', /^\/uploads\/avatar\/\d{4}-\d{2}\/[0-9a-f-]{36}\.png$/);
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(96);
  await expect(page.locator('img.user-menu__avatar')).toHaveAttribute('src', /^\/uploads\/avatar\//);
  await noViolations(page);

  // It stays after a reload (it was saved, not only shown).
  await page.reload();
  await expect(page.locator('img.user-menu__avatar')).toHaveAttribute('src', /^\/uploads\/avatar\//);
  await card.getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText('Profile picture removed')).toBeVisible();
  await expect(page.locator('img.user-menu__avatar')).toHaveCount(0);
});

test('a logo uploaded in settings appears in the top bar', async ({ page }) => {
  await signIn(page, 'enterprise', 'owner@acme.example');
  await page.goto('/enterprise/settings');
  const card = page.getByRole('region', { name: 'Logo' });
  await card.getByLabel('Upload logo').setInputFiles(fixture('logo.png'));
  await expect(page.getByText('Logo updated')).toBeVisible();
  await expect(page.locator('img.top-bar__logo-img')).toHaveAttribute('src', /^\/uploads\/logo\//);
  await card.getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText('Logo removed')).toBeVisible();
  await expect(page.locator('img.top-bar__logo-img')).toHaveCount(0);
});
