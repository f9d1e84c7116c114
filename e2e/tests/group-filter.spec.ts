import { signIn } from '../support/auth.ts';
import { expect, test } from '../support/fixtures.ts';

test('the group dropdown pages on scroll and searches after a pause in typing', async ({ page }) => {
  await signIn(page, 'enterprise', 'owner@acme.example');
  await page.getByRole('button', { name: /Group filter: All Groups/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Choose a group' });
  const options = dialog.getByRole('list', { name: 'Groups' }).getByRole('button');

  // "All Groups" plus the first page of 10.
  await expect(options).toHaveCount(11);
  // Scrolling to the end loads the next page (a fast scroll may load two: 21 or 31 rows).
  await dialog.locator('.group-filter__list').evaluate((list) => {
    list.scrollTop = list.scrollHeight;
  });
  await expect.poll(() => options.count()).toBeGreaterThanOrEqual(21);

  await dialog.getByPlaceholder(/search/i).fill('Office');
  await expect(options).toHaveCount(5);
  await expect(dialog.getByRole('button', { name: 'Sydney Office' })).toBeVisible();

  await dialog.getByRole('button', { name: 'Sydney Office' }).click();
  await expect(page.getByRole('button', { name: 'Group filter: Sydney Office' })).toBeVisible();
});
