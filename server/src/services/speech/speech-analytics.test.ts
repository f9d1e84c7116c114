import { paceVerdict } from '@coach/shared/constants/speech';
import type { Phone } from '@coach/shared/constants/speech-sounds';
import { speechAnalysisPasses, speechAnalysisSchema } from '@coach/shared/contract/speech';
import { describe, expect, it } from 'vitest';
import type { Transcript } from '../../providers/speech/index.ts';
import { analyseTranscript, type HeardTranscript, normaliseWord } from './speech-analytics.ts';

// Pure: fixed word timings in, figures out. No database, so it runs in one vitest project only.

type Heard = [word: string, start: number, end: number, confidence?: number];

/** A transcript of these words (confidence 0.92 unless given), one speech segment around them. */
const heard = (words: Heard[], extra: Partial<HeardTranscript> = {}): HeardTranscript => {
  const timed = words.map(([word, start, end, confidence = 0.92]) => ({ word, start, end, confidence }));
  const first = timed[0]?.start ?? 0;
  const last = timed.at(-1)?.end ?? 0;
  return {
    speech: timed.length > 0,
    durationSeconds: last + 0.5,
    text: timed.map(({ word }) => word).join(' '),
    words: timed,
    segments: timed.length > 0 ? [{ start: first, end: last }] : [],
    ...extra,
  };
};

/** Words said one after another from `from`, each `each` seconds long with `gap` seconds between. */
const spoken = (text: string, { from = 0.5, each = 0.35, gap = 0.05, confidence = 0.92 } = {}): Heard[] =>
  text.split(' ').map((word, index) => {
    const start = from + index * (each + gap);
    return [word, Number(start.toFixed(3)), Number((start + each).toFixed(3)), confidence];
  });

const SENTENCE = 'The quick brown fox jumps over the lazy dog.';

/** A sound the aligner placed as written (`score` 0-100, no evidence for another). */
const placed = (phone: Phone, score = 90) => ({ phone, kind: 'expected' as const, score, margin: 0 });

/** How a word heard as written is judged: the group's strictness and the room's measured noise. */
type Judging = {
  strictness?: 'lenient' | 'standard' | 'strict';
  noise?: { snrDb: number; verdict: 'noisy' | 'clear' };
};

describe('speech analytics against a target text', () => {
  it('a learner who reads the right sentence scores completeness of 90 or more and passes a 70 mark', () => {
    const analysis = analyseTranscript({ transcript: heard(spoken(SENTENCE)), target: SENTENCE });
    expect(speechAnalysisSchema.parse(analysis)).toEqual(analysis);
    expect(analysis.status).toBe('done');
    expect(analysis.scores.completeness).toBeGreaterThanOrEqual(90);
    expect(analysis.scores).toEqual({ accuracy: 92, completeness: 100, fluency: 100, pronunciation: 96 });
    expect(analysis.words?.every((word) => word.status === 'correct')).toBe(true);
    expect(analysis.words?.map((word) => word.word).join(' ')).toBe(SENTENCE);
    expect(speechAnalysisPasses(analysis, 70)).toBe(true);
  });

  it('a learner who reads a different sentence fails the 70 mark', () => {
    const analysis = analyseTranscript({
      transcript: heard(spoken('I would like a cup of tea please')),
      target: SENTENCE,
    });
    expect(analysis.status).toBe('done');
    expect(analysis.scores.accuracy).toBe(0);
    expect(analysis.scores.completeness).toBeLessThan(50);
    expect(analysis.scores.pronunciation).toBeLessThan(70);
    expect(speechAnalysisPasses(analysis, 70)).toBe(false);
  });

  it('marks omitted, inserted and mispronounced words (substituted or unclear), and not fillers as inserted', () => {
    const analysis = analyseTranscript({
      transcript: heard([
        ['Please', 0.5, 0.9],
        ['put', 0.9, 1.1],
        ['the', 1.1, 1.2],
        ['bed', 1.2, 1.5],
        ['book', 1.5, 1.8],
        ['um', 1.8, 2.0],
        ['the', 2.0, 2.1],
        ['shelf', 2.1, 2.5, 0.4],
        ['now', 2.5, 2.8],
      ]),
      target: 'Please put the red book on the shelf.',
    });
    expect(analysis.words).toEqual([
      { word: 'Please', start: 0.5, end: 0.9, status: 'correct' },
      { word: 'put', start: 0.9, end: 1.1, status: 'correct' },
      { word: 'the', start: 1.1, end: 1.2, status: 'correct' },
      { word: 'red', start: 1.2, end: 1.5, status: 'mispronounced', heard: 'bed' },
      { word: 'book', start: 1.5, end: 1.8, status: 'correct' },
      { word: 'on', start: null, end: null, status: 'omitted' },
      { word: 'the', start: 2, end: 2.1, status: 'correct' },
      { word: 'shelf.', start: 2.1, end: 2.5, status: 'mispronounced' },
      { word: 'now', start: 2.5, end: 2.8, status: 'inserted' },
    ]);
    expect(analysis.fillers).toEqual({ count: 1, per100Words: 11.1, words: ['um'] });
    // 7 of 8 target words heard; 5 clear matches at 0.92 and one at 0.4 over 8 target + 1 inserted word.
    expect(analysis.scores.completeness).toBe(88);
    expect(analysis.scores.accuracy).toBe(Math.round(((5 * 0.92 + 0.4) / 9) * 100));
  });

  it('a word heard as a like-sounding word at the same moment was said otherwise; one elsewhere was extra; an unlike one is what was heard instead', () => {
    // The aligner put "thirty" at 0.7-1.1 s, its /θ/ fitting /f/ better (not by enough to flag it alone).
    const theta = {
      phone: 'TH' as const,
      kind: 'substituted' as const,
      heard: 'F' as const,
      score: 20,
      margin: 0.2,
    };
    const phones = {
      words: [
        { word: 'now', start: 0.5, end: 0.7, phones: [placed('N', 85), placed('AW', 85)] },
        {
          word: 'thirty',
          start: 0.7,
          end: 1.1,
          phones: [theta, placed('ER', 85), placed('T', 85), placed('IY', 85)],
        },
        { word: 'days', start: 1.1, end: 1.4, phones: [placed('D', 85), placed('EY', 85), placed('Z', 85)] },
      ],
      // The heard words' sounds, from the dictionary (or espeak-ng for a word it lacks).
      heardSounds: {
        furdy: [['F', 'ER', 'D', 'IY'] as Phone[]],
        dog: [['D', 'AO', 'G'] as Phone[]],
      },
    };
    const target = 'Now thirty days.';
    const judged = (analysis: ReturnType<typeof analyseTranscript>) =>
      analysis.words?.map(({ word, status, heard }) => `${word} ${status}${heard ? ` (${heard})` : ''}`);
    const heardAs = (words: Heard[]) =>
      judged(analyseTranscript({ transcript: heard(words, { phones }), target }));
    // "furdy" (spelt too unlike "thirty" to pair, but one sound in four changed and one voiced) where "thirty" was.
    const inPlace = analyseTranscript({
      transcript: heard(
        [
          ['Now', 0.5, 0.7],
          ['furdy', 0.72, 1.08],
          ['days.', 1.1, 1.4],
        ],
        { phones },
      ),
      target,
    });
    expect(judged(inPlace)).toEqual(['Now correct', 'thirty mispronounced (furdy)', 'days. correct']);
    expect(inPlace.words?.[1]?.phones?.[0]).toMatchObject({
      phone: 'TH',
      heard: 'F',
      status: 'mispronounced',
    });
    expect(inPlace.scores.completeness).toBe(100);
    // Heard later, it is an extra word and "thirty" was left out. A word that sounds nothing like it, in its place,
    // leaves it left out too, but is what was heard instead, not an extra word.
    expect(
      heardAs([
        ['Now', 0.5, 0.7],
        ['days', 1.1, 1.4],
        ['furdy.', 2, 2.3],
      ]),
    ).toEqual(['Now correct', 'thirty omitted', 'days. correct', 'furdy. inserted']);
    expect(
      heardAs([
        ['Now', 0.5, 0.7],
        ['dog', 0.72, 1.08],
        ['days.', 1.1, 1.4],
      ]),
    ).toEqual(['Now correct', 'thirty omitted (dog)', 'days. correct']);
  });

  it("the words read in the order they were heard: an extra word after the one heard in a word's place follows it", () => {
    // "furrowly" said for "thoroughly": the recogniser wrote "Very lonely.", "Very" where the word's sounds were.
    const analysis = analyseTranscript({
      transcript: heard(
        [
          ['Very', 0.5, 0.8],
          ['lonely.', 0.85, 1.3],
        ],
        {
          phones: {
            words: [
              {
                word: 'thoroughly',
                start: 0.5,
                end: 0.8,
                phones: (['TH', 'ER', 'OW', 'L', 'IY'] as Phone[]).map((phone) => placed(phone, 60)),
              },
            ],
            heardSounds: {
              very: [['V', 'EH', 'R', 'IY'] as Phone[]],
              lonely: [['L', 'OW', 'N', 'L', 'IY'] as Phone[]],
            },
          },
        },
      ),
      target: 'Thoroughly.',
    });
    expect(
      analysis.words?.map(({ word, status, heard: as }) => `${word} ${status}${as ? ` (${as})` : ''}`),
    ).toEqual(['Thoroughly. mispronounced (Very)', 'lonely. inserted']);
  });

  it("the target's words keep their order: a word placed where an earlier word was heard stays after the one before it", () => {
    // "Blood, but ran across the field." for "A rabbit ran across the field." (festival ked, r said as l): the
    // aligner put "rabbit" where "Blood," was heard and the recogniser's "but" stood for "A".
    const analysis = analyseTranscript({
      transcript: heard(
        [
          ['Blood,', 0.3, 0.6],
          ['but', 0.62, 0.8],
          ['ran', 0.85, 1.1],
          ['across', 1.15, 1.5],
          ['the', 1.55, 1.65],
          ['field.', 1.7, 2.1],
        ],
        {
          phones: {
            words: [
              { word: 'a', start: 0.25, end: 0.3, phones: [placed('AH', 80)] },
              {
                word: 'rabbit',
                start: 0.3,
                end: 0.8,
                phones: (['R', 'AE', 'B', 'IH', 'T'] as Phone[]).map((phone) => placed(phone, 40)),
              },
              { word: 'ran', start: 0.85, end: 1.1, phones: [placed('R'), placed('AE'), placed('N')] },
              {
                word: 'across',
                start: 1.15,
                end: 1.5,
                phones: (['AH', 'K', 'R', 'AO', 'S'] as Phone[]).map((phone) => placed(phone)),
              },
              { word: 'the', start: 1.55, end: 1.65, phones: [placed('DH'), placed('AH')] },
              {
                word: 'field',
                start: 1.7,
                end: 2.1,
                phones: (['F', 'IY', 'L', 'D'] as Phone[]).map((phone) => placed(phone)),
              },
            ],
            heardSounds: {
              blood: [['B', 'L', 'AH', 'D'] as Phone[]],
              but: [['B', 'AH', 'T'] as Phone[]],
            },
          },
        },
      ),
      target: 'A rabbit ran across the field.',
    });
    expect(analysis.words?.filter((word) => word.status !== 'inserted').map(({ word }) => word)).toEqual([
      'A',
      'rabbit',
      'ran',
      'across',
      'the',
      'field.',
    ]);
  });

  it('another word heard where a word was said is what was heard, unless every sound of the word is clear', () => {
    const target = 'My name is Sam.';
    const words = (sam: number[]) => ({
      words: [
        { word: 'my', start: 0.5, end: 0.7, phones: [placed('M', 95), placed('AY', 95)] },
        { word: 'name', start: 0.7, end: 1.0, phones: [placed('N', 95), placed('EY', 95), placed('M', 95)] },
        { word: 'is', start: 1.0, end: 1.2, phones: [placed('IH', 95), placed('Z', 95)] },
        {
          word: 'sam',
          start: 1.2,
          end: 1.6,
          phones: (['S', 'AE', 'M'] as Phone[]).map((phone, index) => placed(phone, sam[index])),
        },
      ],
      heardSounds: { tom: [['T', 'AA', 'M'] as Phone[]] },
    });
    const said = (sam: number[]) =>
      analyseTranscript({
        transcript: heard(
          [
            ['My', 0.5, 0.7],
            ['name', 0.7, 1.0],
            ['is', 1.0, 1.2],
            ['Tom.', 1.22, 1.58],
          ],
          { phones: words(sam) },
        ),
        target,
      });
    // The learner said "Tom": the aligner, made to place "Sam", found its sounds only fairly (82, 83).
    const wrong = said([82, 83, 100]);
    expect(
      wrong.words?.map(({ word, status, heard: as }) => `${word} ${status}${as ? ` (${as})` : ''}`),
    ).toEqual(['My correct', 'name correct', 'is correct', 'Sam. mispronounced (Tom.)']);
    expect(wrong.scores.completeness).toBe(100);
    expect(wrong.scores.accuracy).toBeLessThan(95);
    // The recogniser misheard a clearly said "Sam": every sound clear, the word stands, and what was heard in its
    // place was it, not an extra word.
    const misheard = said([96, 97, 100]);
    expect(misheard.words?.map(({ word, status }) => `${word} ${status}`)).toEqual([
      'My correct',
      'name correct',
      'is correct',
      'Sam. correct',
    ]);
    expect(misheard.scores.accuracy).toBeGreaterThan(wrong.scores.accuracy);
  });

  it('a word heard as another that holds a learner’s error beside other changes names that error', () => {
    // "thumb" said "tumb": the recogniser wrote "tongue" (θ heard as t, and an m it misheard as ŋ); the aligner,
    // made to place "thumb", found the /θ/ only fairly and no evidence for another sound.
    const analysis = analyseTranscript({
      transcript: heard(
        [
          ['He', 0.5, 0.7],
          ['cut', 0.7, 1.0],
          ['his', 1.0, 1.2],
          ['tongue.', 1.22, 1.58],
        ],
        {
          phones: {
            words: [
              { word: 'he', start: 0.5, end: 0.7, phones: [placed('HH', 95), placed('IY', 95)] },
              {
                word: 'cut',
                start: 0.7,
                end: 1.0,
                phones: [placed('K', 95), placed('AH', 95), placed('T', 95)],
              },
              {
                word: 'his',
                start: 1.0,
                end: 1.2,
                phones: [placed('HH', 95), placed('IH', 95), placed('Z', 95)],
              },
              {
                word: 'thumb',
                start: 1.2,
                end: 1.6,
                phones: [placed('TH', 73), placed('AH', 99), placed('M', 100)],
              },
            ],
            heardSounds: { tongue: [['T', 'AH', 'NG'] as Phone[]] },
          },
        },
      ),
      target: 'He cut his thumb.',
    });
    const thumb = analysis.words?.at(-1);
    expect(thumb?.status).toBe('mispronounced');
    expect(thumb?.phones?.[0]).toEqual({ phone: 'TH', heard: 'T', score: 40, status: 'mispronounced' });
    expect(thumb?.phones?.slice(1).map(({ status }) => status)).toEqual(['correct', 'correct']);
  });

  it("a word left out has no stress to judge: the melody's stress counts only the words said", () => {
    const phones = {
      words: [
        { word: 'the', start: 0.5, end: 0.7, phones: [placed('DH'), placed('AH')] },
        {
          word: 'hierarchy',
          start: 0.7,
          end: 1.4,
          // Barely there: the aligner timed the word in the gap, none of its sounds heard.
          phones: (['HH', 'AY', 'ER', 'AA', 'R', 'K', 'IY'] as Phone[]).map((phone) => placed(phone, 5)),
        },
        {
          word: 'matters',
          start: 1.4,
          end: 1.9,
          phones: [placed('M'), placed('AE'), placed('T'), placed('ER')],
        },
      ],
    };
    // As the engine measured it: "hierarchy" and "matters" timed, the first not prominent where the dictionary says.
    const prosody = {
      spread: 2.5,
      phrase: true,
      questionRise: null,
      stressedWords: [
        { wordIndex: 1, matched: false },
        { wordIndex: 2, matched: true },
      ],
    };
    const target = 'The hierarchy matters.';
    const all = analyseTranscript({
      transcript: heard(spoken('The hierarchy matters.'), { phones, prosody }),
      target,
    });
    expect(all.prosody?.stress).toEqual({ matched: 1, of: 2 });
    const skipped = analyseTranscript({
      transcript: heard(
        [
          ['The', 0.5, 0.7],
          ['matters.', 1.4, 1.9],
        ],
        { phones, prosody },
      ),
      target,
    });
    expect(skipped.words?.map(({ status }) => status)).toEqual(['correct', 'omitted', 'correct']);
    expect(skipped.prosody?.stress).toEqual({ matched: 1, of: 1 });
    expect(skipped.prosody?.score).toBeGreaterThan(all.prosody?.score ?? 100);
  });

  it('a word heard as written whose rival word the recogniser found nearly as likely is judged as that slip', () => {
    // "tree birds": Moonshine wrote "Three" and every sound fitted, but it also ended with "Tree birds", near.
    const phonesWith = (rival: { word: string; gap: number }) => ({
      words: [
        { word: 'three', start: 0.5, end: 0.8, phones: [placed('TH'), placed('R'), placed('IY')] },
        {
          word: 'birds',
          start: 0.8,
          end: 1.2,
          phones: [placed('B'), placed('ER'), placed('D'), placed('Z')],
        },
      ],
      heardSounds: { tree: [['T', 'R', 'IY'] as Phone[]], bird: [['B', 'ER', 'D'] as Phone[]] },
      rivals: [{ index: 0, ...rival }],
    });
    const judge = (rival: { word: string; gap: number }, { strictness, noise }: Judging = {}) =>
      analyseTranscript({
        transcript: heard(
          [
            ['Three', 0.5, 0.8],
            ['birds.', 0.8, 1.2],
          ],
          { phones: phonesWith(rival), ...(noise ? { noise } : {}) },
        ),
        target: 'Three birds.',
        strictness,
      }).words?.[0];
    const near = judge({ word: 'tree', gap: 1.5 });
    expect(near).toMatchObject({ word: 'Three', status: 'mispronounced', heard: 'tree' });
    expect(near?.phones?.[0]).toMatchObject({ phone: 'TH', heard: 'T', status: 'mispronounced' });
    expect(near?.phones?.slice(1).map((p) => p.status)).toEqual(['correct', 'correct']);
    // Further than the bar, the word stands; a strict group takes a further rival, a lenient one a nearer one.
    expect(judge({ word: 'tree', gap: 2.5 })?.status).toBe('correct');
    expect(judge({ word: 'tree', gap: 2.5 }, { strictness: 'strict' })?.status).toBe('mispronounced');
    expect(judge({ word: 'tree', gap: 1.5 }, { strictness: 'lenient' })?.status).toBe('correct');
    // A rival that is no learner's slip of the word names nothing; a noisy room's weights are not trusted.
    expect(judge({ word: 'bird', gap: 0.5 })?.status).toBe('correct');
    expect(judge({ word: 'tree', gap: 1.5 }, { noise: { snrDb: 9, verdict: 'noisy' } })?.status).toBe(
      'correct',
    );
  });

  it('a rival that drops the word’s h is judged as the h dropped', () => {
    // "We climbed the ill…" read: Moonshine wrote "hill", with "ill" 1.8 less likely in its beam.
    const hill = analyseTranscript({
      transcript: heard([['hill.', 0.5, 0.9]], {
        phones: {
          words: [{ word: 'hill', start: 0.5, end: 0.9, phones: [placed('HH'), placed('IH'), placed('L')] }],
          heardSounds: { ill: [['IH', 'L'] as Phone[]] },
          rivals: [{ index: 0, word: 'ill', gap: 1.8 }],
        },
      }),
      target: 'Hill.',
    }).words?.[0];
    expect(hill).toMatchObject({ word: 'Hill.', status: 'mispronounced', heard: 'ill' });
    expect(hill?.phones?.map((p) => `${p.phone} ${p.status}`)).toEqual([
      'HH omitted',
      'IH correct',
      'L correct',
    ]);
  });

  it('a word heard as written whose slip spelt out the recogniser found nearly as likely is judged as that slip', () => {
    // "I fink…" read: Moonshine wrote "think", every sound fitted, and "I fink…" was only a little less likely.
    const judge = (
      slips: { error: string; spelling: string; gap: number }[],
      { strictness, noise }: Judging = {},
    ) =>
      analyseTranscript({
        transcript: heard(
          [
            ['I', 0.3, 0.45],
            ['think.', 0.5, 0.9],
          ],
          {
            phones: {
              words: [
                { word: 'i', start: 0.3, end: 0.45, phones: [placed('AY')] },
                {
                  word: 'think',
                  start: 0.5,
                  end: 0.9,
                  phones: [placed('TH'), placed('IH'), placed('NG'), placed('K')],
                },
              ],
              slips: slips.map((slip) => ({ index: 1, ...slip })),
            },
            ...(noise ? { noise } : {}),
          },
        ),
        target: 'I think.',
        strictness,
      }).words?.[1];
    const fink = judge([
      { error: 'TH>F', spelling: 'fink', gap: 3 },
      { error: 'TH>T', spelling: 'tink', gap: 12 },
    ]);
    expect(fink).toMatchObject({ word: 'think.', status: 'mispronounced', heard: 'fink' });
    expect(fink?.phones?.map((p) => `${p.phone} ${p.heard ?? '-'} ${p.status}`)).toEqual([
      'TH F mispronounced',
      'IH - correct',
      'NG - correct',
      'K - correct',
    ]);
    // Of two slips near enough, the nearer for its bar is named.
    expect(
      judge([
        { error: 'TH>F', spelling: 'fink', gap: 6 },
        { error: 'TH>T', spelling: 'tink', gap: 1 },
      ])?.phones?.[0],
    ).toMatchObject({ heard: 'T', status: 'mispronounced' });
    // Further than its bar the word stands; a strict group hears a further slip, a lenient one only a nearer one.
    expect(judge([{ error: 'TH>F', spelling: 'fink', gap: 9 }])?.status).toBe('correct');
    expect(judge([{ error: 'TH>F', spelling: 'fink', gap: 9 }], { strictness: 'strict' })?.status).toBe(
      'mispronounced',
    );
    expect(judge([{ error: 'TH>F', spelling: 'fink', gap: 6 }], { strictness: 'lenient' })?.status).toBe(
      'correct',
    );
    // An error not weighed so, or one the word's sounds do not hold, names nothing; nor is the recogniser trusted
    // in a room the noise verdict calls noisy, while a room at 20 dB, judged by the noisy evidence bars, still is.
    expect(judge([{ error: 'DH>D', spelling: 'dink', gap: 0.5 }])?.status).toBe('correct');
    expect(judge([{ error: '+EH', spelling: 'ethink', gap: 0.5 }])?.status).toBe('correct');
    expect(
      judge([{ error: 'TH>F', spelling: 'fink', gap: 3 }], { noise: { snrDb: 12, verdict: 'noisy' } })
        ?.status,
    ).toBe('correct');
    expect(
      judge([{ error: 'TH>F', spelling: 'fink', gap: 3 }], { noise: { snrDb: 20, verdict: 'clear' } }),
    ).toMatchObject({ status: 'mispronounced', heard: 'fink' });
  });

  it('a word said alone scores its accuracy: heard as another word, it fails the pass mark however fluent', () => {
    const thoroughly = (said: string, phones: HeardTranscript['phones']) =>
      analyseTranscript({
        transcript: heard([[said, 0.5, 1.2]], { phones }),
        target: 'thoroughly',
      });
    // The aligner fitted the word's sounds poorly where the recogniser heard another word (as the learner's was).
    const fitted = (scores: number[]): HeardTranscript['phones'] => ({
      words: [
        {
          word: 'thoroughly',
          start: 0.5,
          end: 1.2,
          phones: (['TH', 'ER', 'OW', 'L', 'IY'] as const).map((phone, at) => placed(phone, scores[at])),
        },
      ],
      heardSounds: {},
      rivals: [],
      slips: [],
    });
    const other = thoroughly('Farley.', fitted([50, 60, 80, 90, 90]));
    expect(other.words?.[0]).toMatchObject({ status: 'mispronounced', heard: 'Farley.' });
    expect(other.scores.fluency).toBe(100);
    expect(other.scores.completeness).toBe(100);
    expect(other.scores.pronunciation).toBe(other.scores.accuracy);
    expect(speechAnalysisPasses(other, 75)).toBe(false);
    // Said rightly, with the aligner's sounds in place, it passes.
    const right = thoroughly('Thoroughly.', fitted([90, 90, 90, 90, 90]));
    expect(right.words?.[0]?.status).toBe('correct');
    expect(right.scores.pronunciation).toBe(90);
    expect(speechAnalysisPasses(right, 75)).toBe(true);
  });

  it('a word said alone is not called /f/ or /s/ for /θ/ on what the recogniser weighed, but /t/ still is', () => {
    // A Pronunciation item's drill word: alone, "free" came 1.2 nats under a rightly said "three" in flite slt.
    const three = (weighed: { rival?: string; slip?: { error: string; spelling: string } }, gap: number) =>
      analyseTranscript({
        transcript: heard([['Three.', 0.5, 1.1]], {
          phones: {
            words: [
              { word: 'three', start: 0.5, end: 1.1, phones: [placed('TH'), placed('R'), placed('IY')] },
            ],
            heardSounds: { free: [['F', 'R', 'IY'] as Phone[]], tree: [['T', 'R', 'IY'] as Phone[]] },
            rivals: weighed.rival ? [{ index: 0, word: weighed.rival, gap }] : [],
            slips: weighed.slip ? [{ index: 0, ...weighed.slip, gap }] : [],
          },
        }),
        target: 'Three.',
      }).words?.[0];
    expect(three({ rival: 'free' }, 1.2)?.status).toBe('correct');
    expect(three({ slip: { error: 'TH>F', spelling: 'free' } }, 1.2)?.status).toBe('correct');
    expect(three({ slip: { error: 'TH>S', spelling: 'sree' } }, 1)?.status).toBe('correct');
    // /θ/ said as /t/ stands apart alone too ("tree" came 3.0-5.5 under it, a rightly said "three" 6.7 or more).
    expect(three({ rival: 'tree' }, 1.2)).toMatchObject({ status: 'mispronounced', heard: 'tree' });
    expect(three({ slip: { error: 'TH>T', spelling: 'tree' } }, 3)).toMatchObject({
      status: 'mispronounced',
      heard: 'tree',
    });
  });

  it('an article heard just before a word that starts with /s/ and a consonant is the vowel the learner added', () => {
    // "estate" said for "state": the recogniser wrote the added vowel as a word of its own.
    const judge = (words: [string, number, number][], target: string) =>
      analyseTranscript({
        transcript: heard(words, {
          phones: {
            words: target
              .toLowerCase()
              .replace(/[^a-z ]/g, '')
              .split(' ')
              .map((word) => ({
                word,
                start: 0.5,
                end: 1.1,
                phones: (word === 'state'
                  ? ['S', 'T', 'EY', 'T']
                  : word === 'sate'
                    ? ['S', 'EY', 'T']
                    : ['DH', 'AH']
                ).map((phone) => placed(phone as Phone)),
              })),
          },
        }),
        target,
      }).words;
    const state = judge(
      [
        ['A', 0.4, 0.5],
        ['state.', 0.5, 1.1],
      ],
      'State.',
    );
    expect(state).toHaveLength(1);
    expect(state?.[0]).toMatchObject({
      word: 'State.',
      status: 'mispronounced',
      heard: 'A state.',
      start: 0.4,
    });
    expect(state?.[0]?.phones?.slice(0, 2).map((p) => `${p.phone} ${p.status}`)).toEqual([
      'EH inserted',
      'S correct',
    ]);
    // Where the target has the article, or the word starts with /s/ and a vowel, it is the word it is.
    expect(
      judge(
        [
          ['The', 0.2, 0.4],
          ['state.', 0.5, 1.1],
        ],
        'The state.',
      )?.map((w) => w.status),
    ).toEqual(['correct', 'correct']);
    expect(
      judge(
        [
          ['A', 0.4, 0.5],
          ['sate.', 0.5, 1.1],
        ],
        'Sate.',
      )?.map((w) => w.status),
    ).toEqual(['inserted', 'correct']);
  });

  it('an added vowel weighed as a slip is shown as a vowel inserted', () => {
    const one = (word: string, phones: Phone[], slip: { error: string; spelling: string; gap: number }) =>
      analyseTranscript({
        transcript: heard([[`${word}.`, 0.5, 0.9]], {
          phones: {
            words: [{ word, start: 0.5, end: 0.9, phones: phones.map((phone) => placed(phone)) }],
            slips: [{ index: 0, ...slip }],
          },
        }),
        target: `${word}.`,
      }).words?.[0];
    const station = one('station', ['S', 'T', 'EY', 'SH', 'AH', 'N'], {
      error: '+EH',
      spelling: 'estation',
      gap: 4,
    });
    expect(station).toMatchObject({ status: 'mispronounced', heard: 'estation' });
    expect(station?.phones?.slice(0, 2).map((p) => `${p.phone} ${p.status}`)).toEqual([
      'EH inserted',
      'S correct',
    ]);
  });

  it('a word heard in two pieces ("Acme" as "at me") is that word heard so, not an extra word beside another', () => {
    const analysis = analyseTranscript({
      transcript: heard(spoken('Thank you for calling at me learning.')),
      target: 'Thank you for calling Acme Learning.',
    });
    const words = analysis.words ?? [];
    expect(words.some((word) => word.status === 'inserted')).toBe(false);
    // Its time spans both pieces (0.5 + 4 × 0.4 = 2.1 to 2.5 + 0.35).
    expect(words.find((word) => word.word === 'Acme')).toEqual({
      word: 'Acme',
      start: 2.1,
      end: 2.85,
      status: 'mispronounced',
      heard: 'at me',
    });
    // A word that does not make the target closer stays extra: "the" before "cat" is not a piece of it.
    const extra = analyseTranscript({
      transcript: heard(spoken('I saw the cat')),
      target: 'I saw cat',
    });
    expect(extra.words?.find((word) => word.status === 'inserted')?.word).toBe('the');
  });

  it('matches words written differently: case, punctuation, apostrophes, hyphens and small numbers', () => {
    const analysis = analyseTranscript({
      transcript: heard(spoken('dont worry its a well known fact twenty one people agree')),
      target: 'Don\u2019t worry, it\u2019s a well-known fact: 21 people agree!',
    });
    expect(analysis.words?.filter((word) => word.status !== 'correct')).toEqual([]);
    expect(analysis.scores.completeness).toBe(100);
  });

  it('a filler word the target itself contains is read, not counted as a filler', () => {
    const analysis = analyseTranscript({ transcript: heard(spoken('Ah I see')), target: 'Ah, I see.' });
    expect(analysis.fillers.count).toBe(0);
    expect(analysis.words?.[0]).toMatchObject({ word: 'Ah,', status: 'correct' });
  });
});

describe('speech analytics of delivery', () => {
  it('counts three "um"s, per 100 words, and leaves them out of the pace', () => {
    const analysis = analyseTranscript({ transcript: heard(spoken('So um I think um we should um go now')) });
    expect(analysis.fillers).toEqual({ count: 3, per100Words: 30, words: ['um', 'um', 'um'] });
    // 7 words in 3.95 s of speaking time: fillers take time but are not words of the pace.
    expect(analysis.wordsPerMinute).toBe(Math.round(7 / (3.95 / 60)));
    expect(analysis.scores.fluency).toBeLessThan(100);
  });

  it('a word or two has no fluency verdict: a breath heard as "mm" beside a lone word costs nothing', () => {
    const analysis = analyseTranscript({
      transcript: heard([
        ['Schedule.', 0.5, 1.2],
        ['mm', 1.4, 1.6],
      ]),
      target: 'Schedule.',
    });
    expect(analysis.fillers.count).toBe(1);
    expect(analysis.scores.fluency).toBe(100);
  });

  it('a 1.5 s gap between words is a pause and a 0.6 s gap is not', () => {
    const analysis = analyseTranscript({
      transcript: heard([
        ['I', 0.5, 0.7],
        ['am', 0.7, 1.0],
        ['here', 1.6, 2.0],
        ['to', 3.5, 3.7],
        ['help', 3.7, 4.1],
      ]),
    });
    expect(analysis.pauses).toEqual([{ start: 2, end: 3.5 }]);
    expect(analysis.longestPauseSeconds).toBe(1.5);
  });

  it('a silence between speech segments is a pause; silence before the first and after the last word is not', () => {
    const words = spoken('one two three four five six', { from: 2, each: 0.5, gap: 0 });
    const analysis = analyseTranscript({
      transcript: heard(words, {
        durationSeconds: 10,
        segments: [
          { start: 2, end: 3.2 },
          { start: 4.3, end: 5 },
        ],
      }),
    });
    expect(analysis.pauses).toEqual([{ start: 3.2, end: 4.3 }]);
    // 6 words from 2 s to 5 s: 120 a minute, the 2 s before and the 5 s after left out.
    expect(analysis.wordsPerMinute).toBe(120);
    expect(analysis.durationSeconds).toBe(10);
  });

  it('30 words in a minute is too slow, and costs fluency', () => {
    const analysis = analyseTranscript({
      transcript: heard(
        spoken(Array.from({ length: 30 }, () => 'word').join(' '), { from: 0, each: 1.2, gap: 0.8 }),
      ),
    });
    expect(analysis.wordsPerMinute).toBe(30);
    expect(paceVerdict(analysis.wordsPerMinute)).toBe('too-slow');
    expect(analysis.pauses).toEqual([]);
    expect(analysis.scores.fluency).toBe(50);
  });

  it('free speech has no word statuses; accuracy and completeness come from the confidences', () => {
    const analysis = analyseTranscript({
      transcript: heard([
        ['I', 0.5, 0.7, 0.9],
        ['enjoy', 0.7, 1.1, 0.9],
        ['working', 1.1, 1.5, 0.5],
        ['with', 1.5, 1.7, 0.9],
      ]),
    });
    expect(analysis.words).toBeNull();
    expect(analysis.scores.accuracy).toBe(80);
    expect(analysis.scores.completeness).toBe(75);
  });

  it('text without word times (a transcription endpoint) is spread over the speech', () => {
    const analysis = analyseTranscript({
      transcript: {
        speech: true,
        durationSeconds: 4,
        text: 'Hello there my friend',
        words: [],
        segments: [{ start: 1, end: 3 }],
      },
      target: 'Hello there, my friend.',
    });
    expect(analysis.status).toBe('done');
    expect(analysis.wordsPerMinute).toBe(120);
    expect(analysis.scores.completeness).toBe(100);
  });
});

describe("speech analytics of the engine's output", () => {
  it("takes the speech provider's transcript as it is (a type change there fails to compile here)", () => {
    const transcript: Transcript = {
      speech: true,
      durationSeconds: 3.2,
      text: 'Rice is often served in round bowls.',
      words: spoken('Rice is often served in round bowls.').map(([word, start, end]) => ({
        word,
        start,
        end,
        confidence: 0.97,
      })),
      segments: [{ start: 0.5, end: 3.2 }],
      noise: { snrDb: 42.5, verdict: 'clear' },
    };
    const analysis = analyseTranscript({ transcript, target: 'Rice is often served in round bowls.' });
    expect(analysis.scores.completeness).toBe(100);
    expect(analysis.noise).toEqual({ snrDb: 42.5, verdict: 'clear' });
  });
});

describe('speech analytics under noise', () => {
  const zero = { accuracy: 0, completeness: 0, fluency: 0, pronunciation: 0 };

  it('a reading under noise as loud as the voice is too-noisy: scores 0, never passes, says how loud', () => {
    const noise = { snrDb: 0.4, verdict: 'too-noisy' as const };
    const analysis = analyseTranscript({ transcript: heard(spoken(SENTENCE), { noise }), target: SENTENCE });
    expect(speechAnalysisSchema.parse(analysis)).toEqual(analysis);
    expect(analysis).toMatchObject({
      status: 'too-noisy',
      words: null,
      scores: zero,
      noise,
      wordsPerMinute: 0,
    });
    expect(analysis.transcript).toBe(SENTENCE);
    expect(speechAnalysisPasses(analysis, 0)).toBe(false);
  });

  it('too-noisy wins over no-speech: the engine saw speech it could not make out', () => {
    const noise = { snrDb: -3, verdict: 'too-noisy' as const };
    const analysis = analyseTranscript({
      transcript: { speech: false, durationSeconds: 4, text: '', words: [], segments: [], noise },
    });
    expect(analysis).toMatchObject({ status: 'too-noisy', durationSeconds: 4, noise });
  });

  it('a reading in a noisy room is still scored, and keeps its noise for the hint', () => {
    const noise = { snrDb: 9.8, verdict: 'noisy' as const };
    const analysis = analyseTranscript({ transcript: heard(spoken(SENTENCE), { noise }), target: SENTENCE });
    expect(speechAnalysisSchema.parse(analysis)).toEqual(analysis);
    expect(analysis.status).toBe('done');
    expect(analysis.scores).toEqual({ accuracy: 92, completeness: 100, fluency: 100, pronunciation: 96 });
    expect(analysis.noise).toEqual(noise);
  });

  it('no-speech keeps the noise too; a transcript without one has none', () => {
    const noise = { snrDb: 21, verdict: 'clear' as const };
    const silent = analyseTranscript({ transcript: heard([['...', 0.5, 1]], { noise }) });
    expect(silent).toMatchObject({ status: 'no-speech', noise });
    expect(analyseTranscript({ transcript: heard(spoken(SENTENCE)) })).not.toHaveProperty('noise');
  });
});

describe('speech analytics of silence', () => {
  const zero = { accuracy: 0, completeness: 0, fluency: 0, pronunciation: 0 };

  it('silence or a tone is no-speech, scores 0 and never passes, even a passing score of 0', () => {
    const analysis = analyseTranscript({
      transcript: { speech: false, durationSeconds: 6, text: '', words: [], segments: [] },
      target: SENTENCE,
    });
    expect(speechAnalysisSchema.parse(analysis)).toEqual(analysis);
    expect(analysis).toMatchObject({ status: 'no-speech', durationSeconds: 6, words: null, scores: zero });
    expect(speechAnalysisPasses(analysis, 0)).toBe(false);
  });

  it('a transcript of punctuation only, or of hesitation sounds only, is no-speech', () => {
    for (const words of [
      [['...', 0.5, 1] as Heard],
      [['Hmm.', 0.5, 1.2] as Heard, ['um', 1.5, 1.8] as Heard],
    ]) {
      const analysis = analyseTranscript({ transcript: heard(words), target: SENTENCE });
      expect(analysis).toMatchObject({ status: 'no-speech', scores: zero, pauses: [], wordsPerMinute: 0 });
    }
  });

  it('speech the engine flags as none is no-speech whatever words it guessed', () => {
    const analysis = analyseTranscript({
      transcript: { ...heard(spoken(SENTENCE)), speech: false },
      target: SENTENCE,
    });
    expect(analysis.status).toBe('no-speech');
    expect(speechAnalysisPasses(analysis, 0)).toBe(false);
  });
});

describe('word normalisation', () => {
  it('compares words as said', () => {
    expect(normaliseWord('Don\u2019t')).toEqual(['dont']);
    expect(normaliseWord('"Hello,"')).toEqual(['hello']);
    expect(normaliseWord('well-known')).toEqual(['well', 'known']);
    expect(normaliseWord('21')).toEqual(['twenty', 'one']);
    expect(normaliseWord('7')).toEqual(['seven']);
    expect(normaliseWord('3.5')).toEqual(['three', 'point', 'five']);
    expect(normaliseWord('50%')).toEqual(['fifty', 'percent']);
    expect(normaliseWord('1,999')).toEqual(['1999']);
    expect(normaliseWord('—')).toEqual([]);
  });
});
