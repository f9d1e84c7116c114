import path from 'node:path';
import type { Page } from '@playwright/test';
import { signIn } from '../support/auth.ts';
import { noSideways, noViolations } from '../support/checks.ts';
import { expect, test } from '../support/fixtures.ts';

const menu = (page: Page) => page.getByRole('navigation', { name: 'Main menu' });
const fixture = (name: string) => path.join(import.meta.dirname, '../fixtures', name);

test('a platform admin adds, finds, edits, deletes and imports vocabulary', async ({ page }) => {
  await signIn(page, 'admin', 'admin@coach.example');

  await menu(page).getByRole('link', { name: 'Vocabulary List' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Vocabulary List' })).toBeVisible();
  const words = page.getByRole('table', { name: 'Words' });
  await expect(words.getByRole('row').filter({ hasText: 'agenda' })).toContainText('Meetings');
  await noViolations(page);

  // Add: the form checks first.
  await page.getByRole('button', { name: 'Add word' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add word' });
  await dialog.getByRole('button', { name: 'Add word' }).click();
  await expect(dialog.getByText('Please enter the word')).toBeVisible();
  await dialog.getByLabel('Word').fill('onboarding');
  await dialog.getByLabel('Meaning').fill('Helping a new employee settle into the job.');
  await dialog.getByLabel('Example sentence').fill('Her onboarding took two weeks.');
  await dialog.getByLabel('Level').selectOption({ label: 'Intermediate' });
  await dialog.getByLabel('Category').fill('Teamwork');
  await noViolations(page);
  await dialog.getByRole('button', { name: 'Add word' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Word added')).toBeVisible();

  // Find it by search.
  await page.getByRole('searchbox', { name: 'Search words' }).fill('onboard');
  await expect(words.getByRole('row')).toHaveCount(2);
  await expect(words.getByRole('row').filter({ hasText: 'onboarding' })).toContainText('Intermediate');

  // Edit.
  await page.getByRole('button', { name: 'Edit onboarding' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit onboarding' });
  await edit.getByLabel('Level').selectOption({ label: 'Advanced' });
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(edit).toBeHidden();
  await expect(page.getByText('Word updated')).toBeVisible();
  await expect(words.getByRole('row').filter({ hasText: 'onboarding' })).toContainText('Advanced');

  // Delete after confirming.
  await page.getByRole('button', { name: 'Delete onboarding' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete onboarding?' });
  await confirm.getByRole('button', { name: 'Delete word' }).click();
  await expect(page.getByText('Word deleted')).toBeVisible();
  await expect(page.getByText('No word matches')).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search words' }).fill('');

  // A file with a bad row imports nothing and names the line and column.
  await page.getByRole('button', { name: 'Import CSV' }).click();
  const importDialog = page.getByRole('dialog', { name: 'Import words from CSV' });
  // The file's level numbers as the screens name them.
  await expect(importDialog).toContainText('level 1 to 4: 1 Beginner, 2 Intermediate, 3 Advanced, 4 Master');
  await importDialog.getByLabel('Choose CSV file').setInputFiles(fixture('vocabulary-bad.csv'));
  await importDialog.getByRole('button', { name: 'Import' }).click();
  const result = importDialog.getByRole('region', { name: 'Import result' });
  await expect(result).toContainText('Nothing imported: 1 row needs fixing');
  const errorRow = result.getByRole('row').nth(1);
  await expect(errorRow).toContainText('3');
  await expect(errorRow).toContainText('level');
  await expect(errorRow).toContainText('Level must be 1 to 4');
  await noViolations(page);
  await importDialog.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('searchbox', { name: 'Search words' }).fill('benchmark');
  await expect(page.getByText('No word matches')).toBeVisible();

  // The corrected file imports every word.
  await page.getByRole('button', { name: 'Import CSV' }).click();
  await importDialog.getByLabel('Choose CSV file').setInputFiles(fixture('vocabulary-good.csv'));
  await importDialog.getByRole('button', { name: 'Import' }).click();
  await expect(importDialog.getByRole('region', { name: 'Import result' })).toContainText('2 words imported');
  await importDialog.getByRole('button', { name: 'Done' }).click();
  await expect(words.getByRole('row').filter({ hasText: 'benchmark' })).toContainText('Teamwork');
  await page.getByRole('searchbox', { name: 'Search words' }).fill('kickoff');
  await expect(words.getByRole('row').filter({ hasText: 'kickoff' })).toContainText('Beginner');

  // On a phone the list stacks without sideways scrolling.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('searchbox', { name: 'Search words' }).fill('');
  await expect(words.getByRole('row').filter({ hasText: 'agenda' })).toBeVisible();
  await noSideways(page);
});

test('a platform admin finds members across enterprises', async ({ page }) => {
  await signIn(page, 'admin', 'admin@coach.example');
  await menu(page).getByRole('link', { name: 'Members', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Members' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search members' }).fill('globex');
  const row = page
    .getByRole('table', { name: 'Members' })
    .getByRole('row')
    .filter({ hasText: 'Gina Globex' });
  await expect(row).toContainText('owner@globex.example');
  await expect(row).toContainText('Globex Training');
  await expect(page.getByRole('button', { name: 'Deactivate Gina Globex' })).toBeDisabled();
  await noViolations(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(row).toBeVisible();
  await noSideways(page);
});
