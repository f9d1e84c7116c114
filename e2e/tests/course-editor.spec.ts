import { signIn } from '../support/auth.ts';
import { noViolations } from '../support/checks.ts';
import { expect, test } from '../support/fixtures.ts';

/**
 * An institution says in its course editor what a course teaches, its syllabus and who
 * teaches it, and the marketplace page shows them once the course is published.
 */

test('an institution admin writes what a course teaches, its syllabus and its instructor, and the course page shows them', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  // English Priority: the courses journey counts You Study's courses.
  await signIn(page, 'enterprise', 'courses@englishpriority.example');
  await page.goto('/enterprise/create-courses');
  await page.getByLabel('Course name').fill('Calls That Get Answers');
  await page.getByLabel('Category').selectOption('Business English');
  await page
    .getByLabel('Description')
    .fill('Make and return work calls with confidence, practising each call with the AI coach.');
  await page.getByLabel('Price').fill('89');
  await page.getByLabel('Duration').fill('2 weeks');

  const outcomes = page.getByRole('region', { name: 'What learners will learn' });
  await outcomes.getByRole('button', { name: 'Add outcome' }).click();
  await outcomes.getByLabel('Outcome 1', { exact: true }).fill('Leave a voicemail that gets a call back');

  const syllabus = page.getByRole('region', { name: 'Syllabus' });
  await syllabus.getByRole('button', { name: 'Add module' }).click();
  const module = syllabus.getByRole('group', { name: 'Module 1' });
  // The new module's title has the cursor, and the module comes with its first lesson.
  await expect(module.getByLabel('Module title')).toBeFocused();
  await page.keyboard.type('Voicemail');
  await module.getByLabel('Lesson 1', { exact: true }).fill('Calling back');
  await module.getByLabel('Minutes of lesson 1 of module 1').fill('10');
  await module.getByRole('button', { name: 'Add lesson to module 1' }).click();
  await expect(module.getByLabel('Lesson 2', { exact: true })).toBeFocused();
  await page.keyboard.type('Thirty seconds that work');
  await module.getByLabel('Minutes of lesson 2 of module 1').fill('20');
  // Reordered from the keyboard: the second lesson goes first.
  await module.getByRole('button', { name: 'Move lesson 2 of module 1 up' }).focus();
  await page.keyboard.press('Enter');
  await expect(module.getByLabel('Lesson 1', { exact: true })).toHaveValue('Thirty seconds that work');
  await expect(syllabus).toContainText('1 module · 2 lessons · 30 min in all');

  const instructor = page.getByRole('region', { name: 'Instructor' });
  await instructor.getByLabel("Instructor's name").fill('Ana Ruiz');
  await instructor.getByLabel('About the instructor').fill('Ana trained call-centre teams for ten years.');
  await noViolations(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await noViolations(page);
  await page.setViewportSize({ width: 1280, height: 720 });

  await page.getByRole('button', { name: 'Create draft' }).click();
  await expect(page.getByText('Course created as a draft')).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: 'Calls That Get Answers' });
  const href =
    (await row.getByRole('link', { name: 'Edit Calls That Get Answers' }).getAttribute('href')) ?? '';
  const courseId = href.split('/').pop() ?? '';

  // The editor reads it back.
  await row.getByRole('link', { name: 'Edit Calls That Get Answers' }).click();
  await expect(
    page.getByRole('region', { name: 'Syllabus' }).getByLabel('Lesson 1', { exact: true }),
  ).toHaveValue('Thirty seconds that work');
  await page.getByRole('link', { name: 'Cancel' }).click();

  await page.getByRole('button', { name: 'Publish Calls That Get Answers' }).click();
  await expect(page.getByText('Course published to the marketplace')).toBeVisible();
  // The server rebuilds the static site in the background and swaps it in.
  await expect
    .poll(async () => (await request.get(`/marketplace/course-detail/${courseId}`)).status(), {
      timeout: 60_000,
    })
    .toBe(200);
  await page.goto(`/marketplace/course-detail/${courseId}`);
  await expect(page.getByRole('heading', { level: 2, name: 'What you will learn' })).toBeVisible();
  await expect(page.getByText('Leave a voicemail that gets a call back')).toBeVisible();
  const outline = page.locator('section[aria-labelledby="syllabus"]');
  // The title the institution typed is isolated in the sentence (first-strong isolate marks around it).
  await expect(
    outline.getByRole('heading', { level: 3, name: /^Module 1: \u2068?Voicemail\u2069?$/ }),
  ).toBeVisible();
  await expect(outline.locator('.syllabus__lessons li')).toHaveText([
    /Thirty seconds that work\s*20 min/,
    /Calling back\s*10 min/,
  ]);
  const teacher = page.locator('section[aria-labelledby="instructor"]');
  await expect(teacher).toContainText('Ana Ruiz');
  await expect(teacher).toContainText('Ana trained call-centre teams for ten years.');

  // Taken off again, so the marketplace keeps the seeded count the other journeys read.
  await page.goto('/enterprise/courses');
  await page.getByRole('button', { name: 'Unpublish Calls That Get Answers' }).click();
  await page
    .getByRole('dialog', { name: 'Unpublish Calls That Get Answers?' })
    .getByRole('button', { name: 'Unpublish' })
    .click();
  await expect(page.getByText('Course taken off the marketplace')).toBeVisible();
  await expect
    .poll(async () => (await request.get(`/marketplace/course-detail/${courseId}`)).status(), {
      timeout: 60_000,
    })
    .toBe(404);
});
