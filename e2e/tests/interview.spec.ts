import type { Page } from '@playwright/test';
import { signIn } from '../support/auth.ts';
import { expect, test } from '../support/fixtures.ts';
import { spokenReading, withMicrophone } from '../support/microphone.ts';
import { assignToGroup, openMyTask, openReview, shootBothWidths } from '../support/pages.ts';

/**
 * The mock interview as a conversation: a learner answers a Get Interview Ready task aloud through
 * Chromium's fake microphone (a WAV flite spoke), and at each stage the server hears the answer, shows what it
 * heard and said, and asks the next question, until the interviewer sums up. The interviewer says each
 * question aloud once the learner presses Start (here the server's audio: this browser has no voice of its own),
 * and a story that opens with its situation, in everyday words, is credited with it.
 */
test.describe.configure({ mode: 'serial' });

const OWNER = 'owner@acme.example';
const LEARNER = 'learner@acme.example';
const GROUP = 'Melbourne Office';
// The story opens with its situation as people tell one ("Last winter our ward had…"), naming no part.
const ANSWER =
  'Last winter our ward had a backlog of two hundred patient calls. I am applying for the nurse position in healthcare, based in Melbourne. I was asked to clear the backlog, so I set up a call roster, and in the end every patient was called back within a week.';
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
  await page.getByLabel('Region', { exact: true }).selectOption('Australia');
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
  // A browser without a voice of its own for the interviewer's accent: the server's audio plays.
  await page.addInitScript(() => {
    Object.defineProperty(window, 'speechSynthesis', { configurable: true, value: undefined });
  });
  const spoken: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/v1/enterprise/speech/speak-text'))
      spoken.push(String((request.postDataJSON() as { text?: string }).text));
  });
  await signIn(page, 'enterprise', LEARNER);
  await openMyTask(page, { stamp, title: TITLE });
  // The regional intro asks the job title, industry and location.
  await expect(page.getByText(/G'day.*job title.*industry.*location/)).toBeVisible();
  // On a right-to-left screen the English question keeps its own direction: its full stop stays at its end.
  await page.evaluate(() => {
    document.documentElement.dir = 'rtl';
  });
  const question = page.locator('.interview-steps__words').first();
  expect(await question.evaluate((node) => getComputedStyle(node).direction)).toBe('ltr');
  await page.evaluate(() => {
    document.documentElement.dir = 'ltr';
  });
  await expect(page.getByText('Asked after your previous answer.')).toHaveCount(3);

  // Nothing is said before Start; Start (from the keyboard) says the question, in audio the server rendered.
  expect(spoken).toEqual([]);
  const rendered = page.waitForResponse(
    (response) => response.url().endsWith('/api/v1/enterprise/speech/speak-text') && response.ok(),
  );
  const audio = page.waitForResponse((response) => response.url().includes('/hear-it/') && response.ok(), {
    timeout: 30_000,
  });
  await page.getByRole('button', { name: 'Start the interview' }).focus();
  await page.keyboard.press('Enter');
  await rendered;
  expect((await audio).headers()['content-type']).toMatch(/^audio\//);
  expect(spoken[0]).toMatch(/^G'day/);
  await expect(page.getByRole('button', { name: "Hear it: the interviewer's question 1" })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Mute the interviewer' })).toHaveAttribute(
    'aria-pressed',
    'false',
  );
  await expect(page.getByText('This could not be played. Please try again.')).toHaveCount(0);

  const stages = [
    { answer: 'opening', step: '1. The position' },
    { answer: 'getting-to-know-you', step: '2. Getting to know you' },
    { answer: 'technical', step: '3. Technical question' },
    { answer: 'behavioural', step: '4. Behavioural question' },
  ];
  for (const [index, { answer, step }] of stages.entries()) {
    const stage = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: step }) });
    if (index === 1) {
      await page.getByRole('button', { name: 'Mute the interviewer' }).click();
      await expect(page.getByRole('button', { name: 'Mute the interviewer' })).toHaveAttribute(
        'aria-pressed',
        'true',
      );
    }
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
    if (index === 3) {
      const story = stage.getByRole('list', { name: 'The parts of the story' });
      // Opened with its situation: credited with it, and with the other three parts.
      await expect(story).toContainText('✓ Situation');
      await expect(story).toContainText('✓ Task');
      await expect(story).toContainText('✓ Action');
      await expect(story).toContainText('✓ Result');
    }
    const next = stages[index + 1];
    if (next) await expect(page.getByRole('heading', { name: next.step })).toBeVisible({ timeout: 30_000 });
    if (index === 0) {
      // The next question is said as it is asked, without another press.
      const question = page.locator('.interview-steps__question').nth(1);
      const words = ((await question.textContent()) ?? '').replace(/^Interviewer:\s*/, '');
      await expect.poll(() => spoken.some((text) => words.startsWith(text.slice(0, 40)))).toBe(true);
    }
    if (index === 1) {
      // Muted before the third question came, it is not said (it can still be heard with its own button).
      await page.waitForTimeout(1000);
      const third = ((await page.locator('.interview-steps__question').nth(2).textContent()) ?? '').replace(
        /^Interviewer:\s*/,
        '',
      );
      expect(spoken.some((text) => third.startsWith(text.slice(0, 40)))).toBe(false);
      await expect(page.getByRole('button', { name: "Hear it: the interviewer's question 3" })).toBeVisible();
    }
  }
  // The technical question followed the role the learner named.
  await expect(page.getByText(/Let's talk about the nurse role\./)).toBeVisible();
  await expect(page.getByText('Asked after your previous answer.')).toHaveCount(0);
  const things = page.getByRole('heading', { name: 'Three things to work on' });
  await expect(things).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('.interview-feedback ol > li')).toHaveCount(3);
  // The summing up agrees with the checks: the situation was told.
  await expect(page.locator('.interview-feedback')).not.toContainText(/make the [^.]*situation[^.]* clear/i);
  await shoot(page, 'interview-learner');

  await page.getByRole('button', { name: 'Submit task' }).click();
  await expect(page.getByText('Task completed successfully')).toBeVisible();
});

test('the reviewer reads the conversation with the summing up', async ({ page }) => {
  await signIn(page, 'enterprise', OWNER);
  await openReview(page, { stamp, title: TITLE });
  await expect(page.getByText('Interviewer’s summing up')).toBeVisible();
  await expect(page.getByRole('region', { name: 'What your answer said' })).toHaveCount(4);
  await expect(page.getByRole('heading', { name: 'Three things to work on' })).toBeVisible();
  await shoot(page, 'interview-review');
});
