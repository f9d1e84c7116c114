import type { Page } from '@playwright/test';
import { signIn } from '../support/auth.ts';
import { noSideways } from '../support/checks.ts';
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
 * The coach hears sounds: a learner reads "The right answer is on the board." saying /l/ for /r/
 * ("light"), into Chromium's fake microphone fed a WAV that flite spoke. The phone aligner names the sound, the
 * screen says "You said /l/ for /r/ in right" with the tip for /r/, and "Hear it" plays the word in the
 * learner's accent. The reviewer reads the same, in the reviewer's words.
 */
test.describe.configure({ mode: 'serial' });

const OWNER = 'owner@acme.example';
const LEARNER = 'learner@acme.example';
/** One of the seeded groups Lee Learner is in. */
const GROUP = 'Melbourne Office';
const PASSAGE = 'The right answer is on the board.';
const READ = 'The light answer is on the board.';
const stamp = runStamp();
const TITLE = `Say the answer aloud ${stamp}`;
const SHOTS = process.env.SPEECH_SHOTS_DIR;

/** The misread passage as speech (flite slt, 48 kHz mono for the fake capture, half a second of quiet either side). */
const wav = spokenReading({ name: 'sounds', text: READ });

test.use(withMicrophone(wav.file, ['--autoplay-policy=no-user-gesture-required']));

const shoot = (page: Page, name: string) => shootBothWidths(page, SHOTS, name);

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

test('the learner says /l/ for /r/, sees the sound named with its tip, and hears the word', async ({
  page,
}) => {
  // A take, and its hearing, which may wait behind the demo seed's own recordings on a fresh server.
  test.setTimeout(120_000);
  await signIn(page, 'enterprise', LEARNER);
  await openMyTask(page, { stamp, title: TITLE });

  await recordThePassage(page, wav.seconds);

  const panel = page.getByRole('region', { name: 'Speech analysis' });
  const practise = panel.getByRole('region', { name: 'Words to practise' });
  await expect(practise).toBeVisible({ timeout: 60_000 });
  await expect(practise).toContainText('You said /l/ for /r/ in right.');
  await expect(practise).toContainText('curl the tip of your tongue up and back');
  // The sound said wrong is marked among the word's sounds.
  await expect(practise.locator('mark').first()).toHaveText(/r/);

  const answer = page.waitForResponse(
    (response) => response.url().endsWith('/api/v1/enterprise/speech/speak-text') && response.ok(),
  );
  const hearRight = practise.getByRole('button', { name: 'Hear it: right' });
  await hearRight.click();
  await answer;
  await expect(hearRight).toHaveAttribute('aria-pressed', 'true');
  await shoot(page, 'sounds-learner');

  // The sounds, the tip and the scores fit a phone.
  await page.setViewportSize({ width: 390, height: 844 });
  await noSideways(page);
  await page.setViewportSize({ width: 1280, height: 720 });

  await page.getByRole('button', { name: 'Submit task' }).click();
  await expect(page.getByText(/^Task (completed successfully|submitted: )/)).toBeVisible();
});

test('the reviewer reads the same sound, in the reviewer’s words', async ({ page }) => {
  await signIn(page, 'enterprise', OWNER);
  await openReview(page, { stamp, title: TITLE });
  const practise = page
    .getByRole('region', { name: 'Speech analysis' })
    .getByRole('region', { name: 'Words to practise' });
  await expect(practise).toContainText('/l/ was heard for /r/ in right.');
  await expect(practise.getByRole('button', { name: 'Hear it: right' })).toBeVisible();
  await shoot(page, 'sounds-reviewer');
});
