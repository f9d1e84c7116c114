import { signIn } from '../support/auth.ts';
import { expect, test } from '../support/fixtures.ts';
import { spokenReading, withMicrophone } from '../support/microphone.ts';
import {
  openMyTask,
  recordThePassage,
  runStamp,
  setReadAndRecordTask,
  shootBothWidths,
} from '../support/pages.ts';

/**
 * Speech feedback that does not contradict itself: a learner who says "uh" and "um" on purpose
 * while reading is told about those fillers (the recogniser dropped them or wrote them as words, and the coach
 * said "No fillers heard").
 */
test.describe.configure({ mode: 'serial' });

const OWNER = 'owner@acme.example';
const LEARNER = 'learner@acme.example';
const GROUP = 'Melbourne Office';
const PASSAGE = 'My name is Sam and I work in sales.';
const stamp = runStamp();
const TITLE = `Introduce yourself ${stamp}`;

/** The passage read with hesitations, by flite's rms voice. */
const wav = spokenReading({
  name: 'speech-feedback',
  text: 'Well, uh, my name is, um, Sam and, uh, I work in sales.',
  voice: 'rms',
});

test.use(withMicrophone(wav.file));

test('the owner sets a short Read & Record passage for the learner’s group', async ({ page }) => {
  await signIn(page, 'enterprise', OWNER);
  await setReadAndRecordTask(page, {
    passage: PASSAGE,
    title: TITLE,
    stamp,
    group: GROUP,
    groupSearch: 'Melbourne',
  });
});

test('the learner who says “uh” and “um” is told about the fillers', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, 'enterprise', LEARNER);
  await openMyTask(page, { stamp, title: TITLE });
  await recordThePassage(page, wav.seconds);

  const panel = page.getByRole('region', { name: 'Speech analysis' });
  await expect(panel.getByRole('region', { name: 'What we heard' })).toBeVisible({ timeout: 60_000 });
  const fillers = panel.getByRole('region', { name: 'Fillers' });
  await expect(fillers).not.toContainText('No fillers heard.');
  await expect(fillers).toContainText(/\d+ fillers? \(/);
  await expect(fillers).toContainText(/“(uh|um)”/);
  await shootBothWidths(page, process.env.SPEECH_SHOTS_DIR, 'fillers');
});
