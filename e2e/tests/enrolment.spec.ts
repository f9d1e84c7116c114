import type { Page } from '@playwright/test';
import { noViolations } from '../support/checks.ts';
import { expect, test } from '../support/fixtures.ts';
import { outboxMark, readMessage } from '../support/outbox.ts';
import { shootBothWidths } from '../support/pages.ts';
import { islandLive } from '../support/site.ts';

const openPaidCourse = async (page: Page) => {
  await page.goto('/marketplace/institution/pacific-training-group');
  await page.locator('.course-card a').first().click();
  await expect(page.getByRole('button', { name: /^Enrol now · / })).toBeVisible();
  return (await page.getByRole('heading', { level: 1 }).textContent()) ?? '';
};

const startEnrolment = async (page: Page, title: string, email: string) => {
  const enrol = page.getByRole('button', { name: /^Enrol now · / });
  await islandLive(page, enrol);
  await enrol.click();
  const dialog = page.getByRole('dialog', { name: `Enrol in ${title}` });
  await dialog.getByLabel('Name').fill('Visitor Vee');
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByRole('button', { name: 'Continue to payment' }).click();
  return dialog;
};

const payWith = async (page: Page, dialog: ReturnType<Page['getByRole']>, cardNumber: string) => {
  await expect(dialog.getByRole('note')).toContainText('Test mode');
  await dialog.getByLabel('Card number').fill(cardNumber);
  // Typed as people type it: "1230" reads 12/30, the slash put in as they type.
  const expiry = dialog.getByLabel('Expiry (MM/YY)');
  await expiry.fill('');
  await expiry.pressSequentially('1230');
  await expect(expiry).toHaveValue('12/30');
  await dialog.getByLabel('CVC').fill('123');
  await dialog.getByRole('button', { name: /^Pay / }).click();
  await expect(page).toHaveURL(/\/marketplace\/paymentstatus\?paymentId=/);
};

test('a visitor enrols and pays with the test card, sees success, and cannot pay twice', async ({ page }) => {
  test.slow();
  const email = 'vee.paid@example.com';
  const title = await openPaidCourse(page);
  const dialog = await startEnrolment(page, title, email);
  await noViolations(page);
  // Each problem beside its field, the first focused, not above the form or in a corner.
  const pay = dialog.getByRole('button', { name: /^Pay / });
  const cardNumber = dialog.getByLabel('Card number');
  await dialog.getByLabel('Expiry (MM/YY)').fill('13');
  await pay.click();
  await expect(cardNumber).toHaveAccessibleDescription('Enter the 16 digits of the card');
  await expect(cardNumber).toBeFocused();
  await expect(dialog.getByLabel('Expiry (MM/YY)')).toHaveAccessibleDescription(
    'Enter the expiry as MM/YY, for example 12/30',
  );
  await expect(dialog.getByLabel('CVC')).toHaveAccessibleDescription('Enter the 3 or 4 digit security code');
  await noViolations(page);
  await shootBothWidths(page, process.env.SITE_SHOTS_DIR, 'en-payment-errors');
  // The server's answer about a field goes beside it too.
  await cardNumber.fill('5555 5555 5555 4444');
  await dialog.getByLabel('Expiry (MM/YY)').fill('12/30');
  await dialog.getByLabel('CVC').fill('123');
  await pay.click();
  await expect(cardNumber).toHaveAccessibleDescription(/^Test mode: use 4242 4242 4242 4242/);
  await expect(cardNumber).toHaveAttribute('aria-invalid', 'true');

  const mark = outboxMark(email);
  await payWith(page, dialog, '4242 4242 4242 4242');
  // The mail says how to start (a password to set, a sign-in, or the institution's word): reading it leads, the
  // same words for every address; signing in is second, for a buyer who has a password.
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  await expect(page.getByText(title)).toBeVisible();
  await expect(page.getByText(`We sent an email to ${email} that explains how to start`)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Already have a password? Sign in' })).toHaveClass(
    'button button--secondary',
  );
  await expect(page.getByRole('link', { name: 'Sign in to start' })).toHaveCount(0);
  expect(await readMessage(email, mark)).toContain(`Subject: You are enrolled in ${title}`);
  await noViolations(page);

  await page.getByRole('link', { name: 'Back to the course' }).click();
  const again = await startEnrolment(page, title, email);
  // Told so, with the sign-in that leads to the course.
  await expect(again.getByRole('alert')).toHaveText(
    'You are already enrolled in this course with this email. Already have a password? Sign in',
  );
  await expect(
    again.getByRole('alert').getByRole('link', { name: 'Already have a password? Sign in' }),
  ).toHaveAttribute('href', /^\/login\?redirect=/);
});

test('a declined card shows the failure, creates no enrolment, and Try again reopens the card step', async ({
  page,
}) => {
  const email = 'vee.declined@example.com';
  const title = await openPaidCourse(page);
  // Nothing typed: each missing answer beside its field, in sentence case.
  const enrol = page.getByRole('button', { name: /^Enrol now · / });
  await islandLive(page, enrol);
  await enrol.click();
  const details = page.getByRole('dialog', { name: `Enrol in ${title}` });
  await details.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(details.getByLabel('Name')).toHaveAccessibleDescription('Please enter your name');
  // The error first, then the note every buyer reads before paying (the same for every address).
  await expect(details.getByLabel('Email')).toHaveAccessibleDescription(
    /^Please enter your email\s+The course opens in a learner account under this email\./,
  );
  await expect(details.getByLabel('Name')).toBeFocused();
  // An address that is not one is told beside its field by the contract's rule, before anything is sent.
  const sent: string[] = [];
  page.on('request', (request) => {
    if (/\/(get-user-details|generate-secret)$/.test(request.url())) sent.push(request.url());
  });
  await details.getByLabel('Name').fill('Visitor Vee');
  await details.getByLabel('Email').fill('pat@');
  await details.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(details.getByLabel('Email')).toHaveAccessibleDescription(
    /^Please enter a valid email\s+The course opens in a learner account under this email\./,
  );
  await expect(details.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
  await expect(details.getByLabel('Email')).toBeFocused();
  expect(sent).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(details).toBeHidden();
  const dialog = await startEnrolment(page, title, email);
  await payWith(page, dialog, '4000 0000 0000 0002');
  await expect(page.getByRole('heading', { name: 'Payment declined' })).toBeVisible();
  await expect(page.getByText('no enrolment was created')).toBeVisible();

  // Try again reopens the dialog at the card step with the name and email this tab kept (nothing personal in the
  // address: a fragment), never the card. No enrolment exists: a fresh payment, not "already enrolled".
  const tryAgain = page.getByRole('link', { name: 'Try again' });
  await expect(tryAgain).toHaveAttribute('href', /\/marketplace\/course-detail\/[^/?#]+#enrol$/);
  const secret = page.waitForRequest((request) =>
    request.url().endsWith('/api/v1/marketplace/generate-secret'),
  );
  await tryAgain.click();
  expect((await secret).postDataJSON()).toMatchObject({ name: 'Visitor Vee', email });
  const again = page.getByRole('dialog', { name: `Enrol in ${title}` });
  await expect(again.getByRole('note')).toContainText('Test mode');
  await expect(again.getByLabel('Card number')).toHaveValue('');
  // The fragment is gone, so a reload does not start another payment.
  expect(new URL(page.url()).hash).toBe('');
});
