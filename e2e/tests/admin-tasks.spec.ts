import type { Page } from '@playwright/test';
import { signIn } from '../support/auth.ts';
import { noViolations } from '../support/checks.ts';
import { expect, test } from '../support/fixtures.ts';

/**
 * The platform task library. The admin writes a task in the same editor enterprises use, offers it
 * to Globex, whose library then shows it marked Platform and without Edit; withdrawn, it is gone.
 */
const stamp = Date.now().toString(36);
const title = `Platform reflection ${stamp}`;

const globexLibrary = async (page: Page) => {
  await page.goto('/enterprise/tasks-library');
  await page.getByRole('searchbox', { name: 'Search tasks' }).fill(stamp);
};

test('the platform admin writes a task, offers it to Globex, and withdraws it', async ({ page, browser }) => {
  await signIn(page, 'admin', 'admin@coach.example');
  await page
    .getByRole('navigation', { name: 'Main menu' })
    .getByRole('link', { name: 'Task Library' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Task Library' })).toBeVisible();
  await page.getByRole('link', { name: 'Create task' }).click();
  await page.getByRole('button', { name: /^Free Text Question and Answer\s*Learners/ }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'New platform Free Text Question and Answer task' }),
  ).toBeVisible();
  // The coach's drafts are an enterprise call: the platform editor does not offer them.
  await expect(page.getByRole('button', { name: 'Draft with the coach' })).toHaveCount(0);
  await page.getByLabel('Question 1', { exact: true }).fill('What did you learn this week?');
  await page.getByLabel('Title', { exact: true }).fill(title);
  await noViolations(page);
  await page.getByRole('button', { name: 'Create task' }).click();
  await expect(page.getByText('Task created successfully')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Enterprises that have it' })).toContainText(
    'Not offered yet',
  );

  await page.getByRole('link', { name: 'Offer or withdraw' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Offer tasks to enterprises' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Chosen tasks' })).toContainText(title);
  await page.getByRole('searchbox', { name: 'Search enterprises' }).fill('Globex');
  await page.getByRole('checkbox', { name: /^Globex Training/ }).check();
  await page.getByRole('button', { name: 'Offer 1 task' }).click();
  await expect(page.getByText('1 task offered')).toBeVisible();
  await noViolations(page);

  const globexContext = await browser.newContext();
  const globex = await globexContext.newPage();
  await signIn(globex, 'enterprise', 'owner@globex.example');
  await globexLibrary(globex);
  const card = globex.getByRole('article').filter({ hasText: title });
  await expect(card).toContainText('Platform');
  await card.getByRole('button', { name: `Actions for ${title}` }).click();
  await expect(globex.getByRole('menuitem', { name: 'Assign' })).toBeVisible();
  await expect(globex.getByRole('menuitem', { name: 'Edit' })).toHaveCount(0);
  await expect(globex.getByRole('menuitem', { name: 'Delete' })).toHaveCount(0);
  await globex.keyboard.press('Escape');

  await page.getByRole('radio', { name: 'Withdraw (unassign)' }).check();
  await page.getByRole('button', { name: 'Withdraw 1 task' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Withdraw' }).click();
  await expect(page.getByText('1 task withdrawn')).toBeVisible();

  await globexLibrary(globex);
  await expect(globex.getByText('No task matches')).toBeVisible();
  await globexContext.close();

  await page.goto('/admin/tasks-library');
  await page.getByRole('searchbox', { name: 'Search tasks' }).fill(stamp);
  await expect(page.getByRole('row').filter({ hasText: title })).toContainText('0 enterprises');
  await noViolations(page);
});
