import type { Page } from '@playwright/test';
import { signIn } from '../support/auth.ts';
import { expect, test } from '../support/fixtures.ts';
import { spokenReading, withMicrophone } from '../support/microphone.ts';
import { assignToGroup, openMyTask, shootBothWidths } from '../support/pages.ts';

/**
 * Issue 16, the mock interview as a conversation: a learner answers a Get Interview Ready task aloud through
 * Chromium's fake microphone (a WAV flite spoke), and at each stage the server hears the answer, shows what it
 * heard and said, and asks the next question, until the interviewer sums up.
 */
test.describe.configure({ mode: 'serial' });

const OWNER = 'owner@acme.example';
const LEARNER = 'learner@acme.example';
const GROUP = 'Melbourne Office';
const ANSWER =
  'I am applying for the nurse position in healthcare, based in Melbourne. Last year our ward was short of staff. My task was to keep every patient safe, so I organised the shifts, and as a result no medication was missed.';
const stamp = new Date()
  .toISOString()
  .replace(/[-:T.Z]/g, '')
  .slice(4, 14);
const TITLE = `Practice interview ${stamp}`;
const SHOTS = process.env.SPEECH_SHOTS_DIR;

/** The answer as speech, 48 kHz mono as Chromium's fake capture expects, with silence either side. */
const wav = spokenReading({ name: 'interview', text: ANSWER });

test.use(withMicrophone(wav.file));

const shoot = (page: Page, name: string) => shootBothWidths(page, SHOTS, name);

test('the owner sets a practice interview for the learner’s group', async ({ page }) => {
  await signIn(page, 'enterprise', OWNER);
  await page.goto('/enterprise/create-task');
  await page.getByRole('button', { name: /^Get Interview Ready\s*A practice/ }).click();
  await page.getByLabel('Job title', { exact: true }).fill('Store manager');
  await page.getByLabel('Industry', { exact: true }).fill('Retail');
  await page.getByLabel('Location', { exact: true }).fill('Melbourne');
  await page.getByLabel('Region', { exact: true }).fill('Australia');
  await page.getByLabel('Title', { exact: true }).fill(TITLE);
  await page.getByRole('button', { name: 'Create task' }).click();
  await expect(page.getByText('Task created successfully')).toBeVisible();

  await assignToGroup(page, { stamp, title: TITLE, group: GROUP, groupSearch: 'Melbourne' });
});

test('the learner answers each question aloud and the interviewer replies, then sums up', async ({
  page,
}) => {
  // Four spoken answers of about 13 s each, and the hearing of each.
  test.setTimeout(300_000);
  await signIn(page, 'enterprise', LEARNER);
  await openMyTask(page, { stamp, title: TITLE });
  // The regional intro asks the job title, industry and location.
  await expect(page.getByText(/G'day.*job title.*industry.*location/)).toBeVisible();
  await expect(page.getByText('Asked after your previous answer.')).toHaveCount(3);

  const stages = [
    { answer: 'opening', step: '1. The position' },
    { answer: 'getting-to-know-you', step: '2. Getting to know you' },
    { answer: 'technical', step: '3. Technical question' },
    { answer: 'behavioural', step: '4. Behavioural question' },
  ];
  for (const [index, { answer, step }] of stages.entries()) {
    const stage = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: step }) });
    await stage.getByRole('button', { name: `Record your ${answer} answer` }).click();
    await page.waitForTimeout(Math.round(wav.seconds * 1000));
    await stage.getByRole('button', { name: `Stop recording your ${answer} answer` }).click();
    // Heard: the transcript, the scores and what the answer said.
    const heard = stage.getByRole('region', { name: 'What we heard' });
    // The job may wait behind the demo seed's own recordings on a fresh server.
    await expect(heard).toBeVisible({ timeout: 60_000 });
    await expect(heard).toContainText(/nurse/i);
    await expect(stage.getByRole('region', { name: 'What your answer said' })).toBeVisible();
    if (index === 0)
      await expect(stage.getByRole('list', { name: 'The opening named' })).toContainText('✓ Job title');
    if (index === 3)
      await expect(stage.getByRole('list', { name: 'The parts of the story' })).toContainText('✓ Result');
    const next = stages[index + 1];
    if (next) await expect(page.getByRole('heading', { name: next.step })).toBeVisible({ timeout: 30_000 });
  }
  // The technical question followed the role the learner named.
  await expect(page.getByText(/Let's talk about the nurse role\./)).toBeVisible();
  await expect(page.getByText('Asked after your previous answer.')).toHaveCount(0);
  const things = page.getByRole('heading', { name: 'Three things to work on' });
  await expect(things).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('.interview-feedback ol > li')).toHaveCount(3);
  await shoot(page, 'interview-learner');

  await page.getByRole('button', { name: 'Submit task' }).click();
  await expect(page.getByText('Task completed successfully')).toBeVisible();
});

test('the reviewer reads the conversation with the summing up', async ({ page }) => {
  await signIn(page, 'enterprise', OWNER);
  const pending = page.getByRole('region', { name: 'Completed tasks to review' });
  await pending.getByRole('searchbox', { name: 'Search completed tasks' }).fill(stamp);
  await pending.getByRole('link', { name: `Review ${TITLE} by Lee Learner` }).click();
  await expect(page.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
  await expect(page.getByText('Interviewer’s summing up')).toBeVisible();
  await expect(page.getByRole('region', { name: 'What your answer said' })).toHaveCount(4);
  await expect(page.getByRole('heading', { name: 'Three things to work on' })).toBeVisible();
  await shoot(page, 'interview-review');
});
