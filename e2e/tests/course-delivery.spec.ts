import type { Page } from '@playwright/test';
import { enterCode, logOut, requestEmailCode, signIn, submitPassword } from '../support/auth.ts';
import { noSideways, noViolations } from '../support/checks.ts';
import { expect, test } from '../support/fixtures.ts';
import { outboxMark, readLinkPath } from '../support/outbox.ts';
import { shootBothWidths } from '../support/pages.ts';
import { islandLive } from '../support/site.ts';

// A paid course leads somewhere. A visitor buys a course, opens the mail's link, sets a password,
// signs in, finds the course in My courses and opens its first task; the institution refunds it and it is gone.

const SHOTS = process.env.COURSE_DELIVERY_SHOTS;
const INSTITUTION_ADMIN = 'courses@pacifictraining.example';
const PASSWORD = 'Vee-learns-2026';

const signInAs = async (page: Page, email: string) => {
  await page.goto('/login');
  await submitPassword(page, email, PASSWORD);
  await enterCode(page, await requestEmailCode(page, email));
  await expect(page).not.toHaveURL(/\/(login|auth-check)/);
};

test('a bought course arrives by mail, shows in My courses, opens its first task, and a refund takes it away', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const email = `vee.${Date.now()}@example.com`;

  // The visitor buys the first paid course of Pacific Training Group with the test card.
  await page.goto('/marketplace/institution/pacific-training-group');
  await page.locator('.course-card a').first().click();
  const enrol = page.getByRole('button', { name: /^Enrol now · / });
  await expect(enrol).toBeVisible();
  const courseId = /course-detail\/([^/?#]+)/.exec(page.url())?.[1] ?? '';
  const coursePage = page.url();
  const title = (await page.getByRole('heading', { level: 1 }).textContent()) ?? '';
  await islandLive(page, enrol);
  await enrol.click();
  const dialog = page.getByRole('dialog', { name: `Enrol in ${title}` });
  await dialog.getByLabel('Name').fill('Visitor Vee');
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByRole('button', { name: 'Continue to payment' }).click();
  await dialog.getByLabel('Card number').fill('4242 4242 4242 4242');
  await dialog.getByLabel('Expiry (MM/YY)').fill('12/30');
  await dialog.getByLabel('CVC').fill('123');
  const mark = outboxMark(email);
  await dialog.getByRole('button', { name: /^Pay / }).click();

  // Success leads with the mail, which says how to start whatever the address (the page says the same for
  // every one); signing in, second, is for a buyer with a password and leads to the sign-in bound for My courses.
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  await expect(
    page.getByText(`you are enrolled. We sent an email to ${email} that explains how to start`),
  ).toBeVisible();
  // The sign-in link carries the address bought with, filled in on a page that greets a learner, in the page's
  // language.
  const signInLink = page.getByRole('link', { name: 'Already have a password? Sign in' });
  await expect(signInLink).toHaveAttribute(
    'href',
    `/login?redirect=%2Fenterprise%2Fmy-courses&email=${encodeURIComponent(email)}&lang=en`,
  );
  await shootBothWidths(page, SHOTS, 'enrolled');
  await signInLink.click();
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await expect(
    page.getByText('Sign in with the email you enrolled with to start your course.'),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Create a company account' })).toHaveCount(0);

  // The mail's one-time link sets a password; signing in takes the second factor from the outbox.
  const link = await readLinkPath(email, mark);
  expect(link).toMatch(/^\/password\/reset\//);
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Welcome! Choose your password' })).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Set password' }).click();
  // On to the learner's sign-in (the mail's link carried My courses), the address filled in.
  await expect(page).toHaveURL(
    new RegExp(
      `/login\\?redirect=%2Fenterprise%2Fmy-courses&email=${encodeURIComponent(email).replace(/\./g, '\\.')}$`,
    ),
  );
  const learnerSignIn = page.url();
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(email);
  await expect(
    page.getByText('Sign in with the email you enrolled with to start your course.'),
  ).toBeVisible();
  // The link was for one use.
  await page.goto(link);
  await expect(page.getByText('This link is invalid or has expired')).toBeVisible();
  // Signing in there, the second step still greets a learner, and the way ends in My courses.
  await page.goto(learnerSignIn);
  await submitPassword(page, email, PASSWORD);
  const code = await requestEmailCode(page, email);
  await expect(page.locator('.auth__wordmark')).toHaveText('Coach for learners');
  await enterCode(page, code);
  await expect(page).toHaveURL(/\/enterprise\/my-courses$/);

  // My courses, from the menu: the course with its progress and a Continue to its first task.
  await page.getByRole('link', { name: 'My Courses' }).first().click();
  await expect(page).toHaveURL(/\/enterprise\/my-courses$/);
  const card = page
    .getByRole('list', { name: 'My courses' })
    .getByRole('listitem')
    .filter({ hasText: title });
  await expect(card).toBeVisible();
  await expect(card).toContainText('By Pacific Training Group');
  // The category and level in words, not the keys of a translation file that was never loaded.
  await expect(card.locator('.my-course__meta').first()).toHaveText(
    /^(Public Speaking|Business English|Interview Skills|Academic English|Leadership Communication|Pronunciation) · (Beginner|Intermediate|Advanced|Master)$/,
  );
  await expect(card).toContainText('0 of 2 tasks done');
  await expect(card.getByRole('progressbar', { name: `Progress in ${title}` })).toHaveAttribute(
    'aria-valuenow',
    '0',
  );
  // What the course holds, on demand: its two tasks, neither started, each with a way in.
  await card.getByRole('button', { name: 'Show course contents' }).click();
  const lessons = card.getByRole('list', { name: `Contents of ${title}` }).getByRole('listitem');
  await expect(lessons.filter({ hasText: 'Task' })).toHaveCount(2);
  await expect(lessons.filter({ hasText: 'Not started' })).toHaveCount(2);
  await expect(lessons.first().getByRole('link', { name: /^Open / })).toBeVisible();
  await noViolations(page);
  await shootBothWidths(page, SHOTS, 'my-courses');
  await page.setViewportSize({ width: 390, height: 844 });
  await noSideways(page);
  await page.setViewportSize({ width: 1280, height: 720 });
  await card.getByRole('link', { name: `Continue ${title}` }).click();
  await expect(page).toHaveURL(/\/enterprise\/my-tasks\/view\//);
  // The course group's first unfinished task: the seed gives it two, assigned at the same moment.
  await expect(page.getByRole('heading', { level: 1, name: /^Course start: / })).toBeVisible();

  // Back on the course's marketplace page, the enrolled learner is offered the course, not Enrol.
  await page.goto(coursePage);
  await expect(page.getByText('You are enrolled in this course.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to course' }).first()).toHaveAttribute(
    'href',
    '/enterprise/my-courses',
  );
  await expect(page.getByRole('button', { name: /^Enrol now · / })).toHaveCount(0);
  await page.getByRole('link', { name: 'Go to course' }).first().click();
  await expect(page).toHaveURL(/\/enterprise\/my-courses$/);
  await logOut(page);

  // The institution sees the enrolment and its learner, and refunds it after confirming.
  await signIn(page, 'enterprise', INSTITUTION_ADMIN);
  await page.goto(`/enterprise/course-enrollments/${courseId}`);
  const row = page.getByRole('row').filter({ hasText: email });
  await expect(row).toContainText('Visitor Vee');
  await expect(row).toContainText('Paid');
  await expect(row).toContainText('Has access');
  // What the course has taken counts the refund apart, once it is made.
  const refunded = page.getByLabel('Takings').getByRole('definition').nth(2);
  const refundsBefore = Number(/^\d+/.exec((await refunded.textContent()) ?? '')?.[0]);
  await row.getByRole('button', { name: 'Refund Visitor Vee' }).click();
  const confirm = page.getByRole('dialog', { name: 'Refund Visitor Vee?' });
  await expect(confirm).toContainText('Their account stays');
  await shootBothWidths(page, SHOTS, 'refund-confirm');
  await confirm.getByRole('button', { name: 'Refund' }).click();
  await expect(row).toContainText('Refunded');
  await expect(row).toContainText('Access removed');
  await expect(refunded).toContainText(`${refundsBefore + 1} · `);
  await shootBothWidths(page, SHOTS, 'enrolments');
  await logOut(page);

  // The learner keeps the account, but the course is gone from My courses.
  await signInAs(page, email);
  await page.goto('/enterprise/my-courses');
  await expect(page.getByRole('heading', { name: 'No courses yet' })).toBeVisible();
  await shootBothWidths(page, SHOTS, 'my-courses-empty');
  // And its page offers Enrol again.
  await page.goto(coursePage);
  await expect(page.getByRole('button', { name: /^Enrol now · / })).toBeVisible();
  await expect(page.getByText('You are enrolled in this course.')).toHaveCount(0);
});
