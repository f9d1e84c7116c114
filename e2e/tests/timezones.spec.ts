import { logOut, signIn } from '../support/auth.ts';
import { noViolations } from '../support/checks.ts';
import { expect, test } from '../support/fixtures.ts';

test('the enterprise admin sets a default timezone and a learner chooses their own (spec §9)', async ({
  page,
}) => {
  await signIn(page, 'enterprise', 'owner@acme.example');
  await page.goto('/enterprise/settings');
  const card = page.getByRole('region', { name: 'Timezone' });
  await card.getByRole('button', { name: /Default timezone/ }).click();
  const search = page.getByRole('combobox', { name: 'Search timezones' });
  await expect(search).toBeFocused();
  await search.fill('madrid');
  // (The options of the zone list: Settings has other lists, such as the role of single sign-on's new members.)
  await expect(page.getByRole('listbox', { name: 'Timezones' }).getByRole('option')).toHaveCount(1);
  await noViolations(page);
  await search.press('Enter');
  await card.getByRole('button', { name: 'Save timezone' }).click();
  await expect(page.getByText('Default timezone set to Europe/Madrid')).toBeVisible();

  // The learner has no timezone of their own: the organisation's default is theirs until they choose one.
  await logOut(page);
  await signIn(page, 'enterprise', 'learner@acme.example');
  await page.goto('/enterprise/profile');
  const trigger = page.getByRole('button', { name: /^Timezone/ });
  await expect(trigger).toContainText('Organisation default (Europe/Madrid)');
  await trigger.click();
  await page.getByRole('combobox', { name: 'Search timezones' }).fill('sydney');
  await page.getByRole('option', { name: /Australia\/Sydney/ }).click();
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Profile updated')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('button', { name: /^Timezone/ })).toContainText('Australia/Sydney');
  await noViolations(page);

  // Put the learner back on the default for the other journeys.
  await page.getByRole('button', { name: /^Timezone/ }).click();
  await page.getByRole('option', { name: /Organisation default/ }).click();
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Profile updated')).toBeVisible();
});
