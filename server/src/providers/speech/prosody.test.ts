import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import koffi from 'koffi';
import { afterAll, describe, expect, it } from 'vitest';
import { decodeAudio, SAMPLE_RATE } from './decode-audio.ts';
import {
  expectsRise,
  GOOD_PROSODY_FROM,
  judgeProsody,
  LIVELY_SEMITONES,
  MAX_HZ,
  MIN_HZ,
  MONOTONE_SEMITONES,
  measureProsody,
  pitchTrack,
  type StressedVowel,
} from './prosody.ts';
import { type FliteVoice, synthesise } from './synthesise.ts';

// Needs Debian's espeak-ng (its library too, which the package brings), flite, sox and ffmpeg, as speech.test.ts.
const run = promisify(execFile);

/** Recorded speech as the pipeline hears it: 16 kHz samples decoded by ffmpeg, one segment over all of it. */
type Heard = { samples: Float32Array; sampleRate: number; segments: { start: number; end: number }[] };
const heard = (samples: Float32Array, sampleRate = SAMPLE_RATE): Heard => ({
  samples,
  sampleRate,
  segments: [{ start: 0, end: samples.length / sampleRate }],
});

/** espeak-ng's reading of `text` (SSML with `ssml`), decoded as an upload would be. */
const espeak = async (text: string, { voice = 'en-us', ssml = false } = {}) => {
  const { stdout } = await run('espeak-ng', [...(ssml ? ['-m'] : []), '-v', voice, '--stdout', text], {
    encoding: 'buffer',
    maxBuffer: 64 << 20,
  });
  return heard(await decodeAudio({ bytes: new Uint8Array(stdout), contentType: 'audio/wav' }));
};

const flite = async (text: string, voice: FliteVoice) =>
  heard(await decodeAudio({ bytes: await synthesise([{ say: text, voice }]), contentType: 'audio/wav' }));

/** espeak-ng reading with its pitch range set (SSML `prosody range`). */
const ranged = (text: string, range: '0%' | 'x-low' | 'low' | 'high') =>
  espeak(`<speak><prosody range="${range}">${text}</prosody></speak>`, { ssml: true });

/** espeak-ng told to keep its pitch still (`range` 0 %) or in a very narrow band (x-low): a deliberately flat voice. */
const flatly = (text: string, range: '0%' | 'x-low') => ranged(text, range);

/**
 * espeak-ng's library, for the stress tests: it reads phoneme input (`[[pr'Ez@nt]]`, the stress mark before the
 * stressed vowel) and reports when each phoneme starts (its phoneme events), so the vowels' times are known
 * exactly, as the phone aligner would time them, and the stress mark can be moved with nothing else changed.
 */
const espeakLibrary = (() => {
  const lib = koffi.load('libespeak-ng.so.1');
  const Event = koffi.struct({
    type: 'int',
    unique_identifier: 'uint',
    text_position: 'int',
    length: 'int',
    audio_position: 'int',
    sample: 'int',
    user_data: 'void *',
    id: koffi.union({ number: 'int', name: 'const char *', string: koffi.array('char', 8, 'String') }),
  });
  const Callback = koffi.proto('int', [koffi.pointer('int16_t'), 'int', 'void *']);
  // AUDIO_OUTPUT_SYNCHRONOUS = 2; espeakINITIALIZE_PHONEME_EVENTS | espeakINITIALIZE_DONT_EXIT.
  const sampleRate: number = lib.func('int espeak_Initialize(int, int, const char *, int)')(
    2,
    100,
    null,
    0x8001,
  );
  const setVoice = lib.func('int espeak_SetVoiceByName(const char *)');
  const synth = lib.func('espeak_Synth', 'int', [
    'str',
    'size_t',
    'uint',
    'int',
    'uint',
    'uint',
    'void *',
    'void *',
  ]);
  let chunks: Int16Array[] = [];
  let phonemes: { name: string; sample: number }[] = [];
  const callback = koffi.register((wav: unknown, count: number, events: unknown) => {
    if (count > 0) chunks.push(Int16Array.from(koffi.decode(wav, 'int16_t', count)));
    for (let i = 0; ; i++) {
      const event = koffi.decode(events, i * koffi.sizeof(Event), Event);
      if (event.type === 0) break; // espeakEVENT_LIST_TERMINATED
      if (event.type === 7) phonemes.push({ name: event.id.string, sample: event.sample }); // espeakEVENT_PHONEME
    }
    return 0;
  }, koffi.pointer(Callback));
  lib.func('espeak_SetSynthCallback', 'void', [koffi.pointer(Callback)])(callback);
  return {
    /** Speaks `text` and gives the samples and each phoneme's span in seconds. */
    speak: (text: string, voice = 'en-us') => {
      chunks = [];
      phonemes = [];
      setVoice(voice);
      // POS_CHARACTER = 1; espeakPHONEMES (0x100) reads [[...]], espeakENDPAUSE (0x1000) as the command line does.
      synth(text, Buffer.byteLength(text) + 1, 0, 1, 0, 0x1100, null, null);
      const samples = new Float32Array(chunks.reduce((n, c) => n + c.length, 0));
      let at = 0;
      for (const chunk of chunks) {
        samples.set(
          Float32Array.from(chunk, (s) => s / 32_768),
          at,
        );
        at += chunk.length;
      }
      const phones = phonemes.map((p, i) => ({
        name: p.name,
        start: p.sample / sampleRate,
        end: (phonemes[i + 1]?.sample ?? samples.length) / sampleRate,
      }));
      return { ...heard(samples, sampleRate), phones };
    },
    close: () => koffi.unregister(callback),
  };
})();
afterAll(() => espeakLibrary.close());

/** espeak-ng's vowel mnemonics start with one of these (E, @, I, O@, 0, 3, aI, V...); its consonants do not. */
const isVowel = (phoneme: string) => /^[aeiouAEIOUV03@]/.test(phoneme);

/**
 * `word` (espeak-ng phonemes) said alone or in `carrier` at `%s`, with its vowels timed by espeak-ng and marked
 * with the stresses a dictionary gives the target (`stresses`), as the aligner hands them over.
 */
const sayWithVowels = (word: string, stresses: (0 | 1 | 2)[], carrier = '%s', voice = 'en-us') => {
  const said = espeakLibrary.speak(carrier.replace('%s', `[[${word}]]`), voice);
  const bare = word.replace(/[',]/g, '');
  const first = said.phones.findIndex((_, i) =>
    said.phones
      .slice(i)
      .map((p) => p.name)
      .join('')
      .startsWith(bare),
  );
  const vowels = said.phones
    .slice(first)
    .filter((p) => isVowel(p.name))
    .slice(0, stresses.length);
  expect(vowels).toHaveLength(stresses.length);
  const timed: StressedVowel[] = vowels.map((v, i) => ({
    wordIndex: 0,
    start: v.start,
    end: v.end,
    stress: stresses[i] ?? 0,
  }));
  return { ...said, vowels: timed };
};

/** A sine with two harmonics whose pitch glides exponentially from `from` to `to` Hz. */
const glide = (from: number, to: number, seconds: number, sampleRate: number) => {
  const hz = (t: number) => from * (to / from) ** (t / seconds);
  const samples = new Float32Array(Math.round(seconds * sampleRate));
  let phase = 0;
  for (let i = 0; i < samples.length; i++) {
    phase += (2 * Math.PI * hz(i / sampleRate)) / sampleRate;
    samples[i] = 0.5 * Math.sin(phase) + 0.2 * Math.sin(2 * phase) + 0.1 * Math.sin(3 * phase);
  }
  return { samples, hz };
};

describe('the pitch tracker', () => {
  it('follows a tone gliding from 60 to 400 Hz to within a quarter semitone, at 16 and 48 kHz', () => {
    for (const sampleRate of [SAMPLE_RATE, 48_000]) {
      const { samples, hz } = glide(MIN_HZ, MAX_HZ, 3, sampleRate);
      const track = pitchTrack(samples, sampleRate);
      expect(track.length).toBeGreaterThan(280);
      // Every frame whose pitch is inside the range, bar the edges, is voiced and right.
      const inside = track.filter((f) => hz(f.time) > MIN_HZ * 1.03 && hz(f.time) < MAX_HZ * 0.97);
      expect(inside.length).toBeGreaterThan(250);
      for (const frame of inside) {
        expect(frame.hz).not.toBeNull();
        expect(Math.abs(12 * Math.log2((frame.hz ?? 0) / hz(frame.time)))).toBeLessThan(0.25);
      }
      // Frames 10 ms apart.
      expect((track[101]?.time ?? 0) - (track[1]?.time ?? 0)).toBeCloseTo(1, 2);
    }
  });

  it('costs a few milliseconds per second of audio (the budget is 50)', () => {
    const { samples } = glide(100, 250, 20, SAMPLE_RATE);
    pitchTrack(samples.subarray(0, SAMPLE_RATE), SAMPLE_RATE); // warm the JIT
    const started = performance.now();
    pitchTrack(samples, SAMPLE_RATE);
    // Measured 2-5 ms per second here on a shared core; pitchfinder's YIN on the 16 kHz samples took 80-314.
    expect((performance.now() - started) / 20).toBeLessThan(20);
  });

  it('hears no pitch in silence or white noise, and prosody says null there', async () => {
    for (const piece of [{ silence: 2 }, { noise: 2 }]) {
      const { samples } = heard(
        await decodeAudio({ bytes: await synthesise([piece]), contentType: 'audio/wav' }),
      );
      const voiced = pitchTrack(samples, SAMPLE_RATE).filter((f) => f.hz !== null);
      expect(voiced.length).toBeLessThan(10);
      expect(measureProsody(heard(samples))).toBeNull();
    }
  });
});

describe('pitch variation', () => {
  const sentence = 'I would like to learn more about the role and the company.';

  it('a reading with its pitch held still is monotone; espeak-ng and flite as they speak are not', async () => {
    for (const flat of [await flatly(sentence, '0%'), await flatly(sentence, 'x-low')]) {
      const prosody = measureProsody(flat);
      expect(prosody?.pitchVariationSemitones).toBeLessThan(MONOTONE_SEMITONES);
      expect(prosody?.advice).toBe('monotone');
      expect(prosody?.score).toBeLessThan(10);
    }
    for (const lively of [
      await espeak(sentence),
      await flite(sentence, 'rms'),
      await flite(sentence, 'slt'),
    ]) {
      const prosody = measureProsody(lively);
      expect(prosody?.pitchVariationSemitones).toBeGreaterThan(MONOTONE_SEMITONES + 0.15);
      expect(prosody?.advice).not.toBe('monotone');
      expect(prosody?.questionRise).toBeNull();
      expect(prosody?.stress).toBeNull();
    }
  });

  it('a voice that moves within a narrow band is told so; one that moves freely is told it is fine', async () => {
    // espeak-ng's low range (about 0.8 st) and flite slt (about 1.0 st): not flat, but under a good score.
    for (const narrow of [await ranged(sentence, 'low'), await flite(sentence, 'slt')]) {
      const prosody = measureProsody(narrow);
      expect(prosody?.pitchVariationSemitones).toBeGreaterThan(MONOTONE_SEMITONES);
      expect(prosody?.pitchVariationSemitones).toBeLessThan(LIVELY_SEMITONES);
      expect(prosody?.score).toBeLessThan(GOOD_PROSODY_FROM);
      expect(prosody?.advice).toBe('narrow');
    }
    // espeak-ng's high range and flite rms: a good score, and "rises and falls naturally".
    for (const free of [await ranged(sentence, 'high'), await flite(sentence, 'rms')]) {
      const prosody = measureProsody(free);
      expect(prosody?.score).toBeGreaterThanOrEqual(GOOD_PROSODY_FROM);
      expect(prosody?.advice).toBe('good');
    }
  });

  it('counts only the speech segments: a tone outside them does not liven a flat reading', async () => {
    const flat = await flatly(sentence, '0%');
    const seconds = flat.samples.length / SAMPLE_RATE;
    const tone = glide(100, 300, 1, SAMPLE_RATE).samples;
    const samples = new Float32Array(flat.samples.length + tone.length);
    samples.set(flat.samples);
    samples.set(tone, flat.samples.length);
    const both = heard(samples);
    expect(measureProsody(both)?.advice).toBe('good');
    expect(measureProsody({ ...both, segments: [{ start: 0, end: seconds }] })?.advice).toBe('monotone');
  });
});

describe('question rise', () => {
  it('a yes/no question read with a rise rises; the same words read as a statement do not', async () => {
    for (const words of ['Are you coming', 'Would you like to learn more about the role']) {
      const target = `${words}?`;
      const asked = measureProsody({ ...(await espeak(target)), target });
      expect(asked?.questionRise).toBe(true);
      expect(asked?.advice).toBe('good');
      const stated = measureProsody({ ...(await espeak(`${words}.`)), target });
      expect(stated?.questionRise).toBe(false);
      expect(stated?.advice).toBe('questionRise');
      expect(stated?.score ?? 100).toBeLessThan(asked?.score ?? 0);
      // flite has no question tune: its reading of the question falls like a statement.
      expect(measureProsody({ ...(await flite(target, 'rms')), target })?.questionRise).toBe(false);
    }
  });

  it('is not judged without a question, nor for a wh-question, whose tune falls', async () => {
    const reading = await espeak('Where are you going?');
    expect(measureProsody({ ...reading, target: 'Where are you going?' })?.questionRise).toBeNull();
    expect(measureProsody({ ...reading, target: 'You are going.' })?.questionRise).toBeNull();
    expect(measureProsody({ ...reading, target: null })?.questionRise).toBeNull();
    expect(expectsRise('I know. Are you going?')).toBe(true);
    expect(expectsRise('You are going?')).toBe(true);
    expect(expectsRise("Hello. How's it going?")).toBe(false);
  });
});

describe('word stress', () => {
  // CMUdict: PRESENT (noun) P R EH1 Z AH0 N T, RECORD (noun) R EH1 K ER0 D, OBJECT (noun) AA1 B JH EH0 K T.
  const nouns: { word: string; asNoun: string; asVerb: string }[] = [
    { word: 'present', asNoun: "pr'Ez@nt", asVerb: "prI'zEnt" },
    { word: 'record', asNoun: "r'Ek3d", asVerb: "rI'kO@d" },
    { word: 'object', asNoun: "'0bdZEkt", asVerb: "0bdZ'Ekt" },
  ];

  it('a noun read with its dictionary stress matches; read as the verb it does not', () => {
    for (const { asNoun, asVerb } of nouns) {
      for (const carrier of ['%s', 'I want the %s now.']) {
        const noun = sayWithVowels(asNoun, [1, 0], carrier);
        expect(measureProsody(noun)?.stress).toEqual({ matched: 1, of: 1 });
        const verb = sayWithVowels(asVerb, [1, 0], carrier);
        const prosody = measureProsody(verb);
        expect(prosody?.stress).toEqual({ matched: 0, of: 1 });
        expect(prosody?.score ?? 100).toBeLessThan(measureProsody(noun)?.score ?? 0);
        if (carrier === '%s') {
          // The word alone: its stress is all that is judged, and the advice says what cost the score.
          expect(prosody).toMatchObject({ score: 0, advice: 'stress' });
        } else {
          // In a sentence one word's stress costs score, at half weight; the advice waits for two words (one
          // misjudged word is no pattern) while the melody stays good.
          expect(prosody?.score ?? 0).toBeGreaterThanOrEqual(GOOD_PROSODY_FROM);
          expect(prosody?.advice).toBe('good');
        }
      }
    }
  });

  it('a drawn-out secondary stress is no misplaced stress; stress on an unstressed vowel is', () => {
    // CMUdict: TELEPHONE T EH1 L AH0 F OW2 N. Said alone with the final "phone" the most prominent, as a word's last
    // full vowel often is, and with the stress on the unstressed middle vowel.
    for (const voice of ['en-us', 'en-gb']) {
      const drawnOut = sayWithVowels("tEl@f'oUn", [1, 0, 2], '%s', voice);
      expect(measureProsody(drawnOut)?.stress).toEqual({ matched: 1, of: 1 });
      const misplaced = sayWithVowels("tEl'@foUn", [1, 0, 2], '%s', voice);
      expect(measureProsody(misplaced)?.stress).toEqual({ matched: 0, of: 1 });
    }
  });

  it('a word whose unstressed vowel stood out only a little over its stressed one is not told its stress is wrong', () => {
    // A rightly said word read alone, its last vowel drawn out a little ("schedule" in flite slt): the bare
    // most-prominent rule told 1 rightly said word in 6 alone that its stress was wrong, with a prosody score of 0.
    const alone = (clearBy: number) =>
      judgeProsody({
        spread: 1,
        phrase: false,
        questionRise: null,
        stressedWords: [{ wordIndex: 0, matched: clearBy <= 0, clearBy }],
      });
    expect(alone(0.3)).toMatchObject({ stress: { matched: 1, of: 1 }, score: 100, advice: 'good' });
    expect(alone(0.9)).toMatchObject({ stress: { matched: 0, of: 1 }, score: 0, advice: 'stress' });
    // Measures kept from before the margin was measured are judged as they were.
    expect(
      judgeProsody({
        spread: 1,
        phrase: false,
        questionRise: null,
        stressedWords: [{ wordIndex: 0, matched: false }],
      })?.stress,
    ).toEqual({ matched: 0, of: 1 });
  });

  it('two words stressed on the wrong syllable bring the stress advice', () => {
    const verb = sayWithVowels("prI'zEnt", [1, 0], 'I want the %s now.');
    // The same word counted twice, as two words of a target: both misplace the stress.
    const twice = [...verb.vowels, ...verb.vowels.map((vowel) => ({ ...vowel, wordIndex: 1 }))];
    const prosody = measureProsody({ ...verb, vowels: twice });
    expect(prosody?.stress).toEqual({ matched: 0, of: 2 });
    expect(prosody?.advice).toBe('stress');
  });

  it('moving only the stress mark moves the match: PREsent against preSENT, in three voices', () => {
    for (const voice of ['en-us', 'en-gb', 'en-us+f3']) {
      const first = sayWithVowels("'prEzEnt", [1, 0], '%s', voice);
      const second = sayWithVowels("prEz'Ent", [1, 0], '%s', voice);
      expect(measureProsody(first)?.stress).toEqual({ matched: 1, of: 1 });
      expect(measureProsody(second)?.stress).toEqual({ matched: 0, of: 1 });
      // The verb's target (AH0 / P R IY0 Z EH1 N T) turns the verdicts round.
      expect(
        measureProsody({ ...second, vowels: second.vowels.map((v, i) => ({ ...v, stress: i ? 1 : 0 })) })
          ?.stress,
      ).toEqual({ matched: 1, of: 1 });
    }
  });

  it('counts only words of two or more vowels with a primary stress, and says null without them', () => {
    const said = sayWithVowels("pr'Ez@nt", [1, 0], 'Please put the %s on the table.');
    const [a, b] = said.vowels;
    if (!a || !b) throw new Error('two vowels expected');
    for (const vowels of [[], [a, { ...b, wordIndex: 1 }], [{ ...a, stress: 0 as const }, b]]) {
      const prosody = measureProsody({ ...said, vowels });
      expect(prosody).not.toBeNull();
      expect(prosody?.stress).toBeNull();
    }
    // One word alone is too short for its pitch spread to mean anything: without stress to judge, nothing is said.
    const alone = sayWithVowels("pr'Ez@nt", [1, 0]);
    expect(measureProsody({ ...alone, vowels: [] })).toBeNull();
    expect(measureProsody(alone)).toMatchObject({
      stress: { matched: 1, of: 1 },
      advice: 'good',
      score: 100,
    });
  });
});

describe('the prosody score', () => {
  it('weighs the parts that apply: a flat statement read for a question scores 0, the risen question well', async () => {
    const target = 'Would you like to learn more about the role?';
    const good = measureProsody({ ...(await espeak(target)), target });
    const flat = measureProsody({
      ...(await flatly('Would you like to learn more about the role.', '0%')),
      target,
    });
    expect(good).toMatchObject({ questionRise: true, advice: 'good' });
    expect(flat).toMatchObject({ questionRise: false, advice: 'monotone' });
    expect(flat?.score).toBe(0);
    expect(good?.score).toBeGreaterThan(60);
    expect(Number.isInteger(good?.score)).toBe(true);
  });
});
