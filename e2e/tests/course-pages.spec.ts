import { signIn } from '../support/auth.ts';
import { noViolations } from '../support/checks.ts';
import { expect, test } from '../support/fixtures.ts';

/**
 * A course page a buyer can decide on (what they will learn, the syllabus, the instructor,
 * enrolled learners' reviews), an enrolled learner reviewing and editing, and search ranking course names first.
 */

test('a visitor reads what a course teaches, its syllabus, its instructor and its reviews', async ({
  page,
}) => {
  // A seeded institution no journey changes: the home page's first card may be a course another worker's journey is
  // publishing and taking off sale, and its page is gone the moment it is.
  await page.goto('/marketplace/institution/ames-australia');
  await page.getByRole('main').locator('a[href^="/marketplace/course-detail/"]').first().click();
  await expect(page.getByRole('heading', { level: 2, name: 'What you will learn' })).toBeVisible();
  // Its cover is a drawn picture of the subject (cover-image.ts): the PNG is the fallback, and the browser loads and
  // decodes its AVIF copy of the page's width (640 px, the original's, at this 1280 px viewport).
  const cover = page.locator('img.course__cover');
  await expect(cover).toHaveAttribute('src', /^\/uploads\/course-image\/.+\.png$/);
  // Polled with the image's state, so a copy that never loads names itself in the failure.
  await expect
    .poll(() =>
      cover.evaluate((img: HTMLImageElement) => ({
        loaded: img.complete && img.naturalWidth > 0,
        currentSrc: img.currentSrc,
        complete: img.complete,
      })),
    )
    .toMatchObject({ loaded: true, currentSrc: expect.stringMatching(/\/uploads\/course-image\/.+\.avif$/) });
  const syllabus = page.locator('section[aria-labelledby="syllabus"]');
  await expect(syllabus.getByRole('heading', { level: 3, name: /^Module 1: / })).toBeVisible();
  await expect(syllabus).toContainText(/\d+ modules · \d+ lessons/);
  await expect(syllabus.getByText(/^\d+ min$/).first()).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Your instructor' })).toBeVisible();
  const reviews = page.locator('section[aria-labelledby="reviews"]');
  await expect(reviews).toContainText(/out of 5 from \d+ enrolled learners/);
  await expect(reviews.getByRole('img', { name: /out of 5 stars/ }).first()).toBeVisible();
  await expect(reviews.getByRole('link', { name: 'Sign in to review it' })).toBeVisible();
  await noViolations(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await noViolations(page);
});

test('only an enrolled learner reviews a course, once, and edits the review', async ({ page, request }) => {
  test.setTimeout(120_000);
  const institute = await request.post('/api/v1/marketplace/get-institute', {
    data: { slug: 'english-priority' },
  });
  const courses = (await institute.json()).response.courses as { _id: string; priceCents: number }[];
  const free = courses.find((course) => course.priceCents === 0);
  expect(free).toBeDefined();
  const coursePath = `/marketplace/course-detail/${free?._id}`;

  // Signed in but not enrolled: the form is not offered.
  await signIn(page, 'enterprise', 'learner@acme.example');
  await page.goto(coursePath);
  await expect(page.getByText('Only learners enrolled in this course can review it.')).toBeVisible();

  // Enrolled with the email they sign in with, they review it.
  await page.getByRole('button', { name: 'Enrol for free' }).click();
  const enrol = page.getByRole('dialog');
  await enrol.getByLabel('Name').fill('Lee Learner');
  await enrol.getByLabel('Email').fill('learner@acme.example');
  await enrol.getByRole('button', { name: 'Enrol', exact: true }).click();
  await expect(enrol.getByRole('status')).toBeVisible();
  await page.keyboard.press('Escape');
  await page.reload();
  const form = page.locator('form.review-form');
  await expect(page.getByRole('heading', { level: 3, name: 'Review this course' })).toBeVisible();
  await form.getByRole('button', { name: 'Save review' }).click();
  await expect(form.getByRole('alert')).toHaveText('Choose a rating from 1 to 5 stars');
  // The stars are radios: the keyboard picks one.
  await form.getByRole('radio', { name: '4 stars: very good' }).check();
  await form.getByLabel('What did you think? (optional)').fill('Short lessons I could use at work.');
  await noViolations(page);
  await form.getByRole('button', { name: 'Save review' }).click();
  await expect(page.getByText('Thank you: your review is saved.')).toBeVisible();
  await expect(
    page.getByText('Your review: 4 out of 5 · “Short lessons I could use at work.”'),
  ).toBeVisible();

  await page.getByRole('button', { name: 'Edit your review' }).click();
  await page.getByRole('radio', { name: '5 stars: excellent' }).check();
  await page.getByRole('button', { name: 'Save review' }).click();
  await expect(
    page.getByText('Your review: 5 out of 5 · “Short lessons I could use at work.”'),
  ).toBeVisible();

  // The site is rebuilt with it: one review by Lee L., the edited one.
  const reviews = page.locator('section[aria-labelledby="reviews"] .review').filter({ hasText: 'Lee L.' });
  await expect
    .poll(
      async () => {
        await page.reload();
        return reviews.count();
      },
      { timeout: 60_000, intervals: [2000] },
    )
    .toBe(1);
  await expect(reviews.getByRole('img', { name: '5 out of 5 stars' })).toBeVisible();
  await expect(reviews).toContainText('Short lessons I could use at work.');
});

test('the header search lists the Interview courses first for "inter"', async ({ page }) => {
  await page.goto('/marketplace/home');
  const search = page.getByRole('combobox', { name: 'Search courses' }).first();
  const dropdown = page.getByRole('listbox', { name: 'Matching courses' });
  // The search is an island hydrated when the page is idle: type again until it answers.
  await expect(async () => {
    await search.fill('');
    await search.fill('inter');
    await expect(dropdown).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  const options = dropdown.getByRole('option');
  await expect(options.first()).toContainText(/Interview/, { timeout: 10_000 });
  const names = await options.locator('.search__name').allTextContents();
  const firstOther = names.findIndex((name) => !/inter/i.test(name));
  const lastNameMatch = names.reduce((last, name, i) => (/inter/i.test(name) ? i : last), -1);
  expect(firstOther === -1 || firstOther > lastNameMatch).toBe(true);
});
