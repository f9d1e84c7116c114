import type { Page } from '@playwright/test';
import { logOut, signIn } from '../support/auth.ts';
import { noViolations } from '../support/checks.ts';
import { expect, test } from '../support/fixtures.ts';
import { pickerBox } from '../support/pages.ts';

/**
 * An admin authors a task of each type, files two in a folder and assigns three to the learner's group;
 * the learner does them (one recorded with Chromium's fake microphone); the admin reviews one and leaves
 * feedback, which the learner then reads. The three tests share their tasks, so they run in order.
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
const title = {
  read: `Read the visitor policy ${stamp}`,
  pronunciation: `Say the product names ${stamp}`,
  video: `Watch the STAR method ${stamp}`,
  questions: `Talk about your week ${stamp}`,
  readRecord: `Read the safety briefing aloud ${stamp}`,
  interview: `Interview for store manager ${stamp}`,
  freeText: `Write about a hard call ${stamp}`,
  choice: `Meeting habits quiz ${stamp}`,
};
const folderName = `Audio practice ${stamp}`;
const FEEDBACK = 'Clear and calm — slow down a little on the long sentence.';

const menu = (page: Page) => page.getByRole('navigation', { name: 'Main menu' });
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** My Tasks' Done tab (its radio is hidden inside the label a user clicks). */
const showDone = async (page: Page) => {
  await page.getByRole('group', { name: 'Show tasks' }).getByText('Done').click();
  await expect(page.getByRole('radio', { name: /^Done/ })).toBeChecked();
};

/** The create-task page with the type's form open, chosen on the type cards. */
const startTask = async (page: Page, type: string) => {
  await page.goto('/enterprise/create-task');
  await expect(page.getByRole('heading', { level: 2, name: 'What kind of task?' })).toBeVisible();
  // A type card is named by its label, then its description ("Learners …", or "A practice interview …").
  await page
    .getByRole('button', { name: new RegExp(`^${escapeRegExp(type)}\\s*(Learners|A practice)`) })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: `New ${type} task` })).toBeVisible();
};

/** Saves the form and waits for the new task's page. */
const createTask = async (page: Page, name: string) => {
  await page.getByLabel('Title', { exact: true }).fill(name);
  await page.getByRole('button', { name: 'Create task' }).click();
  await expect(page.getByText('Task created successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/enterprise\/tasks-library\/view\/[\w-]+$/);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
};

test('an admin creates a task of each type, files two in a folder and assigns three to a group', async ({
  page,
}) => {
  // Eight editors filled in, a folder and an assignment, each checked with axe: about a minute on a busy machine.
  test.setTimeout(120_000);
  await signIn(page, 'enterprise', OWNER);
  await menu(page).getByRole('link', { name: 'Tasks Library' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Tasks Library' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Read tasks' })).toContainText(
    'Read: the feedback sandwich, and why it fails',
  );
  await noViolations(page);

  await test.step('Read', async () => {
    await startTask(page, 'Read');
    await noViolations(page);
    await page
      .getByLabel('Passage', { exact: true })
      .fill('Visitors sign in at reception, wear a badge and are met by their host.');
    await createTask(page, title.read);
    await expect(page.getByText('Visitors sign in at reception')).toBeVisible();
  });

  await test.step('Pronunciation', async () => {
    await startTask(page, 'Pronunciation');
    await page.getByLabel('Word or sentence 1', { exact: true }).fill('Acme Cloud');
    await page.getByRole('button', { name: 'Add a word or sentence' }).click();
    await expect(page.getByLabel('Word or sentence 2', { exact: true })).toBeFocused();
    await page.getByLabel('Word or sentence 2', { exact: true }).fill('Acme Learning Studio');
    await createTask(page, title.pronunciation);
    await expect(page.getByRole('listitem').filter({ hasText: 'Acme Learning Studio' })).toBeVisible();
  });

  await test.step('Video', async () => {
    await startTask(page, 'Video');
    await page.getByLabel('Search videos').fill('STAR');
    await page.getByRole('radio', { name: /Answering with STAR/ }).check();
    await createTask(page, title.video);
  });

  await test.step('Question and Answer', async () => {
    await startTask(page, 'Question and Answer');
    await page.getByLabel('Question 1', { exact: true }).fill('What did you finish this week?');
    await createTask(page, title.questions);
    await expect(page.getByText('What did you finish this week?')).toBeVisible();
  });

  await test.step('Read & Record', async () => {
    await startTask(page, 'Read & Record');
    await page
      .getByLabel('Passage', { exact: true })
      .fill('Before you start, check the exits, the first-aid kit and the fire wardens on your floor.');
    await createTask(page, title.readRecord);
  });

  await test.step('Get Interview Ready', async () => {
    await startTask(page, 'Get Interview Ready');
    await page.getByLabel('Job title', { exact: true }).fill('Store manager');
    await page.getByLabel('Industry', { exact: true }).fill('Retail');
    await page.getByLabel('Location', { exact: true }).fill('Melbourne');
    await page.getByLabel('Region', { exact: true }).selectOption('Australia');
    await createTask(page, title.interview);
    await expect(page.getByText('Store manager', { exact: true })).toBeVisible();
  });

  await test.step('Free Text Question and Answer', async () => {
    await startTask(page, 'Free Text Question and Answer');
    await page
      .getByLabel('Question 1', { exact: true })
      .fill('Describe a difficult call and how you handled it.');
    await createTask(page, title.freeText);
  });

  await test.step('Multiple Choice Question: a bad submission, then two questions', async () => {
    await startTask(page, 'Multiple Choice Question');
    const first = page.getByRole('group', { name: 'Question 1', exact: true });
    await first.getByLabel('Question', { exact: true }).fill('When should the agenda go out?');
    await first.getByLabel('Option 1', { exact: true }).fill('A day before');
    await page.getByLabel('Title', { exact: true }).fill(title.choice);
    await page.getByRole('button', { name: 'Create task' }).click();
    // The second option is missing: the form says so at that field and keeps the author on the page.
    const second = first.getByLabel('Option 2', { exact: true });
    await expect(second).toHaveAttribute('aria-invalid', 'true');
    await expect(second).toHaveAccessibleDescription('Option text is required');
    await expect(second).toBeFocused();
    await expect(page).toHaveURL(/\/enterprise\/create-task/);
    await noViolations(page);

    await second.fill('At the start of the meeting');
    await expect(second).not.toHaveAttribute('aria-invalid', 'true');
    await first.getByRole('checkbox', { name: 'Expected answer (option 1)' }).check();
    await expect(first.getByRole('checkbox', { name: 'An answer is required' })).toBeChecked();

    await page.getByRole('button', { name: 'Add question' }).click();
    const next = page.getByRole('group', { name: 'Question 2', exact: true });
    await expect(next.getByLabel('Question', { exact: true })).toBeFocused();
    await next.getByLabel('Question', { exact: true }).fill('Which roles keep a meeting on track?');
    await next.getByLabel('Option 1', { exact: true }).fill('Facilitator');
    await next.getByLabel('Option 2', { exact: true }).fill('Timekeeper');
    await next.getByRole('checkbox', { name: 'Learners may choose several options' }).check();
    await next.getByRole('checkbox', { name: 'An answer is required' }).uncheck();
    await next.getByRole('checkbox', { name: /Offer an “Other” answer/ }).check();
    await createTask(page, title.choice);
    await expect(page.getByText('One answer · Required')).toBeVisible();
    await expect(page.getByText('Several answers allowed · Optional')).toBeVisible();
    await expect(page.getByText('Other (free text)')).toBeVisible();
  });

  await test.step('two tasks in a new folder', async () => {
    // The library card's "Add to folder", making the folder on the way.
    await page.goto('/enterprise/tasks-library');
    await page.getByRole('searchbox', { name: 'Search tasks' }).fill(stamp);
    const card = page.getByRole('article', { name: title.pronunciation });
    await card.getByRole('button', { name: `Actions for ${title.pronunciation}` }).click();
    await page.getByRole('menuitem', { name: 'Add to folder' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add to folder' });
    await dialog.getByLabel('New folder').fill(folderName);
    await dialog.getByRole('button', { name: 'Create folder' }).click();
    await expect(
      dialog.getByRole('radio', { name: new RegExp(`^${escapeRegExp(folderName)}`) }),
    ).toBeChecked();
    await dialog.getByRole('button', { name: 'Add to folder' }).click();
    await expect(page.getByText(`Added to ${folderName}`)).toBeVisible();
    await expect(dialog).toBeHidden();

    // The folders page: the second task through the folder's "Add tasks".
    await page.getByRole('link', { name: 'Folders', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Task folders' })).toBeVisible();
    await page.getByRole('link', { name: folderName }).click();
    await expect(page.getByRole('heading', { level: 1, name: folderName })).toBeVisible();
    await page.getByRole('button', { name: 'Add tasks' }).click();
    const add = page.getByRole('dialog', { name: 'Add tasks' });
    await add.getByRole('searchbox', { name: 'Find tasks' }).fill(stamp);
    await expect(pickerBox(page, title.pronunciation)).toBeDisabled();
    await pickerBox(page, title.interview).check();
    await add.getByRole('button', { name: 'Add to folder' }).click();
    await expect(page.getByText(`1 task added to ${folderName}`)).toBeVisible();
    const inFolder = page.getByRole('table', { name: `Tasks in ${folderName}` });
    await expect(inFolder.getByRole('row')).toHaveCount(3);
    await page.getByRole('link', { name: 'All folders' }).click();
    await expect(
      page.getByRole('list', { name: 'Folders' }).getByRole('listitem').filter({ hasText: folderName }),
    ).toContainText('2 tasks');
  });

  await test.step('three tasks to the learner’s group with bulk assign', async () => {
    await page.goto('/enterprise/tasks-library');
    await page.getByRole('link', { name: 'Bulk assign' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Bulk assign tasks' })).toBeVisible();
    await page.getByRole('searchbox', { name: 'Find tasks' }).fill(stamp);
    for (const name of [title.read, title.choice, title.readRecord]) await pickerBox(page, name).check();
    await page.getByRole('searchbox', { name: 'Find groups' }).fill('Melbourne');
    await pickerBox(page, GROUP).check();
    await expect(page.getByText('3 tasks to 1 group.')).toBeVisible();
    await page.getByRole('button', { name: 'Assign', exact: true }).click();
    await expect(page.getByText(/^\d+ new assignments made$/)).toBeVisible();
    await expect(page.getByText('Nothing chosen yet.')).toBeVisible();
  });
});

test('the learner does the Read, Multiple Choice and Read & Record tasks', async ({ page }) => {
  await signIn(page, 'enterprise', LEARNER);
  await menu(page).getByRole('link', { name: 'My Tasks' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'My Tasks' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search my tasks' }).fill(stamp);
  const due = page.getByRole('list', { name: 'Due tasks' });
  await expect(due.getByRole('link')).toHaveCount(3);
  for (const name of [title.read, title.choice, title.readRecord])
    await expect(due.getByRole('link', { name })).toBeVisible();
  await noViolations(page);
  const submit = page.getByRole('button', { name: 'Submit task' });

  await test.step('Read: mark read, submit', async () => {
    await due.getByRole('link', { name: title.read }).click();
    await expect(page.getByRole('heading', { level: 1, name: title.read })).toBeVisible();
    await expect(page.getByText('Visitors sign in at reception')).toBeVisible();
    await expect(submit).toBeDisabled();
    await page.getByRole('checkbox', { name: 'I have read the passage' }).check();
    await expect(page.getByText('Progress saved')).toBeVisible();
    await submit.click();
    await expect(page.getByText('Task completed successfully')).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'You completed this task' })).toBeVisible();
  });

  await test.step('Multiple Choice: answers within the rules', async () => {
    await page.getByRole('link', { name: 'My Tasks' }).first().click();
    await page.getByRole('searchbox', { name: 'Search my tasks' }).fill(stamp);
    await page.getByRole('link', { name: title.choice }).click();
    await expect(page.getByRole('heading', { level: 1, name: title.choice })).toBeVisible();
    const first = page.getByRole('group', { name: /When should the agenda go out\?/ });
    const second = page.getByRole('group', { name: /Which roles keep a meeting on track\?/ });
    await expect(first).toContainText('Choose one answer · Required');
    await expect(second).toContainText('Choose all that apply · Optional');
    await expect(submit).toBeDisabled();

    // One answer: picking the second radio drops the first.
    await first.getByRole('radio', { name: 'At the start of the meeting' }).check();
    await first.getByRole('radio', { name: 'A day before' }).check();
    await expect(first.getByRole('radio', { name: 'At the start of the meeting' })).not.toBeChecked();
    // Several answers, and "Other" needs its text before the task can be sent.
    await second.getByRole('checkbox', { name: 'Facilitator' }).check();
    await second.getByRole('checkbox', { name: 'Timekeeper' }).check();
    await second.getByRole('checkbox', { name: 'Other', exact: true }).check();
    await expect(submit).toBeDisabled();
    await expect(page.getByText(/Still to do: .*please type your answer for "Other"/)).toBeVisible();
    await noViolations(page);
    await second.getByLabel(/^Your answer for “\u2068Other\u2069”$/).fill('Note taker');
    await expect(submit).toBeEnabled();
    await submit.click();
    await expect(page.getByText('Task completed successfully')).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'You completed this task' })).toBeVisible();
    await expect(page.getByText('Other: Note taker')).toBeVisible();
    // Marked once submitted: the first question has an expected answer (the second has none, so is not counted).
    await expect(page.getByText('You got 1 of 1 right.')).toBeVisible();
    await expect(
      page.getByRole('listitem').filter({ hasText: 'When should the agenda go out?' }),
    ).toContainText('✓ Right');
  });

  await test.step('Read & Record: two seconds on the fake microphone, through the signed upload', async () => {
    await page.getByRole('link', { name: 'My Tasks' }).first().click();
    await page.getByRole('searchbox', { name: 'Search my tasks' }).fill(stamp);
    await page.getByRole('link', { name: title.readRecord }).click();
    await expect(page.getByRole('heading', { level: 1, name: title.readRecord })).toBeVisible();
    await expect(page.getByText('check the exits, the first-aid kit')).toBeVisible();
    await page.getByRole('button', { name: 'Record the passage' }).click();
    await expect(page.getByRole('timer')).toHaveText('0:02');
    await noViolations(page);
    const signed = page.waitForResponse(
      (response) =>
        response.url().includes('/put-signed-request-for-upload-to-s3') && response.status() === 200,
    );
    const put = page.waitForResponse((response) => response.request().method() === 'PUT');
    await page.getByRole('button', { name: 'Stop recording the passage' }).click();
    await signed;
    expect((await put).ok()).toBe(true);
    await expect(page.getByText('Saved', { exact: true })).toBeVisible();
    // Recorded, until the beep is heard as no speech (the step then says to record it again).
    await expect(page.getByText(/^(Recorded|No speech heard: record again)$/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Record again the passage' })).toBeVisible();
    // The quiz's toast has gone, so the one read next is this task's.
    await expect(page.getByText('Task completed successfully')).toBeHidden();
    await submit.click();
    // A reading already heard below the passing score asks first; one still being heard is sent at once.
    // Two seconds of the fake microphone's beep may be heard as no speech: Submit then asks about that instead.
    const confirm = page.getByRole('dialog', {
      name: /^Submit (a reading below the passing score|recordings we could not hear)\?$/,
    });
    const sent = page.getByText(/^Task (completed successfully|submitted: )/);
    await expect(confirm.or(sent)).toBeVisible();
    if (await confirm.isVisible()) await confirm.getByRole('button', { name: 'Submit anyway' }).click();
    await expect(sent).toBeVisible();
    await expect(page.getByLabel('Recording of the passage')).toHaveAttribute(
      'src',
      /^\/uploads\/task-recording\//,
    );
  });

  await page.getByRole('link', { name: 'My Tasks' }).first().click();
  await showDone(page);
  await page.getByRole('searchbox', { name: 'Search my tasks' }).fill(stamp);
  const done = page.getByRole('list', { name: 'Done tasks' });
  await expect(done.getByRole('link')).toHaveCount(3);
  for (const name of [title.read, title.choice, title.readRecord])
    await expect(done.getByRole('listitem').filter({ hasText: name })).toContainText('Completed');
});

test('the admin reviews the recording and the answers; the learner reads the feedback', async ({ page }) => {
  await signIn(page, 'enterprise', OWNER);
  const pending = page.getByRole('region', { name: 'Completed tasks to review' });
  await pending.getByRole('searchbox', { name: 'Search completed tasks' }).fill(stamp);
  await expect(pending.getByRole('row')).toHaveCount(4);
  await pending.getByRole('link', { name: `Review ${title.readRecord} by Lee Learner` }).click();

  await expect(page.getByRole('heading', { level: 1, name: title.readRecord })).toBeVisible();
  await expect(page.getByText('Read & Record · Lee Learner’s attempt')).toBeVisible();
  const recording = page.getByLabel('Recording of the passage');
  await expect(recording).toHaveAttribute('src', /^\/uploads\/task-recording\//);
  // The player can load what was uploaded (a webm of about two seconds).
  await recording.evaluate((audio: HTMLAudioElement) => {
    audio.preload = 'auto';
    audio.load();
  });
  await expect
    .poll(() => recording.evaluate((audio: HTMLAudioElement) => audio.readyState))
    .toBeGreaterThan(0);
  await noViolations(page);
  await page.getByLabel('Feedback for Lee Learner').fill(FEEDBACK);
  await page.getByRole('button', { name: 'Send feedback' }).click();
  await expect(page.getByText('Feedback sent to the member')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Update feedback' })).toBeVisible();
  await page.getByRole('button', { name: 'Mark reviewed' }).click();
  await expect(page.getByText('Marked as reviewed')).toBeVisible();
  await expect(page.getByText(/✓ Reviewed on/)).toBeVisible();

  // The multiple-choice answers, through the task's members table.
  await page.goto('/enterprise/tasks-library');
  await page.getByRole('searchbox', { name: 'Search tasks' }).fill(stamp);
  await page.getByRole('article', { name: title.choice }).getByRole('link', { name: title.choice }).click();
  await page.getByRole('searchbox', { name: 'Search members of this task' }).fill('Lee');
  await page.getByRole('link', { name: "Review Lee Learner's answers" }).click();
  await expect(page.getByText('Multiple Choice Question · Lee Learner’s attempt')).toBeVisible();
  // The options marked Chosen (the questions' own items hold them too, so those are left out).
  const chosen = page
    .getByRole('listitem')
    .filter({ has: page.getByText('Chosen', { exact: true }), hasNotText: /Question \d/ });
  await expect(chosen).toHaveText([
    /A day before.*Expected answer/,
    /Facilitator/,
    /Timekeeper/,
    /Note taker/,
  ]);
  await noViolations(page);

  // The reviewed attempt has left the dashboard's list.
  await menu(page).getByRole('link', { name: 'Dashboard' }).click();
  await pending.getByRole('searchbox', { name: 'Search completed tasks' }).fill(stamp);
  await expect(pending.getByRole('row')).toHaveCount(3);

  await logOut(page);
  await signIn(page, 'enterprise', LEARNER);
  await menu(page).getByRole('link', { name: 'My Tasks' }).click();
  await showDone(page);
  await page.getByRole('searchbox', { name: 'Search my tasks' }).fill(stamp);
  const card = page.getByRole('list', { name: 'Done tasks' }).getByRole('listitem').filter({
    hasText: title.readRecord,
  });
  await expect(card).toContainText('Feedback');
  await card.getByRole('link', { name: title.readRecord }).click();
  const feedback = page.getByRole('region', { name: 'Feedback from your reviewer' });
  await expect(feedback).toContainText(FEEDBACK);
  await expect(page.getByText('Your reviewer has left feedback below.')).toBeVisible();
  await noViolations(page);
});
