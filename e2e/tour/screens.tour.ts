import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { requestEmailCode, signIn, submitPassword } from '../support/auth.ts';

const shot = async (page: Page, name: string) => {
  const dir = path.join(import.meta.dirname, '..', 'screens', test.info().project.name);
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
};

test('public screens', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
  await shot(page, 'login');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await shot(page, 'login-errors');
  await page.goto('/forgot-password');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await shot(page, 'forgot-password');
  await page.goto('/register');
  await expect(page.getByRole('button', { name: 'Create account' })).toBeVisible();
  await shot(page, 'register');
  await page.goto('/admin/login');
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
  await shot(page, 'admin-login');
  await page.goto('/404');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await shot(page, 'not-found');
  await page.goto('/marketplace/home');
  await expect(page.locator('h1').first()).toBeVisible();
  await shot(page, 'marketplace-home');
});

test('enterprise screens', async ({ page }) => {
  await page.goto('/login');
  await submitPassword(page, 'owner@acme.example');
  await expect(page.getByRole('button', { name: 'Send code' })).toBeVisible();
  await shot(page, 'auth-check-choose');
  const code = await requestEmailCode(page, 'owner@acme.example');
  await shot(page, 'auth-check-enter');
  await page.getByLabel('Verification code').fill(code);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /Olivia/ })).toBeVisible();
  await expect(page.locator('.activity-chart canvas')).toBeVisible();
  await shot(page, 'dashboard');
  await page.locator('.user-menu__trigger').click();
  await expect(page.getByRole('menu')).toBeVisible();
  await shot(page, 'user-menu');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: /Group filter/ }).click();
  await expect(page.getByRole('dialog', { name: 'Choose a group' })).toBeVisible();
  await shot(page, 'group-filter');
  await page.keyboard.press('Escape');
  for (const screen of [
    'profile',
    'members',
    'groups',
    'groups/manage',
    'settings',
    'help',
    'company-info',
    'roles',
  ]) {
    await page.goto(`/enterprise/${screen}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await shot(page, `enterprise-${screen.replace('/', '-')}`);
  }
  await page.goto('/enterprise/members');
  await page.getByRole('button', { name: 'Invite member' }).click();
  await expect(page.getByRole('dialog', { name: 'Invite a member' })).toBeVisible();
  await shot(page, 'enterprise-members-invite');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Import CSV' }).click();
  await page
    .getByLabel('Choose CSV file')
    .setInputFiles(path.join(import.meta.dirname, '../fixtures/members.csv'));
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(page.getByRole('region', { name: 'Import result' })).toBeVisible();
  await shot(page, 'enterprise-members-import');
  await page.keyboard.press('Escape');
  await page.getByRole('searchbox', { name: 'Search members' }).fill('learner@');
  await page.getByRole('link', { name: 'Lee Learner' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Lee Learner' })).toBeVisible();
  await shot(page, 'enterprise-member-detail');
  await page.goto('/enterprise/roles');
  await page.getByRole('button', { name: 'Edit Staff' }).click();
  await expect(page.getByRole('dialog', { name: 'Edit Staff' })).toBeVisible();
  await shot(page, 'enterprise-roles-edit');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Delete Learner' }).click();
  await expect(page.getByRole('dialog', { name: 'Delete Learner?' })).toBeVisible();
  await shot(page, 'enterprise-roles-delete');
});

test('admin screens', async ({ page }) => {
  await signIn(page, 'admin', 'admin@coach.example');
  await expect(page.getByRole('heading', { level: 1, name: /Platform/ })).toBeVisible();
  await shot(page, 'admin-dashboard');
  await page.goto('/admin/enterprises');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await shot(page, 'admin-enterprises');
  await page.getByRole('link', { name: 'Acme Learning' }).click();
  await expect(page.getByRole('group', { name: 'Features of Acme Learning' })).toBeVisible();
  await shot(page, 'admin-enterprise-detail');
  for (const screen of [
    'enterprises/members',
    'tasks-library',
    'content-library',
    'bulk-assign-unassign-content',
    'bulk-assign-unassign-task',
    'vocabulary',
    'reports/all-members-usage',
    'reports/app-user-counts',
    'reports/feature-usage',
    'profile',
  ]) {
    await page.goto(`/admin/${screen}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await shot(page, `admin-${screen.replaceAll('/', '-')}`);
  }
  await page.goto('/admin/content-library');
  await page.getByRole('link', { name: 'Active listening' }).first().click();
  await expect(page.getByRole('region', { name: 'Enterprises that have this video' })).toContainText(
    'Globex',
  );
  await shot(page, 'admin-content-edit');
});

test('marketplace screens', async ({ page }) => {
  await page.goto('/marketplace/home');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.locator('.course-card img').first().scrollIntoViewIfNeeded();
  await shot(page, 'market-home');
  await page.goto('/marketplace/institution/ames-australia');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await shot(page, 'market-institution');
  await page.locator('.course-card a').first().click();
  await expect(page.getByRole('button', { name: /^Enrol/ })).toBeVisible();
  await shot(page, 'market-course');
  await page.getByRole('button', { name: 'Enquire about this course' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await shot(page, 'market-enquiry');
  await page.keyboard.press('Escape');
  await page.goto('/story-up');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await shot(page, 'market-landing');
});

test('course screens', async ({ page }) => {
  await signIn(page, 'enterprise', 'courses@englishpriority.example');
  await page.goto('/enterprise/courses');
  await expect(page.getByRole('table', { name: 'Courses' })).toBeVisible();
  await shot(page, 'enterprise-courses');
  await page
    .getByRole('link', { name: /^Edit / })
    .first()
    .click();
  await expect(page.getByRole('button', { name: 'Save changes' })).toBeVisible();
  await shot(page, 'enterprise-course-edit');
});

test('task screens', async ({ page }) => {
  await signIn(page, 'enterprise', 'owner@acme.example');
  await page.goto('/enterprise/tasks-library');
  await expect(page.getByRole('list', { name: 'Read tasks' })).toBeVisible();
  await shot(page, 'enterprise-tasks-library');
  await page.getByRole('link', { name: 'Folders', exact: true }).click();
  await expect(page.getByRole('list', { name: 'Folders' })).toBeVisible();
  await shot(page, 'enterprise-task-folders');
  await page.getByRole('link', { name: 'Onboarding week' }).click();
  await expect(page.getByRole('table', { name: 'Tasks in Onboarding week' })).toBeVisible();
  await shot(page, 'enterprise-task-folder');
  await page.goto('/enterprise/create-task');
  await expect(page.getByRole('heading', { level: 2, name: 'What kind of task?' })).toBeVisible();
  await shot(page, 'enterprise-create-task');
  await page.getByRole('button', { name: /^Multiple Choice Question/ }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'New Multiple Choice Question task' }),
  ).toBeVisible();
  await shot(page, 'enterprise-create-task-form');
  await page.getByRole('button', { name: 'Create task' }).click();
  await expect(page.getByText('Please enter a title')).toBeVisible();
  await shot(page, 'enterprise-create-task-errors');
  await page.goto('/enterprise/tasks-library');
  await page.getByRole('link', { name: 'Quiz: running effective meetings' }).click();
  await expect(page.getByRole('table', { name: 'Members' })).toBeVisible();
  await shot(page, 'enterprise-task-view');
  await page.getByRole('button', { name: 'Assign', exact: true }).click();
  await expect(page.getByRole('list', { name: 'Matching groups' })).toBeVisible();
  await shot(page, 'enterprise-task-assign');
  await page.keyboard.press('Escape');
  await page.goto('/enterprise/bulk-assign-task');
  await expect(page.getByRole('list', { name: 'Tasks' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Matching groups' })).toBeVisible();
  await shot(page, 'enterprise-bulk-assign-task');
  await page.goto('/enterprise/reading-topics');
  await expect(page.getByRole('table', { name: 'Reading topics' })).toBeVisible();
  await shot(page, 'enterprise-reading-topics');
  await page.goto('/enterprise/config/pronunciation');
  await expect(page.getByRole('table', { name: 'Groups' })).toBeVisible();
  await shot(page, 'enterprise-pronunciation');
  await page.goto('/enterprise/dashboard');
  await page
    .getByRole('region', { name: 'Completed tasks to review' })
    .getByRole('link', { name: 'Review Quiz: running effective meetings by Lee Learner' })
    .click();
  await expect(page.getByText('Multiple Choice Question · Lee Learner’s attempt')).toBeVisible();
  await shot(page, 'enterprise-member-task');
});

test('learner task screens', async ({ page }) => {
  await signIn(page, 'enterprise', 'learner@acme.example');
  await page.goto('/enterprise/my-tasks');
  await expect(page.getByRole('list', { name: 'Due tasks' })).toBeVisible();
  await shot(page, 'enterprise-my-tasks');
  await page.getByRole('link', { name: 'Read aloud: opening a customer call' }).click();
  await expect(page.getByRole('button', { name: 'Record the passage' })).toBeVisible();
  await shot(page, 'enterprise-my-task-record');
  await page.goto('/enterprise/my-tasks?tab=done');
  await page.getByRole('link', { name: 'Quiz: running effective meetings' }).click();
  await expect(page.getByText('You completed this task')).toBeVisible();
  await shot(page, 'enterprise-my-task-done');
});

test('content screens', async ({ page }) => {
  await signIn(page, 'enterprise', 'owner@acme.example');
  await page.goto('/enterprise/content-library');
  await expect(page.getByRole('list', { name: 'Interview Skills videos' })).toBeVisible();
  await page.locator('.video-card img').last().scrollIntoViewIfNeeded();
  await shot(page, 'enterprise-content-library');
  const actions = (name: string) =>
    page
      .getByRole('article', { name: 'Active listening' })
      .getByRole('button', { name: 'Actions for Active listening' })
      .click()
      .then(() => page.getByRole('menuitem', { name }).click());
  await actions('Assign');
  await expect(page.getByRole('dialog', { name: 'Assign video' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Matching groups' })).toBeVisible();
  await shot(page, 'enterprise-content-assign');
  await page.keyboard.press('Escape');
  await actions('Who watched');
  await expect(page.getByRole('list', { name: 'Members with this video' })).toBeVisible();
  await shot(page, 'enterprise-content-who-watched');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Play Active listening' }).click();
  const player = page.getByRole('dialog', { name: 'Active listening' });
  const video = player.locator('video');
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.duration)).toBeGreaterThan(5);
  await shot(page, 'enterprise-content-player');
  // Played to the end (muted, at 4x: the library's videos are about 50 s), closing asks the journaling questions.
  await video.evaluate((v: HTMLVideoElement) => {
    v.muted = true;
    v.playbackRate = 4;
    return v.play();
  });
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.ended), { timeout: 30_000 }).toBe(true);
  await player.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'Reflect on the video' })).toBeVisible();
  await shot(page, 'enterprise-content-journaling');
});
