import type { Page } from '@playwright/test';
import { signIn } from '../support/auth.ts';
import { noSideways, noViolations } from '../support/checks.ts';
import { expect, test } from '../support/fixtures.ts';

const menu = (page: Page) => page.getByRole('navigation', { name: 'Main menu' });

test('an admin adds, finds, edits and deletes a reading topic, then sets a group’s pronunciation passing score', async ({
  page,
}) => {
  await signIn(page, 'enterprise', 'owner@acme.example');

  await menu(page).getByRole('link', { name: 'Reading Topics' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Reading Topics' })).toBeVisible();
  const topics = page.getByRole('table', { name: 'Reading topics' });
  await expect(topics.getByRole('row').filter({ hasText: 'Leading a stand-up meeting' })).toContainText(
    'Beginner',
  );
  await expect(page.getByText('3 reading topics · Page 1 of 1')).toBeVisible();
  await noViolations(page);

  // Add: the form checks first, then counts words as the passage is typed.
  await page.getByRole('button', { name: 'Add reading topic' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add reading topic' });
  await dialog.getByRole('button', { name: 'Add topic' }).click();
  await expect(dialog.getByText('Please enter a title')).toBeVisible();
  await expect(dialog.getByText('Please enter the passage')).toBeVisible();
  await dialog.getByLabel('Title').fill('Running a retrospective');
  await dialog.getByLabel('Level').selectOption({ label: 'Intermediate' });
  await dialog
    .getByLabel('Passage')
    .fill('Start with what went well. Then ask what slowed the team down, and agree one change to try.');
  await expect(dialog.getByText('18 words')).toBeVisible();
  await noViolations(page);
  await dialog.getByRole('button', { name: 'Add topic' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Reading topic added')).toBeVisible();

  // Find it by search (after the typing pause).
  await page.getByRole('searchbox', { name: 'Search reading topics' }).fill('retro');
  await expect(topics.getByRole('row')).toHaveCount(2);
  const row = topics.getByRole('row').filter({ hasText: 'Running a retrospective' });
  await expect(row).toContainText('Intermediate');
  await expect(row).toContainText('18');

  // Edit: a new title and level, a shorter passage.
  await page.getByRole('button', { name: 'Edit Running a retrospective' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Running a retrospective' });
  await edit.getByLabel('Title').fill('Running a sprint retrospective');
  await edit.getByLabel('Level').selectOption({ label: 'Advanced' });
  await edit.getByLabel('Passage').fill('Celebrate, reflect, then commit to one change.');
  await expect(edit.getByText('7 words')).toBeVisible();
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(edit).toBeHidden();
  await expect(page.getByText('Reading topic updated')).toBeVisible();
  const edited = topics.getByRole('row').filter({ hasText: 'Running a sprint retrospective' });
  await expect(edited).toContainText('Advanced');
  await expect(edited).toContainText('Celebrate, reflect');

  // Delete asks first; Cancel keeps it.
  await page.getByRole('button', { name: 'Delete Running a sprint retrospective' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete Running a sprint retrospective?' });
  await expect(confirm).toContainText('Tasks already made from it keep their passage');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(edited).toBeVisible();
  await page.getByRole('button', { name: 'Delete Running a sprint retrospective' }).click();
  await page
    .getByRole('dialog', { name: 'Delete Running a sprint retrospective?' })
    .getByRole('button', { name: 'Delete topic' })
    .click();
  await expect(page.getByText('Reading topic deleted')).toBeVisible();
  await expect(page.getByText('No reading topic matches your search')).toBeVisible();

  // Configurations > Pronunciation: every group, the defaults marked, one group's passing score set.
  await menu(page).getByRole('button', { name: 'Configurations' }).click();
  await menu(page).getByRole('link', { name: 'Pronunciation' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Pronunciation' })).toBeVisible();
  await expect(page.getByText('30 groups · Page 1 of 3')).toBeVisible();
  await noViolations(page);
  await page.getByRole('searchbox', { name: 'Search groups' }).fill('Mentors');
  const groups = page.getByRole('table', { name: 'Groups' });
  await expect(groups.getByRole('row')).toHaveCount(2);
  const mentors = groups.getByRole('row').filter({ hasText: 'Mentors' });
  await expect(mentors).toContainText('Default');
  await expect(mentors).toContainText('70');

  await page.getByRole('button', { name: 'Edit Mentors' }).click();
  const settings = page.getByRole('dialog', { name: 'Pronunciation for Mentors' });
  await settings.getByLabel('Passing score').fill('101');
  await settings.getByRole('button', { name: 'Save settings' }).click();
  await expect(settings.getByText('Passing score is 0 to 100')).toBeVisible();
  await settings.getByLabel('Passing score').fill('85');
  await settings.getByLabel('Accent').selectOption({ label: 'British English' });
  await settings.getByLabel('Strictness').selectOption({ label: 'Strict' });
  await expect(settings.getByText('near-native sounds')).toBeVisible();
  await noViolations(page);
  await settings.getByRole('button', { name: 'Save settings' }).click();
  await expect(settings).toBeHidden();
  await expect(page.getByText('Pronunciation settings updated')).toBeVisible();
  await expect(mentors).toContainText('85');
  await expect(mentors).toContainText('British English');
  await expect(mentors).toContainText('Strict');
  await expect(mentors).not.toContainText('Default');

  // Both screens fit a 390 px phone without sideways scrolling.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(mentors).toBeVisible();
  await noSideways(page);
  await page.goto('/enterprise/reading-topics');
  await expect(
    topics.getByRole('row').filter({ hasText: 'Handling a difficult customer call' }),
  ).toBeVisible();
  await noSideways(page);
});
