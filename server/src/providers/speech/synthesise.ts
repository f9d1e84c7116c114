import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** The two flite voices speech.md measured (slt female, rms male): the most natural of Debian's. */
export type FliteVoice = 'slt' | 'rms';

/**
 * Festival's English voices in Debian: `kal` and `ked` are diphone voices, cut from recordings of two American
 * men, so a sound they say is a person's sound; `slt-hts` is a statistical voice trained on an American woman.
 */
export type FestivalVoice = 'kal' | 'ked' | 'slt-hts';

const FESTIVAL_VOICES = {
  kal: 'voice_kal_diphone',
  ked: 'voice_ked_diphone',
  'slt-hts': 'voice_cmu_us_slt_arctic_hts',
} as const satisfies Record<FestivalVoice, string>;

/** A word's festival phones may only be lower-case letters, spaces, parentheses and stress digits. */
const FESTIVAL_SOUNDS = /^[a-z0-9() ]+$/;
const FESTIVAL_WORD = /^[a-z']+$/;

/**
 * Festival's script for one reading: the voice, the words said otherwise, the text. `sounds` gives a word's
 * festival phones, either one stressed syllable ("f ih ng k") or festival's syllables ("((th ah n) 1) ((d er) 0)").
 */
const festivalScript = (text: string, voice: FestivalVoice, sounds: Record<string, string>, out: string) => {
  const entries = Object.entries(sounds).map(([word, said]) => {
    if (!FESTIVAL_WORD.test(word) || !FESTIVAL_SOUNDS.test(said))
      throw new Error(`festival: cannot say "${word}" as "${said}"`);
    const syllables = said.trim().startsWith('(') ? said : `((${said}) 1)`;
    return `(lex.add.entry '("${word}" nil (${syllables})))`;
  });
  const quoted = text.replace(/[\\"]/g, ' ');
  return [
    `(${FESTIVAL_VOICES[voice]})`,
    ...entries,
    `(utt.save.wave (utt.synth (Utterance Text "${quoted}")) "${out}" 'riff)`,
  ].join('\n');
};

/** Festival's syllables of a word in a voice's lexicon, e.g. "((th ah n) 1) ((d er) 0)" for "thunder". */
export const festivalSyllables = async (word: string, voice: FestivalVoice = 'kal') => {
  if (!FESTIVAL_WORD.test(word)) throw new Error(`festival: no lookup for "${word}"`);
  const { stdout } = await run('festival', [
    '-b',
    `(begin (${FESTIVAL_VOICES[voice]}) (print (lex.lookup "${word}")))`,
  ]);
  // ("thunder" nil (((th ah n) 1) ((d er) 0)))
  const syllables = /^\(".*?" \S+ \((.*)\)\)\s*$/m.exec(stdout)?.[1];
  if (!syllables) throw new Error(`festival: no entry for "${word}": ${stdout}`);
  return syllables;
};

/**
 * A fixed set for word error rates: five Harvard sentences, the "Please call Stella" line and four answers
 * of the kind an interview task draws (speech.md §3.1).
 */
export const SENTENCES = [
  'The birch canoe slid on the smooth planks.',
  'Glue the sheet to the dark blue background.',
  "It's easy to tell the depth of a well.",
  'These days a chicken leg is a rare dish.',
  'Rice is often served in round bowls.',
  'Please call Stella and ask her to bring these things with her from the store.',
  'I enjoy working with people and solving problems as a team.',
  'In my last job I managed a small team of five engineers.',
  'My greatest strength is that I stay calm under pressure.',
  'I would like to learn more about the role and the company.',
] as const;

/** One piece of a synthesised recording. */
export type Piece =
  /** `stretch` scales flite's durations: 0.7 speaks 30 % faster (about 260 words a minute against 185). */
  | { say: string; voice?: FliteVoice; stretch?: number }
  /**
   * espeak-ng's reading, which takes phonemes where flite cannot: `[[f'INk]]` says "fink" exactly, so a test
   * or the bench types the one sound a learner gets wrong.
   */
  | { espeak: string; voice?: 'en-us' | 'en-gb'; wordsPerMinute?: number }
  /**
   * Festival's reading, with `sounds` saying some words otherwise (`{ think: 'f ih ng k' }` reads "fink"): a
   * learner's error said in a person's recorded sounds, where espeak-ng's are made by formulas.
   */
  | { festival: string; voice?: FestivalVoice; sounds?: Record<string, string> }
  | { silence: number }
  | { tone: number; hz?: number }
  | { noise: number };

/**
 * Builds a 16 kHz mono 16-bit WAV from spoken sentences (Debian's flite), silences, sine tones and white noise
 * (sox), for the tests and the bench, optionally in a noisy `room` or far from the microphone: test audio is
 * made at run time, so no recording is committed. sox runs repeatable (-R: the same dither and noise every
 * time), so a test hears the same audio on every run.
 */
export const synthesise = async (
  pieces: Piece[],
  format: 'wav' | 'webm' | 'ogg' | 'm4a' = 'wav',
  room: Room = {},
): Promise<Uint8Array> => {
  const dir = await mkdtemp(path.join(tmpdir(), 'speech-'));
  try {
    const files: string[] = [];
    const spoken: string[] = [];
    for (const [i, piece] of pieces.entries()) {
      const file = path.join(dir, `${i}.wav`);
      const pcm = ['-r', '16000', '-c', '1', '-b', '16', file];
      if ('say' in piece) {
        const raw = path.join(dir, `${i}.flite.wav`);
        const stretch = piece.stretch ? ['--setf', `duration_stretch=${piece.stretch}`] : [];
        await run('flite', ['-voice', piece.voice ?? 'slt', ...stretch, '-t', piece.say, '-o', raw]);
        await run('sox', ['-R', raw, ...pcm]);
        spoken.push(file);
      } else if ('espeak' in piece) {
        const raw = path.join(dir, `${i}.espeak.wav`);
        const speed = String(piece.wordsPerMinute ?? 150);
        await run('espeak-ng', ['-v', piece.voice ?? 'en-us', '-s', speed, '-w', raw, piece.espeak]);
        await run('sox', ['-R', raw, ...pcm]);
        spoken.push(file);
      } else if ('festival' in piece) {
        const raw = path.join(dir, `${i}.festival.wav`);
        const script = path.join(dir, `${i}.scm`);
        await writeFile(
          script,
          festivalScript(piece.festival, piece.voice ?? 'kal', piece.sounds ?? {}, raw),
        );
        await run('festival', ['-b', script]);
        await run('sox', ['-R', raw, ...pcm]);
        spoken.push(file);
      } else if ('silence' in piece)
        await run('sox', ['-R', '-n', ...pcm, 'trim', '0', String(piece.silence)]);
      else if ('tone' in piece) {
        await run('sox', [
          '-R',
          '-n',
          ...pcm,
          'synth',
          String(piece.tone),
          'sine',
          String(piece.hz ?? 440),
          'vol',
          '0.5',
        ]);
      } else await run('sox', ['-R', '-n', ...pcm, 'synth', String(piece.noise), 'whitenoise', 'vol', '0.3']);
      files.push(file);
    }
    const all = path.join(dir, 'all.wav');
    if (files.length === 1) await run('sox', ['-R', files[0] ?? '', all]);
    else await run('sox', ['-R', ...files, all]);
    const wav =
      room.snrDb === undefined && room.gainDb === undefined ? all : await intoRoom(dir, all, spoken, room);
    if (format === 'wav') return new Uint8Array(await readFile(wav));
    const encoded = path.join(dir, `all.${format}`);
    await encodeAs(format, wav, encoded);
    return new Uint8Array(await readFile(encoded));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
};

/**
 * Writes the WAV `from` to `to` as recorded elsewhere. webm: what Chromium's MediaRecorder uploads (Opus, 48 kHz).
 * ogg: Firefox's (Opus in Ogg), here in two channels. m4a: AAC with its index after the audio, as ffmpeg and most
 * recorders other than browsers write it.
 */
export const encodeAs = async (format: 'webm' | 'ogg' | 'm4a', from: string, to: string) => {
  const codec = {
    webm: ['-ar', '48000', '-c:a', 'libopus', '-b:a', '32k'],
    ogg: ['-ac', '2', '-ar', '48000', '-c:a', 'libopus', '-b:a', '48k'],
    m4a: ['-c:a', 'aac', '-b:a', '64k'],
  }[format];
  await run('ffmpeg', ['-loglevel', 'error', '-y', '-i', from, '-ac', '1', ...codec, to]);
};

/**
 * A room to record in: white noise over the whole recording at `snrDb` below the speech (the RMS of the spoken
 * pieces against the noise's, as sox measures them), then `gainDb` on the whole (-30: a quiet voice, far from
 * the microphone). Both are mixed at half scale so loud noise cannot clip.
 */
export type Room = { snrDb?: number; gainDb?: number };

/** sox's RMS amplitude of a file (`stat` writes it to stderr). */
const rmsOf = async (file: string) => {
  const { stderr } = await run('sox', [file, '-n', 'stat']);
  const rms = Number(/RMS\s+amplitude:\s+([\d.]+)/.exec(stderr)?.[1]);
  if (!(rms > 0)) throw new Error(`sox stat measured no level in ${file}: ${stderr}`);
  return rms;
};

const intoRoom = async (dir: string, wav: string, spoken: string[], { snrDb, gainDb = 0 }: Room) => {
  const out = path.join(dir, 'room.wav');
  const scale = 0.5 * 10 ** (gainDb / 20);
  if (snrDb === undefined || !spoken.length) {
    await run('sox', ['-R', wav, out, 'vol', String(scale * 2)]);
    return out;
  }
  const speech = path.join(dir, 'speech.wav');
  const noise = path.join(dir, 'noise.wav');
  await run('sox', ['-R', ...spoken, speech]);
  // synth without a length makes noise as long as its input.
  await run('sox', ['-R', wav, noise, 'synth', 'whitenoise', 'vol', '0.3']);
  const noiseScale = (await rmsOf(speech)) / 10 ** (snrDb / 20) / (await rmsOf(noise));
  await run('sox', ['-R', '-m', '-v', String(scale), wav, '-v', String(scale * noiseScale), noise, out]);
  return out;
};
