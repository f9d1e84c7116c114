import { execFileSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { BROWSER_ARGS, CHROMIUM_PATH, E2E_PORT } from './env.ts';

/**
 * A reading for Chromium's fake microphone: `text` spoken by flite's `voice`, resampled to the 48 kHz mono the
 * fake capture expects, with half a second of silence either side. Synthesised when the spec file loads, before
 * the browser that plays it starts; sox -R keeps it the same on every run. `seconds` is its length (a take is
 * stopped after about that long: the fake microphone loops the file).
 */
export const spokenReading = ({
  name,
  text,
  voice = 'slt',
}: {
  name: string;
  text: string;
  voice?: string;
}) => {
  const dir = path.join(os.tmpdir(), `coach-e2e-${name}-${E2E_PORT}`);
  execFileSync('mkdir', ['-p', dir]);
  const raw = path.join(dir, 'reading.wav');
  const file = path.join(dir, 'reading-48k.wav');
  execFileSync('flite', ['-voice', voice, '-t', text, '-o', raw]);
  execFileSync('sox', ['-R', raw, '-r', '48000', '-c', '1', file, 'pad', '0.5', '0.5']);
  const seconds = Number(execFileSync('soxi', ['-D', file]).toString().trim());
  return { file, seconds };
};

/** Launch options for a browser whose microphone plays `file` (no permission prompt), as `test.use` takes them. */
export const withMicrophone = (file: string, extraArgs: string[] = []) => ({
  launchOptions: {
    executablePath: CHROMIUM_PATH,
    args: [...BROWSER_ARGS, `--use-file-for-fake-audio-capture=${file}`, ...extraArgs],
  },
});
