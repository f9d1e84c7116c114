import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { PronunciationAccent } from '@coach/shared/contract/pronunciation';

const run = promisify(execFile);

/** One synthesiser voice: the Debian program and its voice name. */
export type SpokenVoice = { engine: 'flite' | 'espeak-ng'; name: string };

/**
 * The voice for each accent. American: flite's slt, the most natural of Debian's voices (speech.md). British:
 * eSpeak NG's Received Pronunciation. eSpeak NG has no Australian or Indian English voice; both take its British
 * one, the nearest of its voices (non-rhotic, as both mostly are), rather than an American one.
 */
export const VOICE_OF_ACCENT = {
  'en-US': { engine: 'flite', name: 'slt' },
  'en-GB': { engine: 'espeak-ng', name: 'en-gb-x-rp' },
  'en-AU': { engine: 'espeak-ng', name: 'en-gb' },
  'en-IN': { engine: 'espeak-ng', name: 'en-gb' },
} as const satisfies Record<PronunciationAccent, SpokenVoice>;

/** The audio's type and extension: MP3 plays in every browser the dashboard supports. */
export const SPOKEN_AUDIO = { contentType: 'audio/mpeg', extension: 'mp3' } as const;

/** How long one rendering may take before it is given up (a sentence takes well under a second). */
const TIMEOUT_MS = 20_000;

/** A synthesiser or ffmpeg is missing or failed. */
export class SpeakError extends Error {}

/**
 * Says `text` in `voice` as a mono MP3, a little slower than the voices' default so a learner can follow each
 * sound. The text goes through a file, never the command line, so nothing in it can be read as an option.
 */
export const renderSpeech = async ({ text, voice }: { text: string; voice: SpokenVoice }) => {
  const dir = await mkdtemp(path.join(tmpdir(), 'hear-it-'));
  try {
    const input = path.join(dir, 'text.txt');
    const wav = path.join(dir, 'voice.wav');
    const mp3 = path.join(dir, `voice.${SPOKEN_AUDIO.extension}`);
    await writeFile(input, text, 'utf8');
    const options = { timeout: TIMEOUT_MS };
    try {
      if (voice.engine === 'flite')
        await run(
          'flite',
          ['-voice', voice.name, '--setf', 'duration_stretch=1.15', '-f', input, '-o', wav],
          options,
        );
      else await run('espeak-ng', ['-v', voice.name, '-s', '150', '-f', input, '-w', wav], options);
      await run(
        process.env.FFMPEG_PATH ?? 'ffmpeg',
        ['-hide_banner', '-loglevel', 'error', '-i', wav, '-ac', '1', '-c:a', 'libmp3lame', '-q:a', '5', mp3],
        options,
      );
    } catch (error) {
      throw new SpeakError(
        `Could not say the text with ${voice.engine} (${voice.name}): ${(error as Error).message}. ` +
          "Hear it needs Debian's flite, espeak-ng and ffmpeg (`apt-get install -y flite espeak-ng ffmpeg`).",
      );
    }
    return new Uint8Array(await readFile(mp3));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
};
