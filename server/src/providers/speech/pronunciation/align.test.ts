import { describe, expect, it, vi } from 'vitest';
import { analyseTranscript } from '../../../services/speech/speech-analytics.ts';
import { DEVOICED_Z_AT, RIVAL_GAP, SLIP_GAP, squeezedOut } from '../../../services/speech/speech-phones.ts';
import { decodeAudio, transcribeSamples } from '../index.ts';
import { type Piece, type Room, synthesise } from '../synthesise.ts';
import { assessPhones } from './align.ts';
import { withAligner } from './pocketsphinx.ts';

// The phone aligner on speech synthesised here (flite, espeak-ng with its phoneme input), through the whole
// engine: decode, VAD, Moonshine, PocketSphinx. One run says all (no database): vitest.config.ts keeps it out
// of the PostgreSQL project.

// Each test synthesises speech (festival's voices take seconds to start) and hears it, two voices at a time: with
// four test files at once on two cores a test passed 30 s. Nothing here asserts a time.
vi.setConfig({ testTimeout: 120_000 });

const samplesOf = async (piece: Piece, room: Room = {}) =>
  decodeAudio({
    bytes: await synthesise([{ silence: 0.3 }, piece, { silence: 0.3 }], 'wav', room),
    contentType: 'audio/wav',
  });

const hear = async (piece: Piece, target: string, room: Room = {}) => {
  const transcript = await transcribeSamples(await samplesOf(piece, room), { target, accent: 'en-US' });
  const analysis = analyseTranscript({ transcript, target });
  if (analysis.status !== 'done') throw new Error(`not heard: ${analysis.status}`);
  return { transcript, words: analysis.words ?? [] };
};

const flaggedIn = (words: { word: string; status: string }[]) =>
  words.filter((word) => word.status !== 'correct').map((word) => word.word);

describe('the phone aligner', () => {
  it('times every sound of a rightly read sentence, in order, and finds them in place', async () => {
    const target = 'Please call Stella and ask her to bring these things with her from the store.';
    const assessed = await assessPhones({
      samples: await samplesOf({ say: target, voice: 'rms' }),
      target,
      accent: 'en-US',
    });
    expect(assessed?.words.map((word) => word.word)).toEqual(
      'please call stella and ask her to bring these things with her from the store'.split(' '),
    );
    let previousEnd = 0;
    for (const word of assessed?.words ?? []) {
      expect(word.start).not.toBeNull();
      expect(word.start ?? 0).toBeGreaterThanOrEqual(previousEnd - 0.011);
      previousEnd = word.end ?? 0;
      for (const phone of word.phones) {
        expect(phone.end).toBeGreaterThan(phone.start);
        // A stressed vowel's length against the median sound; only stressed vowels are measured so.
        if (phone.stress === 1) expect(phone.length).toBeGreaterThan(0);
        if (phone.stress === 1) expect(phone.length).toBeLessThan(5);
        else expect(phone.length).toBeUndefined();
      }
    }
    const scores = (assessed?.words ?? []).flatMap((word) => word.phones.map((phone) => phone.score));
    const median = [...scores].sort((a, b) => a - b)[Math.floor(scores.length / 2)] ?? 0;
    expect(median).toBeGreaterThanOrEqual(70);
  });

  it('the same audio is measured the same way every time (no state carried between recordings)', async () => {
    const target = 'We have a very big house.';
    const samples = await samplesOf({ say: 'We have a berry big house.', voice: 'rms' });
    const first = await assessPhones({ samples, target, accent: 'en-US' });
    await assessPhones({
      samples: await samplesOf({ say: 'Something else entirely.' }),
      target: 'Something else entirely.',
      accent: 'en-US',
    });
    expect(await assessPhones({ samples, target, accent: 'en-US' })).toEqual(first);
  });

  it('two recordings in hand at once are each measured as if alone (the decoder is taken in turn)', async () => {
    const readings = [
      { target: 'We have a very big house.', say: 'We have a berry big house.' },
      { target: 'I think the shop opens at ten.', say: 'I sink the shop opens at ten.' },
    ];
    const inputs = await Promise.all(
      readings.map(async ({ target, say }) => ({
        samples: await samplesOf({ say, voice: 'rms' }),
        target,
        accent: 'en-US' as const,
      })),
    );
    const alone = [];
    for (const input of inputs) alone.push(await withAligner(() => assessPhones(input)));
    const together = await Promise.all(inputs.map((input) => withAligner(() => assessPhones(input))));
    expect(together).toEqual(alone);
    expect(alone.every((assessment) => (assessment?.words.length ?? 0) > 5)).toBe(true);
  });

  it('a rightly read sentence has no flagged word', async () => {
    const target = 'Please call Stella and ask her to bring these things with her from the store.';
    for (const voice of ['slt', 'rms'] as const) {
      const { words } = await hear({ say: target, voice }, target);
      expect(flaggedIn(words)).toEqual([]);
    }
  });

  it('a word left out is omitted, not named as a sound said wrong, though the aligner finds errors in it', async () => {
    const target = 'Please leave the heavy boxes near the front door.';
    for (const voice of ['slt', 'rms'] as const) {
      const { words, transcript } = await hear(
        { say: 'Please leave the boxes near the front door.', voice },
        target,
      );
      // Forced to place "heavy", the aligner squeezed it into its shortest sounds, finding errors there.
      const heavy = transcript.phones?.words.find((word) => word.word === 'heavy');
      expect(heavy && squeezedOut(heavy)).toBe(true);
      expect(heavy?.phones.some((phone) => phone.kind !== 'expected')).toBe(true);
      // (flite's slt is heard as "the box as near": the recogniser's slip, not the aligner's.)
      expect(flaggedIn(words)).toContain('heavy');
      const shown = words.find((word) => word.word === 'heavy');
      expect(shown?.status).toBe('omitted');
      expect(shown?.phones?.every((phone) => phone.status === 'omitted')).toBe(true);
    }
  });

  it('"light" for "right": the word is flagged with /l/ heard for /r/', async () => {
    const { words, transcript } = await hear(
      { say: 'The light answer is on the board.' },
      'The right answer is on the board.',
    );
    // The aligner's own measure: it picked /l/ at /r/ with evidence for it.
    const right = transcript.phones?.words.find((word) => word.word === 'right');
    expect(right?.phones[0]).toMatchObject({ phone: 'R', kind: 'substituted', heard: 'L' });
    expect(right?.phones[0]?.margin).toBeGreaterThan(0);
    expect(flaggedIn(words)).toEqual(['right']);
    expect(words.find((word) => word.word === 'right')?.phones?.[0]).toMatchObject({
      phone: 'R',
      heard: 'L',
      status: 'mispronounced',
    });
  });

  it('"berry" for "very", though the recogniser wrote "very": the aligner names /b/ for /v/', async () => {
    const { words, transcript } = await hear(
      { say: 'We have a berry big house.', voice: 'rms' },
      'We have a very big house.',
    );
    expect(transcript.text.toLowerCase()).toContain('very');
    expect(flaggedIn(words)).toEqual(['very']);
    expect(words.find((word) => word.word === 'very')?.phones?.[0]).toMatchObject({ phone: 'V', heard: 'B' });
  });

  it('"tree" for "three", though the recogniser wrote "Three" and the aligner fitted /θ/: its rival names /t/', async () => {
    const target = 'Three birds sat on the fence.';
    const { words, transcript } = await hear({ say: 'Tree birds sat on the fence.', voice: 'slt' }, target);
    expect(transcript.text).toMatch(/^Three/);
    // The recogniser, asked, found the sentence with "tree" nearly as likely as the one it wrote.
    const rival = transcript.phones?.rivals?.find((r) => r.index === 0);
    expect(rival?.word).toBe('tree');
    expect(rival?.gap).toBeLessThanOrEqual(RIVAL_GAP);
    expect(flaggedIn(words)).toEqual(['Three']);
    expect(words[0]).toMatchObject({ status: 'mispronounced', heard: 'tree' });
    expect(words[0]?.phones?.[0]).toMatchObject({ phone: 'TH', heard: 'T', status: 'mispronounced' });
    // Read as written, no word has a rival that near.
    const right = await hear({ say: target, voice: 'slt' }, target);
    expect(flaggedIn(right.words)).toEqual([]);
  });

  it('"estation" for "station", though the recogniser wrote "station": its slip spelt out names the added vowel', async () => {
    const target = 'The station was crowded this morning.';
    const { words, transcript } = await hear(
      { espeak: 'The estation was crowded this morning.', voice: 'en-gb' },
      target,
    );
    expect(transcript.text).toMatch(/The station/);
    // Asked, the recogniser found the sentence with "estation" spelt out nearly as likely as the one it wrote.
    const slip = transcript.phones?.slips?.find((s) => s.index === 1 && s.error === '+EH');
    expect(slip?.gap).toBeLessThanOrEqual(SLIP_GAP['+EH'] ?? 0);
    expect(flaggedIn(words)).toEqual(['station']);
    expect(words[1]).toMatchObject({ status: 'mispronounced', heard: 'estation' });
    expect(words[1]?.phones?.[0]).toMatchObject({ phone: 'EH', status: 'inserted' });
    // Read as written (by the American voice, whose "The" the recogniser hears), the slip is far less likely and
    // no word is flagged.
    const right = await hear({ espeak: target }, target);
    expect(right.transcript.phones?.slips?.find((s) => s.index === 1)?.gap).toBeGreaterThan(
      SLIP_GAP['+EH'] ?? 0,
    );
    expect(flaggedIn(right.words)).toEqual([]);
  });

  it('"yumped" for "jumped", typed in espeak-ng phonemes: /j/ named for /dʒ/', async () => {
    const { words } = await hear({ espeak: "She [[j'Vmpt]] over the fence." }, 'She jumped over the fence.');
    expect(words.find((word) => word.word === 'jumped')?.phones?.[0]).toMatchObject({
      phone: 'JH',
      heard: 'Y',
      status: 'mispronounced',
    });
  });

  // The recogniser repairs /θ/ best, and the aligner may keep it as written for want of a better sound: a /θ/ that
  // fits nothing is marked all the same.
  it('"tiory" for "theory", typed in espeak-ng phonemes: the word is flagged at its /θ/', async () => {
    const target = 'His theory explains nothing at all.';
    const { words } = await hear({ espeak: "His [[t'i@ri]] explains nothing at all." }, target);
    expect(flaggedIn(words)).toEqual(['theory']);
    expect(words.find((word) => word.word === 'theory')?.phones?.[0]).toMatchObject({
      phone: 'TH',
      status: 'mispronounced',
    });
    // Said rightly, the same /θ/ fits and the word is in place.
    const right = await hear({ espeak: target }, target);
    expect(right.words.find((word) => word.word === 'theory')?.status).toBe('correct');
  });

  // Festival's diphone voices say an error in two men's recorded sounds. /θ/ said as /t/ and /w/ said as /v/ are
  // heard in both; /θ/ said as /f/ is not (the acoustic model cannot tell the two apart: see docs/speech.md).
  it('"tink" for "think" and "vest" for "west", in both festival voices: /t/ named for /θ/, /v/ for /w/', async () => {
    const cases = [
      {
        target: 'I think we should leave now.',
        word: 'think',
        said: 't ih ng k',
        heard: { phone: 'TH', heard: 'T' },
      },
      {
        target: 'They went to the west coast.',
        word: 'west',
        said: 'v eh s t',
        heard: { phone: 'W', heard: 'V' },
      },
    ];
    for (const { target, word, said, heard } of cases)
      for (const voice of ['kal', 'ked'] as const) {
        const { words } = await hear({ festival: target, voice, sounds: { [word]: said } }, target);
        expect(flaggedIn(words)).toEqual([word]);
        expect(words.find((w) => w.word === word)?.phones?.[0]).toMatchObject({
          ...heard,
          status: 'mispronounced',
        });
      }
  });

  // The acoustic model fits a /z/ to /s/ audio as well as to /z/; the vocal folds tell them apart (cues.ts).
  it('"lacy" for "lazy", in both festival voices: /s/ named for /z/, by the voicing the model cannot hear', async () => {
    const target = 'The lazy dog slept all afternoon.';
    for (const voice of ['kal', 'ked'] as const) {
      const lacy = await hear({ festival: target, voice, sounds: { lazy: '((l ey) 1) ((s iy) 0)' } }, target);
      const z = lacy.transcript.phones?.words.find((word) => word.word === 'lazy')?.phones[2];
      expect(z).toMatchObject({ phone: 'Z' });
      expect(z?.voicing).toBeLessThanOrEqual(DEVOICED_Z_AT);
      expect(lacy.words.find((word) => word.word === 'lazy')?.phones?.[2]).toMatchObject({
        phone: 'Z',
        heard: 'S',
        status: 'mispronounced',
      });
      // Said rightly, the same /z/ is voiced and the word in place.
      const lazy = await hear({ festival: target, voice }, target);
      expect(
        lazy.transcript.phones?.words.find((word) => word.word === 'lazy')?.phones[2]?.voicing,
      ).toBeGreaterThan(DEVOICED_Z_AT);
      expect(lazy.words.find((word) => word.word === 'lazy')?.status).toBe('correct');
    }
  });

  // Between vowels the model tells /v/ from /b/ poorly; a /b/'s release bursts out of its closure (cues.ts).
  it('"sebben" for "seven", in both festival voices: /b/ named for /v/, and said rightly the word is in place', async () => {
    const target = 'The shop opens at seven sharp.';
    for (const voice of ['kal', 'ked'] as const) {
      const sebben = await hear(
        { festival: target, voice, sounds: { seven: '((s eh) 1) ((b ax n) 0)' } },
        target,
      );
      // The recogniser may write what kal says as "Seb and": the "and" it adds is no word of the target.
      const targetWords = sebben.words.filter((word) => word.status !== 'inserted');
      expect(flaggedIn(targetWords)).toEqual(['seven']);
      expect(sebben.words.find((word) => word.word === 'seven')?.phones?.[2]).toMatchObject({
        phone: 'V',
        heard: 'B',
        status: 'mispronounced',
      });
      const seven = await hear({ festival: target, voice }, target);
      expect(flaggedIn(seven.words)).toEqual([]);
    }
  });

  it('the same sentences said rightly by both festival voices have no flagged word', async () => {
    for (const target of ['I think we should leave now.', 'They went to the west coast.'])
      for (const voice of ['kal', 'ked'] as const) {
        const { words } = await hear({ festival: target, voice }, target);
        expect(flaggedIn(words)).toEqual([]);
      }
  });

  // The aligner hears the copy the recogniser hears, with the room's steady noise taken out: on the raw noisy
  // recording the dropped h went unheard.
  it('"ouse" for "house" over white noise 20 dB down, in both festival voices: the dropped /h/ is named', async () => {
    const target = 'Their house has a blue door.';
    for (const voice of ['kal', 'ked'] as const) {
      const { transcript, words } = await hear(
        { festival: target, voice, sounds: { house: 'aw s' } },
        target,
        { snrDb: 20 },
      );
      expect(transcript.noise?.snrDb).toBeLessThan(25);
      // The recogniser hears words that were not said ("There are a thousand blue doors"): the target's are judged.
      expect(flaggedIn(words.filter((word) => word.status !== 'inserted'))).toEqual(['house']);
      expect(words.find((word) => word.word === 'house')?.phones?.[0]).toMatchObject({
        phone: 'HH',
        status: 'omitted',
      });
    }
  });

  it('a word no dictionary has is still aligned, by what espeak-ng says', async () => {
    const target = 'Ask Okonkwo tomorrow.';
    const assessed = await assessPhones({
      samples: await samplesOf({ say: target }),
      target,
      accent: 'en-US',
    });
    expect(assessed?.words.find((word) => word.word === 'okonkwo')?.phones.length).toBeGreaterThan(3);
  });
});
