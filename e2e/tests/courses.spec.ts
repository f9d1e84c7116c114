import path from 'node:path';
import { signIn } from '../support/auth.ts';
import { noViolations } from '../support/checks.ts';
import { expect, test } from '../support/fixtures.ts';

test('an institution admin creates a course, publishes it, and it appears on the marketplace', async ({
  page,
  request,
}) => {
  // Two site rebuilds (publish, then unpublish), each waiting its turn behind the other worker's server's build.
  test.setTimeout(120_000);
  await signIn(page, 'enterprise', 'courses@youstudy.example');
  await page
    .getByRole('navigation', { name: 'Main menu' })
    .getByRole('link', { name: 'Courses', exact: true })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Courses' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Courses' }).getByRole('row')).toHaveCount(10);
  await noViolations(page);

  await page.getByRole('link', { name: 'New course' }).click();
  await page.getByRole('button', { name: 'Create draft' }).click();
  await expect(page.getByText('Please enter the course name')).toBeVisible();
  await page.getByLabel('Course name').fill('Small Talk at Work');
  await page.getByLabel('Category').selectOption('Business English');
  await page.getByLabel('Level').selectOption('Intermediate');
  await page
    .getByLabel('Description')
    .fill(
      'Start conversations with colleagues and keep them going, with daily practice alongside the AI coach.',
    );
  await page.getByLabel('Price').fill('abc');
  await page.getByLabel('Duration').fill('3 weeks');
  await page.getByRole('button', { name: 'Create draft' }).click();
  await expect(page.getByText('Enter a price like 129 or 129.50')).toBeVisible();
  await page.getByLabel('Price').fill('149.50');
  await page.getByLabel('Upload cover').setInputFiles(path.join(import.meta.dirname, '../fixtures/logo.png'));
  await expect(page.getByRole('img', { name: 'Cover' })).toHaveAttribute('src', /^\/uploads\/course-image\//);
  await noViolations(page);
  await page.getByRole('button', { name: 'Create draft' }).click();
  await expect(page.getByText('Course created as a draft')).toBeVisible();

  const row = page.getByRole('row').filter({ hasText: 'Small Talk at Work' });
  await expect(row).toContainText('Draft');
  await expect(row).toContainText('$149.50');
  const href = (await row.getByRole('link', { name: 'Edit Small Talk at Work' }).getAttribute('href')) ?? '';
  const courseId = href.split('/').pop() ?? '';
  await row.getByRole('button', { name: 'Publish Small Talk at Work' }).click();
  await expect(page.getByText('Course published to the marketplace')).toBeVisible();
  await expect(row).toContainText('Published');

  // The server rebuilds the static site in the background and swaps it in; a visitor who comes at once is told the
  // page is coming (not that it may have been unpublished) and gets it without reloading by hand.
  await page.goto(`/marketplace/course-detail/${courseId}`);
  await expect(
    page.getByRole('heading', {
      level: 1,
      name: /^(Small Talk at Work|This course has just been published)$/,
    }),
  ).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Sorry, page not found' })).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1, name: 'Small Talk at Work' })).toBeVisible({
    timeout: 60_000,
  });
  await expect(
    page.getByRole('main').getByRole('link', { name: 'You Study International College' }).first(),
  ).toBeVisible();

  // Unpublishing asks first, then the page leaves the site.
  await page.goto('/enterprise/courses');
  await page.getByRole('button', { name: 'Unpublish Small Talk at Work' }).click();
  await page
    .getByRole('dialog', { name: 'Unpublish Small Talk at Work?' })
    .getByRole('button', { name: 'Unpublish' })
    .click();
  await expect(page.getByText('Course taken off the marketplace')).toBeVisible();
  // At once, not after the site's rebuild: nobody reaches a course no longer on sale.
  expect((await request.get(`/marketplace/course-detail/${courseId}`)).status()).toBe(404);
});

test('the course screens send a role without admin to unauthorized', async ({ page }) => {
  await signIn(page, 'enterprise', 'staff@acme.example');
  await page.goto('/enterprise/courses');
  await expect(page).toHaveURL(/\/enterprise\/unauthorized$/);
});
