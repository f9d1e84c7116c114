import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { signIn } from '../support/auth.ts';
import { noViolations } from '../support/checks.ts';
import { expect, test } from '../support/fixtures.ts';

/**
 * An admin builds a survey, assigns it to the learner's group and publishes it; the learner
 * answers it from My Tasks, held back by a required question first; the admin reads the results for everyone and
 * for the group, and exports them as CSV. The three tests share the survey, so they run in order.
 */
test.describe.configure({ mode: 'serial' });

const OWNER = 'owner@acme.example';
const LEARNER = 'learner@acme.example';
/** One of the seeded groups Lee Learner is in (ACME_GROUPS[4] in the seed). */
const GROUP = 'Melbourne Office';
const stamp = new Date()
  .toISOString()
  .replace(/[-:T.Z]/g, '')
  .slice(4, 14);
const TITLE = `Lunch survey ${stamp}`;
const Q1 = 'Which lunch would you like on Fridays?';
const Q2 = 'How many days a week do you eat at your desk?';
/** Typed by the learner: a spreadsheet would run it if the export let it start a cell. */
const OTHER = 'Dumplings from the corner shop';

const menu = (page: Page) => page.getByRole('navigation', { name: 'Main menu' });
const tab = (page: Page, name: string) => page.getByRole('tab', { name });

/** The survey's results, from the list's Results link. */
const openResults = async (page: Page) => {
  await menu(page).getByRole('link', { name: 'Surveys' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Surveys' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search surveys' }).fill(stamp);
  await page.getByRole('link', { name: `Results of ${TITLE}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
  await expect(tab(page, 'Results')).toHaveAttribute('aria-selected', 'true');
};

test('an admin builds a survey, previews it, assigns it to a group and publishes it', async ({ page }) => {
  await signIn(page, 'enterprise', OWNER);
  await menu(page).getByRole('link', { name: 'Surveys' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Surveys' })).toBeVisible();
  // The seeded surveys: an active one with answers and a draft.
  const seeded = page.getByRole('row', { name: /Team communication pulse/ });
  await expect(seeded).toContainText('Active');
  await expect(seeded).toContainText('6 of 9');
  await expect(page.getByRole('row', { name: /Training preferences 2026/ })).toContainText('Draft');
  await noViolations(page);

  await page.getByRole('link', { name: 'New survey' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New survey' })).toBeVisible();
  await page.getByLabel('Title', { exact: true }).fill(TITLE);
  await page.getByLabel('Due date').selectOption({ label: '7 days after publishing' });

  const first = page.getByRole('group', { name: 'Question 1' });
  await first.getByLabel('Question', { exact: true }).fill(Q2);
  await first.getByRole('textbox', { name: 'Option 1' }).fill('None');
  await first.getByRole('textbox', { name: 'Option 2' }).fill('1-2 days');
  await first.getByRole('button', { name: 'Add option' }).click();
  await first.getByRole('textbox', { name: 'Option 3' }).fill('+3 days');
  await first.getByRole('checkbox', { name: 'An answer is required' }).uncheck();

  await page.getByRole('button', { name: 'Add question' }).click();
  const second = page.getByRole('group', { name: 'Question 2' });
  await second.getByLabel('Question', { exact: true }).fill(Q1);
  await second.getByRole('textbox', { name: 'Option 1' }).fill('Salad bar');
  await second.getByRole('textbox', { name: 'Option 2' }).fill('Pasta');
  await second.getByRole('checkbox', { name: /Offer an “Other” answer/ }).check();
  await second.getByLabel('Label of the “Other” answer').fill('Something else');
  // The required question goes first: moved up with the keyboard.
  await second.getByRole('button', { name: 'Move question 2 up' }).focus();
  await page.keyboard.press('Enter');
  await expect(
    page.getByRole('group', { name: 'Question 1' }).getByLabel('Question', { exact: true }),
  ).toHaveValue(Q1);
  await noViolations(page);
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByText('Survey saved as a draft')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
  await expect(page.getByText(/Members do not see it until you publish it/)).toBeVisible();

  await tab(page, 'Preview').click();
  await page.getByRole('button', { name: 'Submit answers' }).click();
  await expect(page.getByRole('group', { name: new RegExp(Q1) })).toContainText(
    'Please answer this question',
  );
  await noViolations(page);

  await tab(page, 'Assign').click();
  await page.getByRole('searchbox', { name: 'Find groups' }).fill('Melbourne');
  await page
    .getByRole('list', { name: 'Matching groups' })
    .getByRole('checkbox', { name: new RegExp(`^${GROUP}`) })
    .check();
  // And one person outside the group, directly.
  await page.getByRole('searchbox', { name: 'Find members' }).fill('staff@acme');
  await page
    .getByRole('list', { name: 'Matching members' })
    .getByRole('checkbox', { name: /^Sam Staff/ })
    .check();
  await page.getByRole('button', { name: 'Assign', exact: true }).click();
  await expect(page.getByText('Assigned to 1 group and 1 member')).toBeVisible();
  const assigned = page.getByRole('list', { name: 'Assigned groups and members' });
  await expect(assigned).toContainText(GROUP);
  await expect(assigned).toContainText('Sam Staff');
  await noViolations(page);

  // Publishing asks first, saying whom the survey goes to.
  await page.getByRole('button', { name: 'Publish' }).click();
  const confirm = page.getByRole('dialog', { name: 'Publish this survey?' });
  await expect(confirm).toContainText('Assigned to 1 group and 1 member.');
  await noViolations(page);
  await confirm.getByRole('button', { name: 'Publish' }).click();
  await expect(
    page.getByText('Survey published: the members it is assigned to can answer it now'),
  ).toBeVisible();
  await expect(page.getByText(/Members answer it until/)).toBeVisible();
});

test('the learner answers it from My Tasks once every required question has an answer', async ({ page }) => {
  await signIn(page, 'enterprise', LEARNER);
  await menu(page).getByRole('link', { name: 'My Tasks' }).click();
  const mine = page.getByRole('region', { name: /Surveys/ });
  await expect(mine.getByRole('listitem').filter({ hasText: TITLE })).toContainText('Not answered yet');
  await noViolations(page);
  await mine.getByRole('link', { name: TITLE }).click();
  await expect(page.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();

  const required = page.getByRole('group', { name: new RegExp(Q1) });
  const optional = page.getByRole('group', { name: new RegExp(Q2) });
  await expect(required).toContainText('Choose one answer · Required');
  await expect(optional).toContainText('Choose one answer · Optional');
  await optional.getByRole('radio', { name: '+3 days' }).check();
  await page.getByRole('button', { name: 'Submit answers' }).click();
  await expect(required).toContainText('Please answer this question');
  await expect(page.getByText('One question needs your attention.')).toBeVisible();
  await noViolations(page);

  await required.getByRole('radio', { name: 'Something else' }).check();
  await required.getByLabel(/^Your answer for “\u2068Something else\u2069”$/).fill(OTHER);
  await page.getByRole('button', { name: 'Submit answers' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Thank you: your answers are saved' }),
  ).toBeVisible();
  await expect(
    page.getByText(/You answered on .* You can change your answers until the survey closes/),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Update my answers' })).toBeVisible();

  await page.getByRole('link', { name: 'Back to My Tasks' }).click();
  await expect(
    page
      .getByRole('region', { name: /Surveys/ })
      .getByRole('listitem')
      .filter({ hasText: TITLE }),
  ).toContainText('Answered');
});

test('the admin reads the results for everyone and for the group, and exports them as CSV', async ({
  page,
}) => {
  await signIn(page, 'enterprise', OWNER);
  await openResults(page);
  const bars = page.getByRole('list', { name: 'Answers to question 1' });
  await expect(bars.getByRole('listitem').filter({ hasText: 'Something else' })).toContainText('1 (100%)');
  await expect(bars.getByRole('listitem').filter({ hasText: 'Pasta' })).toContainText('0 (0%)');
  await expect(page.getByText(OTHER)).toBeVisible();
  // Melbourne Office's five members and Sam Staff have it; the learner answered.
  const figures = page.locator('.survey-results__figures');
  await expect(figures).toContainText(/Responses\s*1\s*Assigned\s*6\s*Response rate\s*17%/);
  await expect(page.getByRole('row', { name: new RegExp(`${GROUP}`) })).toContainText('20%');
  await noViolations(page);

  // The top-bar group filter narrows the results to the group's members.
  await page.getByRole('button', { name: /Group filter/ }).click();
  const chooser = page.getByRole('dialog', { name: 'Choose a group' });
  await chooser.getByPlaceholder(/search/i).fill('Melbourne');
  await chooser.getByRole('button', { name: GROUP }).click();
  await expect(page.getByText(`Members of ${GROUP} only`, { exact: false })).toBeVisible();
  await expect(figures).toContainText(/Responses\s*1\s*Assigned\s*5\s*Response rate\s*20%/);

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`survey-lunch-survey-${stamp}-melbourne-office.csv`);
  const csv = readFileSync((await download.path()) ?? '', 'utf8');
  const [header, row, end] = csv.split('\r\n');
  expect(header).toBe(`Member,Email,Submitted,Last changed,${Q1},${Q2}`);
  expect(row).toMatch(/^Lee Learner,learner@acme\.example,/);
  expect(row).toContain(`,Something else: ${OTHER},`);
  // A cell starting with + would run as a formula: it leaves with a quote mark in front.
  expect(row?.endsWith(",'+3 days")).toBe(true);
  expect(end).toBe('');
  await expect(page.getByText('1 response exported')).toBeVisible();
});
