import { describe, expect, it } from 'vitest';
import {
  BURST_DB,
  DEVOICED_Z_AT,
  type EvidenceRoom,
  evidenceNeeded,
  evidenceRoomOf,
  judgeWord,
  LONG_VOWEL,
  type MeasuredPhone,
  type MeasuredWord,
  mostlyUnfit,
  namedErrors,
  QUIET_FROM_DB,
  sharedErrors,
  squeezedOut,
} from './speech-phones.ts';

// Pure: the aligner's measures in, the word's status and sounds out.

const sound = (phone: MeasuredPhone['phone'], score = 90): MeasuredPhone => ({
  phone,
  kind: 'expected',
  score,
  margin: 0,
});
const think = (
  th: MeasuredPhone,
  rest: MeasuredPhone[] = [sound('IH'), sound('NG'), sound('K')],
): MeasuredWord => ({
  word: 'think',
  start: 0.4,
  end: 0.8,
  phones: [th, ...rest],
});
/** The evidence /f/ for /θ/ needs, against a transcript that heard the word as written or otherwise. */
const needed = (
  kind: 'match' | 'substitute',
  strictness: 'lenient' | 'standard' | 'strict' = 'standard',
  room: EvidenceRoom = 'quiet',
) =>
  evidenceNeeded(
    { phone: 'TH', kind: 'substituted', heard: 'F', score: 85, margin: 0 },
    kind === 'match' ? { kind, confidence: 0.95 } : { kind },
    strictness,
    room,
  );
const heardF = (margin: number): MeasuredPhone => ({
  phone: 'TH',
  kind: 'substituted',
  heard: 'F',
  score: 85,
  margin,
});

/** "zero" with its /z/ voiced in `voicing` of its frames, the aligner finding every sound as written. */
const zero = (voicing: number): MeasuredWord => ({
  word: 'zero',
  start: 0.4,
  end: 0.9,
  phones: [{ ...sound('Z', 99), voicing }, sound('IH'), sound('R'), sound('OW')],
});

type Strictness = 'lenient' | 'standard' | 'strict';

/** A word the recogniser heard as written (confidence 0.9), judged at `strictness`. */
const judgeHeardAsWritten = (measured: MeasuredWord, strictness: Strictness = 'standard') =>
  judgeWord({ transcript: { kind: 'match', confidence: 0.9 }, measured, strictness });

/** A quarter of the evidence `phone` heard as `heard` needs in a word heard as written: too little on its own. */
const weakEvidence = (phone: MeasuredPhone['phone'], heard: MeasuredPhone['phone']) =>
  evidenceNeeded(
    { phone, kind: 'substituted', heard, score: 80, margin: 0 },
    { kind: 'match', confidence: 0.9 },
    'standard',
  ) / 4;

describe('a lengthened /ɪ/', () => {
  /** "ship" with its vowel heard as /iː/ on `margin` of evidence, `length` times the recording's median sound. */
  const ship = (margin: number, length: number): MeasuredWord => ({
    word: 'ship',
    start: 0.3,
    end: 0.7,
    phones: [
      sound('SH'),
      { phone: 'IH', kind: 'substituted', heard: 'IY', score: 80, margin, length },
      sound('P'),
    ],
  });
  const judge = (margin: number, length: number, strictness: Strictness = 'standard') =>
    judgeHeardAsWritten(ship(margin, length), strictness);
  const weak = weakEvidence('IH', 'IY');

  it('"sheep" for "ship": weak evidence for /iː/ in a long vowel names /iː/ for /ɪ/', () => {
    const judged = judge(weak, LONG_VOWEL + 0.2);
    expect(judged.status).toBe('mispronounced');
    expect(judged.phones[1]).toMatchObject({ phone: 'IH', heard: 'IY', status: 'mispronounced' });
  });

  it('the same weak evidence in a vowel of ordinary length, or no evidence in a long one, flags nothing', () => {
    expect(judge(weak, 1).status).toBe('correct');
    expect(judge(0, LONG_VOWEL + 0.5).status).toBe('correct');
  });

  it('a strict group hears a smaller lengthening than a lenient one', () => {
    const slightly = 1 + (LONG_VOWEL - 1) * 0.8;
    expect(judge(weak, slightly, 'standard').status).toBe('correct');
    expect(judge(weak, slightly, 'strict').status).toBe('mispronounced');
    expect(judge(weak, LONG_VOWEL, 'lenient').status).toBe('correct');
  });
});

describe('a /v/ released like a /b/', () => {
  /** "seven" with its /v/ heard as /b/ on `margin` of evidence, its high band rising `burst` dB in 5 ms. */
  const seven = (margin: number, burst: number | undefined): MeasuredWord => ({
    word: 'seven',
    start: 0.3,
    end: 0.8,
    phones: [
      sound('S'),
      sound('EH'),
      {
        phone: 'V',
        kind: 'substituted',
        heard: 'B',
        score: 80,
        margin,
        ...(burst === undefined ? {} : { burst }),
      },
      sound('AH'),
      sound('N'),
    ],
  });
  const judge = (margin: number, burst: number | undefined, strictness: Strictness = 'standard') =>
    judgeHeardAsWritten(seven(margin, burst), strictness);
  const weak = weakEvidence('V', 'B');

  it('"sebben" for "seven": weak evidence for /b/ and a burst name /b/ for /v/', () => {
    const judged = judge(weak, BURST_DB + 5);
    expect(judged.status).toBe('mispronounced');
    expect(judged.phones[2]).toMatchObject({ phone: 'V', heard: 'B', status: 'mispronounced' });
  });

  it('the same weak evidence in a /v/ that swells, or a burst with no evidence, flags nothing', () => {
    expect(judge(weak, BURST_DB - 8).status).toBe('correct');
    expect(judge(0, BURST_DB + 10).status).toBe('correct');
    expect(judge(weak, undefined).status).toBe('correct');
  });

  it('after a vowel, strong evidence for /b/ in a /v/ that swells flags nothing in a quiet room', () => {
    const strong = weak * 8;
    expect(judge(strong, BURST_DB - 8).status).toBe('correct');
    expect(judge(strong, BURST_DB + 2).status).toBe('mispronounced');
  });

  it('in a noisy room, where no burst is heard, the evidence still flags it', () => {
    const judged = judgeWord({
      transcript: { kind: 'match', confidence: 0.9 },
      measured: seven(weak * 8, 0),
      strictness: 'standard',
      room: 'noisy',
    });
    expect(judged.phones[2]).toMatchObject({ phone: 'V', heard: 'B', status: 'mispronounced' });
  });

  it('a /v/ that starts its word is still flagged on the evidence alone', () => {
    const very: MeasuredWord = {
      word: 'very',
      start: 0.3,
      end: 0.7,
      phones: [
        { phone: 'V', kind: 'substituted', heard: 'B', score: 60, margin: weak * 8, burst: 12 },
        sound('EH'),
        sound('R'),
        sound('IY'),
      ],
    };
    expect(judgeHeardAsWritten(very).phones[0]).toMatchObject({ heard: 'B', status: 'mispronounced' });
  });

  it('a strict group hears a smaller burst than a lenient one', () => {
    expect(judge(weak, BURST_DB * 0.8, 'standard').status).toBe('correct');
    expect(judge(weak, BURST_DB * 0.8, 'strict').status).toBe('mispronounced');
    expect(judge(weak, BURST_DB * 1.2, 'lenient').status).toBe('correct');
  });
});

describe('a /θ/ or /dʒ/ that fits nothing, kept as written', () => {
  /** "theory" heard as written, its /θ/ kept by the aligner with the given goodness. */
  const theory = (score: number): MeasuredWord => ({
    word: 'theory',
    start: 0.3,
    end: 0.9,
    phones: [sound('TH', score), sound('IY'), sound('ER'), sound('IY')],
  });
  const judge = (
    measured: MeasuredWord,
    {
      strictness = 'standard',
      noisy = false,
    }: { strictness?: 'lenient' | 'standard' | 'strict'; noisy?: boolean } = {},
  ) => judgeWord({ transcript: { kind: 'match', confidence: 0.97 }, measured, strictness, noisy });

  it('"tiory" heard as "theory": the /θ/ that fits nothing is marked, though the recogniser heard the word', () => {
    const judged = judge(theory(8));
    expect(judged.status).toBe('mispronounced');
    expect(judged.phones[0]).toEqual({ phone: 'TH', score: 8, status: 'mispronounced' });
    expect(judged.phones.slice(1).every((phone) => phone.status === 'correct')).toBe(true);
  });

  it('a /θ/ that fits, another sound that fits nothing, or a noisy room flags nothing', () => {
    expect(judge(theory(85)).status).toBe('correct');
    expect(
      judge({ ...theory(85), phones: [sound('TH'), sound('IY'), sound('ER', 8), sound('IY')] }).status,
    ).toBe('correct');
    expect(judge(theory(8), { noisy: true }).status).toBe('correct');
  });

  it('a word the recogniser did not hear stays left out, whatever its /θ/', () => {
    expect(
      judgeWord({ transcript: { kind: 'omit' }, measured: theory(8), strictness: 'standard' }).status,
    ).toBe('omitted');
  });

  it('a strict group hears a less poor fit than a lenient one', () => {
    expect(judge(theory(35)).status).toBe('correct');
    expect(judge(theory(35), { strictness: 'strict' }).status).toBe('mispronounced');
    expect(judge(theory(25), { strictness: 'lenient' }).status).toBe('correct');
  });
});

describe('a /z/ said without voice', () => {
  const judge = (voicing: number, strictness: 'lenient' | 'standard' | 'strict' = 'standard') =>
    judgeWord({ transcript: { kind: 'match', confidence: 0.95 }, measured: zero(voicing), strictness });

  it('"sero" for "zero": /s/ is named for /z/ though the model and the recogniser found /z/', () => {
    const judged = judge(0.1);
    expect(judged.status).toBe('mispronounced');
    expect(judged.phones[0]).toEqual({ phone: 'Z', heard: 'S', score: 40, status: 'mispronounced' });
    expect(judged.phones.slice(1).every((phone) => phone.status === 'correct')).toBe(true);
  });

  it('a voiced /z/ is in place, and a /z/ with no voicing measured (a word’s last) is not judged by it', () => {
    expect(judge(0.8).status).toBe('correct');
    const measured = zero(0);
    delete (measured.phones[0] as MeasuredPhone).voicing;
    expect(
      judgeWord({ transcript: { kind: 'match', confidence: 0.95 }, measured, strictness: 'standard' }).status,
    ).toBe('correct');
  });

  it('the group’s strictness moves the bar: a half-voiced /z/ passes a lenient group, not a strict one', () => {
    const partly = DEVOICED_Z_AT * 0.9;
    expect(judge(partly, 'standard').status).toBe('mispronounced');
    expect(judge(partly, 'lenient').status).toBe('correct');
    expect(judge(DEVOICED_Z_AT * 1.3, 'standard').status).toBe('correct');
    expect(judge(DEVOICED_Z_AT * 1.3, 'strict').status).toBe('mispronounced');
  });
});

describe('a target word judged by the transcript and its sounds together', () => {
  it('"fink" for "think": the aligner names /f/ for /θ/ even though the recogniser wrote "think"', () => {
    const judged = judgeWord({
      transcript: { kind: 'match', confidence: 0.95 },
      measured: think(heardF(needed('match') + 1)),
      strictness: 'standard',
    });
    expect(judged.status).toBe('mispronounced');
    expect(judged.phones[0]).toEqual({ phone: 'TH', heard: 'F', score: 40, status: 'mispronounced' });
    expect(judged.accuracy).toBeLessThan(60);
  });

  it('weak evidence against a word the recogniser heard as written does not flag it', () => {
    const judged = judgeWord({
      transcript: { kind: 'match', confidence: 0.95 },
      measured: think(heardF(needed('substitute') + 1)),
      strictness: 'standard',
    });
    expect(judged.status).toBe('correct');
    expect(judged.phones.every((phone) => phone.status === 'correct')).toBe(true);
    expect(judged.accuracy).toBeGreaterThanOrEqual(60);
  });

  it('the same weak evidence flags the word when the recogniser heard another word too ("sink")', () => {
    const judged = judgeWord({
      transcript: { kind: 'substitute' },
      measured: think(heardF(needed('substitute') + 1)),
      strictness: 'standard',
    });
    expect(judged.status).toBe('mispronounced');
    expect(judged.phones[0]?.heard).toBe('F');
  });

  it('a word the recogniser misheard but whose sounds are all in place is correct ("for four" for "before")', () => {
    const judged = judgeWord({
      transcript: { kind: 'substitute' },
      measured: think(sound('TH')),
      strictness: 'standard',
    });
    expect(judged.status).toBe('correct');
  });

  it('a word the recogniser did not hear and whose sounds are not there is omitted, every sound with it', () => {
    const judged = judgeWord({
      transcript: { kind: 'omit' },
      measured: think(sound('TH', 5), [sound('IH', 10), sound('NG', 8), sound('K', 12)]),
      strictness: 'standard',
    });
    expect(judged.status).toBe('omitted');
    expect(judged.phones.every((phone) => phone.status === 'omitted' && phone.score === 0)).toBe(true);
    expect(judged.accuracy).toBe(0);
  });

  it('a strict group hears a slip a lenient one lets pass', () => {
    const evidence = heardF((needed('substitute', 'strict') + needed('substitute')) / 2);
    const as = (strictness: 'lenient' | 'strict') =>
      judgeWord({ transcript: { kind: 'substitute' }, measured: think(evidence), strictness }).status;
    expect(as('strict')).toBe('mispronounced');
    expect(as('lenient')).toBe('correct');
  });

  it('an added vowel is shown only when it was there; a dropped ending is a sound omitted', () => {
    const added: MeasuredPhone = { phone: 'EH', kind: 'inserted', score: 70, margin: 0.5 };
    const street = (first: MeasuredPhone): MeasuredWord => ({
      word: 'street',
      start: 0,
      end: 1,
      phones: [first, sound('S'), sound('T'), sound('R'), sound('IY'), sound('T')],
    });
    const quiet = judgeWord({
      transcript: { kind: 'match', confidence: 0.9 },
      measured: street(added),
      strictness: 'standard',
    });
    expect(quiet.phones.map((phone) => phone.phone)).toEqual(['S', 'T', 'R', 'IY', 'T']);
    const loud = judgeWord({
      transcript: { kind: 'substitute' },
      measured: street({ ...added, margin: 1_000 }),
      strictness: 'standard',
    });
    expect(loud.status).toBe('mispronounced');
    expect(loud.phones[0]).toMatchObject({ phone: 'EH', status: 'inserted' });

    const worked: MeasuredWord = {
      word: 'worked',
      start: 0,
      end: 1,
      phones: [
        sound('W'),
        sound('ER'),
        sound('K'),
        { phone: 'T', kind: 'omitted', score: 20, margin: 1_000 },
      ],
    };
    const dropped = judgeWord({
      transcript: { kind: 'substitute' },
      measured: worked,
      strictness: 'standard',
    });
    expect(dropped.phones.at(-1)).toEqual({ phone: 'T', score: 0, status: 'omitted' });
  });

  it('a word judged mispronounced with no sound named says which sound was least clear', () => {
    const judged = judgeWord({
      transcript: { kind: 'substitute' },
      measured: think(sound('TH', 12)),
      strictness: 'standard',
    });
    expect(judged.status).toBe('mispronounced');
    expect(judged.phones[0]).toEqual({ phone: 'TH', score: 12, status: 'mispronounced' });
  });
});

describe('a heard word that is a learner’s slip of the target word names the slip', () => {
  it('finds one or two of the usual errors, and nothing in another word altogether', () => {
    expect(namedErrors(['SH', 'IH', 'P'], ['SH', 'IY', 'P'])).toEqual([
      { index: 1, kind: 'substituted', heard: 'IY' },
    ]);
    expect(namedErrors(['TH', 'IH', 'NG', 'K'], ['S', 'IH', 'NG'])).toEqual([
      { index: 0, kind: 'substituted', heard: 'S' },
      { index: 3, kind: 'omitted' },
    ]);
    expect(namedErrors(['S', 'T', 'R', 'IY', 'T'], ['EH', 'S', 'T', 'R', 'IY', 'T'])).toEqual([
      { index: 0, kind: 'inserted', heard: 'EH' },
    ]);
    expect(namedErrors(['HH', 'AW', 'S'], ['AW', 'S'])).toEqual([{ index: 0, kind: 'omitted' }]);
    // "cat" for "ship": no usual error makes one of the other.
    expect(namedErrors(['SH', 'IH', 'P'], ['K', 'AE', 'T'])).toBeNull();
    // The same word is no slip.
    expect(namedErrors(['SH', 'IH', 'P'], ['SH', 'IH', 'P'])).toBeNull();
  });

  it('"sheep" heard for "ship" is mispronounced with /iː/ named for /ɪ/, however well the sounds fit', () => {
    const ship: MeasuredWord = {
      word: 'ship',
      start: 0,
      end: 0.5,
      phones: [sound('SH'), sound('IH'), sound('P')],
    };
    const judged = judgeWord({
      transcript: { kind: 'substitute', named: namedErrors(['SH', 'IH', 'P'], ['SH', 'IY', 'P']) },
      measured: ship,
      strictness: 'lenient',
    });
    expect(judged.status).toBe('mispronounced');
    expect(judged.phones).toEqual([
      { phone: 'SH', score: 90, status: 'correct' },
      { phone: 'IH', heard: 'IY', score: 40, status: 'mispronounced' },
      { phone: 'P', score: 90, status: 'correct' },
    ]);
  });
});

describe('a word judged wrong on the transcript’s word names the aligner’s best guess', () => {
  it('names the other sound the aligner found some evidence for, though too little to flag it alone', () => {
    const judged = judgeWord({
      transcript: { kind: 'substitute' },
      measured: think(heardF(1), [sound('IH'), sound('NG', 12), sound('K')]),
      strictness: 'standard',
    });
    expect(judged.status).toBe('mispronounced');
    expect(judged.phones[0]).toEqual({ phone: 'TH', heard: 'F', score: 40, status: 'mispronounced' });
    expect(judged.phones[2]?.status).toBe('correct');
  });

  it('names a dropped sound the aligner found some evidence for ("ores" heard for "horse")', () => {
    const judged = judgeWord({
      transcript: { kind: 'substitute' },
      measured: {
        word: 'horse',
        start: 1,
        end: 1.34,
        phones: [
          { phone: 'HH', kind: 'omitted', score: 0, margin: 4 },
          sound('AO', 100),
          sound('R', 100),
          sound('S', 99),
        ],
      },
      strictness: 'standard',
    });
    expect(judged.status).toBe('mispronounced');
    expect(judged.phones[0]).toEqual({ phone: 'HH', score: 0, status: 'omitted' });
    expect(judged.phones.slice(1).every((phone) => phone.status === 'correct')).toBe(true);
  });
});

describe('a heard word that holds a learner’s error beside other changes', () => {
  it('finds the usual substitutions on the cheapest way between the words, and none in another word altogether', () => {
    // "tongue" for "thumb": θ heard as t; the m heard as ŋ is no learner's usual error.
    expect(sharedErrors(['TH', 'AH', 'M'], ['T', 'AH', 'NG'])).toEqual([
      { index: 0, kind: 'substituted', heard: 'T' },
    ]);
    // "lady" for "radio": r heard as l, the last vowel not heard.
    expect(sharedErrors(['R', 'EY', 'D', 'IY', 'OW'], ['L', 'EY', 'D', 'IY'])).toEqual([
      { index: 0, kind: 'substituted', heard: 'L' },
    ]);
    // "me" for "rabbit", "sheep" for "cat": nothing shared, nothing said of the sounds.
    expect(sharedErrors(['R', 'AE', 'B', 'IH', 'T'], ['M', 'IY'])).toEqual([]);
    expect(sharedErrors(['K', 'AE', 'T'], ['SH', 'IY', 'P'])).toEqual([]);
  });

  it('names that error where the aligner found no evidence for another sound', () => {
    const thumb: MeasuredWord = {
      word: 'thumb',
      start: 0,
      end: 0.4,
      phones: [sound('TH', 73), sound('AH', 99), sound('M', 20)],
    };
    const judged = judgeWord({
      transcript: {
        kind: 'substitute',
        named: null,
        partly: [{ index: 0, kind: 'substituted', heard: 'T' }],
      },
      measured: thumb,
      strictness: 'standard',
    });
    expect(judged.status).toBe('mispronounced');
    expect(judged.phones).toEqual([
      { phone: 'TH', heard: 'T', score: 40, status: 'mispronounced' },
      { phone: 'AH', score: 99, status: 'correct' },
      { phone: 'M', score: 20, status: 'correct' },
    ]);
  });

  it('leaves the aligner’s own guess in place when it has one', () => {
    const judged = judgeWord({
      transcript: { kind: 'substitute', partly: [{ index: 0, kind: 'substituted', heard: 'T' }] },
      measured: think(heardF(1), [sound('IH'), sound('NG', 12), sound('K')]),
      strictness: 'standard',
    });
    expect(judged.phones[0]).toEqual({ phone: 'TH', heard: 'F', score: 40, status: 'mispronounced' });
  });
});

describe('a word the recogniser did not hear', () => {
  /** Each sound placed by the aligner for `seconds`, one after the other from 1 s. */
  const timed = (word: MeasuredWord, seconds: number[]): MeasuredWord => {
    let at = 1;
    return {
      ...word,
      phones: word.phones.map((phone, index) => {
        const start = at;
        at += seconds[index] ?? 0;
        return { ...phone, start, end: at };
      }),
    };
  };
  const shortest = [0.03, 0.03, 0.03, 0.03];
  const heavy = (phones: MeasuredPhone[]): MeasuredWord => ({ word: 'heavy', start: 1, end: 1.2, phones });
  const judge = (measured: MeasuredWord, noisy = false) =>
    judgeWord({ transcript: { kind: 'omit' }, measured, strictness: 'standard', noisy });

  it('is left out when the aligner squeezed it into its shortest sounds, whatever error it found there', () => {
    // What a forced alignment makes of "Please leave the boxes…" against "Please leave the heavy boxes…".
    const squeezed = timed(
      heavy([
        { phone: 'HH', kind: 'omitted', score: 1, margin: 60 },
        sound('EH', 0),
        { phone: 'V', kind: 'substituted', heard: 'B', score: 0, margin: 500 },
        sound('IY', 0),
      ]),
      shortest,
    );
    expect(squeezedOut(squeezed)).toBe(true);
    const judged = judge(squeezed);
    expect(judged.status).toBe('omitted');
    expect(judged.phones.every((phone) => phone.status === 'omitted')).toBe(true);
    expect(judged.accuracy).toBe(0);
  });

  it('said at length, keeps the error the aligner found there: the sound is named, not the word skipped', () => {
    // "labbit" for "rabbit": the recogniser heard nothing it could place there, the aligner heard /l/.
    const rabbit: MeasuredWord = timed(
      {
        word: 'rabbit',
        start: 1,
        end: 1.43,
        phones: [
          { phone: 'R', kind: 'substituted', heard: 'L', score: 0, margin: 500 },
          sound('AE', 100),
          sound('B', 100),
          sound('AH', 100),
          sound('T', 90),
        ],
      },
      [0.08, 0.12, 0.06, 0.07, 0.1],
    );
    expect(squeezedOut(rabbit)).toBe(false);
    const judged = judge(rabbit);
    expect(judged.status).toBe('mispronounced');
    expect(judged.phones[0]).toEqual({ phone: 'R', heard: 'L', score: 0, status: 'mispronounced' });
    expect(judged.phones.slice(1).every((phone) => phone.status === 'correct')).toBe(true);
  });

  it('is correct when every sound is in place, however short; without times it is judged as before', () => {
    const to = timed(
      { word: 'to', start: 1, end: 1.06, phones: [sound('T', 99), sound('AH', 86)] },
      [0.03, 0.03],
    );
    expect(judge(to).status).toBe('correct');
    const untimed = heavy([sound('HH', 12), sound('EH', 15), sound('V', 20), sound('IY', 25)]);
    expect(squeezedOut(untimed)).toBeUndefined();
    expect(mostlyUnfit(untimed)).toBe(false);
    expect(judge(untimed).status).toBe('omitted');
  });

  it('is left out when half its sounds fit nothing, though the aligner stretched it over a pause', () => {
    // "Wash your with warm water" against "Wash your hands with…": "hands" placed over the pause and a neighbour.
    const hands: MeasuredWord = timed(
      {
        word: 'hands',
        start: 1,
        end: 1.3,
        phones: [
          { phone: 'HH', kind: 'omitted', score: 0, margin: 300 },
          sound('AE', 0),
          sound('N', 60),
          { phone: 'Z', kind: 'substituted', heard: 'S', score: 4, margin: 300 },
        ],
      },
      [0.03, 0.12, 0.08, 0.07],
    );
    expect(squeezedOut(hands)).toBe(false);
    expect(mostlyUnfit(hands)).toBe(true);
    expect(judge(hands).status).toBe('omitted');
    // Said, with one sound wrong, it is not: one unfit sound of four.
    const said = {
      ...hands,
      phones: hands.phones.map((phone) => (phone.phone === 'AE' ? { ...phone, score: 90 } : phone)),
    };
    said.phones[3] = { ...(said.phones[3] as MeasuredPhone), score: 80 };
    expect(mostlyUnfit(said)).toBe(false);
    expect(judge(said).status).toBe('mispronounced');
  });

  it('in a noisy room only a word squeezed in every sound, or mostly unfit, is left out', () => {
    // Poor fits, but none that fits nothing: in noise that proves nothing.
    const sounds = [sound('HH', 15), sound('EH', 20), sound('V', 18), sound('IY', 25)];
    const squeezed = timed(heavy(sounds), shortest);
    expect(judge(squeezed).status).toBe('omitted');
    expect(judge(squeezed, true).status).toBe('omitted');
    // One sound placed longer: squeezed in a quiet room, not in a noisy one, where the word is taken as said.
    const oneLonger = timed(heavy(sounds), [0.03, 0.12, 0.03, 0.03]);
    expect(judge(oneLonger).status).toBe('omitted');
    expect(judge(oneLonger, true).status).toBe('correct');
    const unfit = timed(
      heavy([sound('HH', 2), sound('EH', 5), sound('V', 18), sound('IY', 25)]),
      [0.03, 0.12, 0.03, 0.03],
    );
    expect(judge(unfit, true).status).toBe('omitted');
  });
});

describe('in a noisy recording', () => {
  it('a word the recogniser misheard with a badly fitting sound stays correct; clear evidence still flags', () => {
    const misheard = {
      transcript: { kind: 'substitute' as const },
      measured: think(sound('TH', 5)),
      strictness: 'standard' as const,
    };
    expect(judgeWord(misheard).status).toBe('mispronounced');
    expect(judgeWord({ ...misheard, noisy: true }).status).toBe('correct');

    const evidence = (margin: number) => ({ ...misheard, measured: think(heardF(margin)), noisy: true });
    const bar = needed('substitute', 'standard', 'noisy');
    expect(judgeWord(evidence(bar * 1.2)).status).toBe('correct');
    expect(judgeWord(evidence(bar * 2)).phones[0]).toMatchObject({
      heard: 'F',
      status: 'mispronounced',
    });
  });
});

describe('the room a recording was made in', () => {
  it('is quiet from QUIET_FROM_DB of signal over noise up, and when no noise was measured', () => {
    expect(evidenceRoomOf({ snrDb: QUIET_FROM_DB })).toBe('quiet');
    expect(evidenceRoomOf({ snrDb: 55 })).toBe('quiet');
    expect(evidenceRoomOf({ snrDb: QUIET_FROM_DB - 0.1 })).toBe('noisy');
    expect(evidenceRoomOf(undefined)).toBe('quiet');
  });

  it('picks the bars: evidence between the two rooms’ bars flags the word in one room only', () => {
    // /d/ for /ð/ ("mudder"), which noise makes the aligner find in rightly said words too.
    const dh = (margin: number): MeasuredPhone => ({
      phone: 'DH',
      kind: 'substituted',
      heard: 'D',
      score: 90,
      margin,
    });
    const match = { kind: 'match' as const, confidence: 0.95 };
    const quiet = evidenceNeeded(dh(0), match, 'standard', 'quiet');
    const noisy = evidenceNeeded(dh(0), match, 'standard', 'noisy');
    expect(quiet).not.toBe(noisy);
    const mother: MeasuredWord = {
      word: 'mother',
      start: 0.2,
      end: 0.6,
      phones: [sound('M'), sound('AH'), dh((quiet + noisy) / 2), sound('ER')],
    };
    const status = (room: EvidenceRoom) =>
      judgeWord({ transcript: match, measured: mother, strictness: 'standard', room }).status;
    expect(status(quiet < noisy ? 'quiet' : 'noisy')).toBe('mispronounced');
    expect(status(quiet < noisy ? 'noisy' : 'quiet')).toBe('correct');
  });
});
