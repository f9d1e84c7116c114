import type { Page } from '@playwright/test';
import { signIn } from '../support/auth.ts';
import { expect, test } from '../support/fixtures.ts';
import { spokenReading, withMicrophone } from '../support/microphone.ts';
import {
  openMyTask,
  openReview,
  recordThePassage,
  runStamp,
  setReadAndRecordTask,
  shootBothWidths,
} from '../support/pages.ts';

/**
 * The coach that hears: a learner reads a Read & Record passage into Chromium's fake microphone,
 * fed a WAV that flite spoke, and sees what the speech engine heard (the marked reading and the four scores)
 * once the background job is done; the reviewer sees the same under the recording.
 */
test.describe.configure({ mode: 'serial' });

const OWNER = 'owner@acme.example';
const LEARNER = 'learner@acme.example';
/** One of the seeded groups Lee Learner is in. */
const GROUP = 'Melbourne Office';
const PASSAGE =
  'Good morning everyone. Please check the exits and the first aid kit before you start work today.';
const stamp = runStamp();
const TITLE = `Read the morning briefing aloud ${stamp}`;
const SHOTS = process.env.SPEECH_SHOTS_DIR;

/**
 * The passage as speech: flite's slt voice, resampled to the 48 kHz mono Chromium's fake capture expects, with
 * half a second of silence either side. Synthesised when the file loads, before the browser that plays it
 * starts; sox -R keeps it the same on every run.
 */
const wav = spokenReading({ name: 'speech', text: PASSAGE });

test.use(withMicrophone(wav.file));

const shoot = (page: Page, name: string) => shootBothWidths(page, SHOTS, name);

/** The four scores of a finished analysis, each a meter out of 100. */
const expectScores = async (panel: ReturnType<Page['getByRole']>) => {
  const scores = panel.getByRole('region', { name: 'Scores' });
  for (const name of ['Pronunciation', 'Accuracy', 'Completeness', 'Fluency'])
    await expect(scores.getByRole('meter', { name })).toHaveAttribute('aria-valuetext', /^\d+ out of 100$/);
};

test('the owner sets a Read & Record passage for the learner’s group', async ({ page }) => {
  await signIn(page, 'enterprise', OWNER);
  await setReadAndRecordTask(page, {
    passage: PASSAGE,
    title: TITLE,
    stamp,
    group: GROUP,
    groupSearch: 'Melbourne',
  });
});

test('the learner reads the passage aloud and sees what the coach heard', async ({ page }) => {
  // A take, and its hearing, which may wait behind the demo seed's own recordings on a fresh server.
  test.setTimeout(120_000);
  await signIn(page, 'enterprise', LEARNER);
  await openMyTask(page, { stamp, title: TITLE });

  await recordThePassage(page, wav.seconds);

  const panel = page.getByRole('region', { name: 'Speech analysis' });
  await expect(panel.getByText('Analysing your recording…')).toBeVisible();
  const heard = panel.getByRole('region', { name: 'What we heard' });
  await expect(heard).toBeVisible({ timeout: 60_000 });
  await expect(heard).toContainText(/good morning/i);
  await expect(panel.getByText('Word for word')).toBeVisible();
  await panel.getByText('Word for word').click();
  await expect(panel.locator('.speech-analysis__transcript')).toContainText(/check the exit/i);
  await expectScores(panel);
  await expect(panel.getByRole('meter', { name: 'Pace' })).toHaveAttribute(
    'aria-valuetext',
    /words a minute/,
  );
  await shoot(page, 'learner-runner');

  await page.getByRole('button', { name: 'Submit task' }).click();
  await expect(page.getByText(/^Task (completed successfully|submitted: )/)).toBeVisible();
  await expectScores(page.getByRole('region', { name: 'Speech analysis' }));
});

test('the reviewer sees the same analysis under the recording', async ({ page }) => {
  await signIn(page, 'enterprise', OWNER);
  await openReview(page, { stamp, title: TITLE });
  const panel = page.getByRole('region', { name: 'Speech analysis' });
  await expect(panel.getByRole('region', { name: 'What we heard' })).toContainText(/good morning/i);
  await expectScores(panel);
  await expect(panel.getByRole('button', { name: /Record again|Try again/ })).toHaveCount(0);
  await shoot(page, 'review');
});
