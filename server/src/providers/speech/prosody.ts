import type { ProsodyAdvice, SpeechProsody } from '@coach/shared/contract/speech';
import { YIN } from 'pitchfinder';
import { biquad } from './biquad.ts';

/** One 10 ms step of the pitch track: `hz` is null where the frame is silent or unvoiced. */
export type PitchFrame = { time: number; hz: number | null };

/**
 * A vowel of the target text as the phone aligner timed it (seconds), with its CMUdict stress mark: 1 primary,
 * 2 secondary, 0 none.
 */
export type StressedVowel = { wordIndex: number; start: number; end: number; stress: 0 | 1 | 2 };

/** Speech F0 lives here (a low male voice to a high child's); anything outside is an octave error or noise. */
export const MIN_HZ = 60;
export const MAX_HZ = 400;

/**
 * Below this spread of F0 the voice is flat. The common heuristic is 2 st (speech.md §4), set for people; our
 * synthetic readings sit lower: flite slt 0.90-1.42 st, espeak-ng 1.07-2.02, flite rms/awb 1.32-2.48, against
 * 0.30-0.46 for espeak-ng told to keep a narrow range (`<prosody range="x-low">`) and 0.14-0.16 with none
 * (`range="0%"`). 0.7 st splits them and flags only a voice that is plainly flat; between this and
 * LIVELY_SEMITONES the score falls, and under GOOD_PROSODY_FROM the advice names the narrow range.
 */
export const MONOTONE_SEMITONES = 0.7;
/** The 2 st heuristic (speech.md §4): from this spread on, pitch variation earns full marks... */
export const LIVELY_SEMITONES = 2;
/** ...and none up to this one, where espeak-ng's narrow-range readings (0.30-0.46 st) sit. */
const FLAT_SEMITONES = 0.5;
/**
 * A yes/no question rises at its end: F0 over the last 150 ms of voicing, as a straight line fitted to it, must
 * climb at least this much. Of 40 espeak-ng questions (8 sentences, 5 voices and ranges) 38 climbed 1.8-9.5 st
 * (the other two lost their last frames to the tracker: -0.2, 0.6); the same words as statements -0.4 st or
 * less; flite, which has no question tune, -0.2 or less either way. The research's first idea, the last quarter
 * against the median before it, did not separate them: espeak-ng starts a question high, falls, then rises.
 */
export const QUESTION_RISE_SEMITONES = 1;
const RISE_SECONDS = 0.15;
/** With less voicing than this nothing can be judged: `measureProsody` says null. */
export const MIN_VOICED_SECONDS = 0.1;
/**
 * The pitch's spread says something about a phrase, not a word: with less voicing than this (about one second of
 * speech) it is reported but neither scored nor advised on, and without a question or stress to judge the
 * prosody is null.
 */
export const MIN_VARIATION_SECONDS = 0.5;
/** The stress advice is given when fewer than this share of the multi-syllable words are stressed right. */
const STRESS_ADVICE_SHARE = 0.75;
/**
 * ...and only over at least this many such words: one word's prominence misjudged (flite lengthens a final
 * unstressed vowel, "very" as "ve-REE") must not tell a learner their stress is wrong; it still costs score, at a
 * weight in proportion (half for one word), and a word read alone, its stress the only thing judged, is told.
 */
const MIN_STRESS_WORDS_FOR_ADVICE = 2;
/**
 * A word's stress counts as misplaced only when an unstressed vowel stood out over the stressed ones by more than
 * this (StressedWord.clearBy, in prominence units: 4 st of pitch, double the length or 4 dB are 1 each). Measured on
 * 35 words said rightly by five voices (flite slt, rms, kal16, espeak-ng en-us, en-gb) and with the stress moved by
 * espeak-ng: alone, rightly said words were told wrong in 16.8 % at 0 (the bare most-prominent rule), 10.7 % at 0.5
 * and 8.1 % at 0.75, the moved stress caught in 80.8, 75.0 and 73.1 %; in a carrier sentence ("Please say …
 * again.") 21.0, 15.4 and 12.3 % against 74.5, 69.1 and 56.4 %.
 */
export const STRESS_CLEAR_BY = 0.5;

/** Whether a word's stress was heard on another vowel, clearly enough (STRESS_CLEAR_BY). */
const misplacedStress = (word: StressedWord) =>
  word.clearBy === undefined ? !word.matched : word.clearBy > STRESS_CLEAR_BY;
/**
 * The melody is called good from this score on. Under it, with no flat voice, question or stress to name, it was
 * the pitch's narrow range that cost the score (between MONOTONE_SEMITONES and LIVELY_SEMITONES), and the
 * advice says so: a score of 43 beside "the voice rises and falls naturally" told the learner two things.
 */
export const GOOD_PROSODY_FROM = 70;
/**
 * The score's parts, weighed over those that apply: pitch variation always (it is what Azure's and ELSA's
 * intonation scores start from), the question's rise only for a yes/no question, stress only with a timed target.
 */
const WEIGHTS = { variation: 0.5, question: 0.25, stress: 0.25 } as const;

const HOP_SECONDS = 0.01;
/** Frames this far below the loudest (95th percentile) frame are silence and are not searched for a pitch. */
const SILENCE_DB = 40;
/**
 * pitchfinder's YIN takes the largest power of two below the buffer's length and both integrates over and
 * searches lags up to half of it: a 129-sample buffer at 42 × MIN_HZ (2520 Hz) integrates 25 ms, searches down
 * to 40 Hz, and still resolves a 400 Hz period (6.3 samples) to 0.13 st by its parabolic interpolation. A longer
 * window costs the square (a 257-sample one took 20 ms per second of audio, this one 3-4) and misses the fast
 * final rise of a question.
 */
const WINDOW = 129;
const TRACK_RATE = 42 * MIN_HZ;
/**
 * YIN's threshold on a frame's aperiodicity: at 0.15 espeak-ng lost a tenth of its voiced frames, at 0.25-0.3 the
 * extra frames were often wrong (YIN takes the first dip under the threshold) and questions' rises were missed.
 */
const YIN_THRESHOLD = 0.2;

/** A biquad low-pass applied in place. */
const lowPass = (x: Float32Array, sampleRate: number, cutoff: number) => {
  biquad(x, { kind: 'low', cutoff, sampleRate });
};

/**
 * Low-passes (4th order at 600 Hz) and resamples to TRACK_RATE by interpolation. A higher cut-off keeps harmonics
 * whose period falls between whole lags at 2.5 kHz and makes buzzy vowels look aperiodic to YIN: at 900 Hz
 * espeak-ng kept 43 % of its frames voiced, at 600 Hz 47 %, and an isolated word more often came out unjudged.
 */
const resample = (samples: Float32Array, sampleRate: number) => {
  const filtered = Float32Array.from(samples);
  const cutoff = Math.min(600, 0.4 * sampleRate);
  lowPass(filtered, sampleRate, cutoff);
  lowPass(filtered, sampleRate, cutoff);
  const step = sampleRate / TRACK_RATE;
  const out = new Float32Array(Math.max(0, Math.floor((samples.length - 1) / step)));
  for (let i = 0; i < out.length; i++) {
    const at = i * step;
    const left = Math.floor(at);
    const a = filtered[left] ?? 0;
    out[i] = a + ((filtered[left + 1] ?? a) - a) * (at - left);
  }
  return out;
};

/**
 * The F0 of every 10 ms frame by YIN (pitchfinder), voiced frames only getting an `hz` in MIN_HZ-MAX_HZ; `time`
 * is the frame's centre. YIN's cost grows with the square of its window, so it runs on a low-passed 2.5 kHz copy
 * and skips frames the energy says are silent: 2-5 ms per second of audio on a shared core (pitchfinder's YIN
 * on the 16 kHz samples themselves: 80 ms with a 32 ms window, 314 with the 64 ms one that reaches 60 Hz).
 */
export const pitchTrack = (samples: Float32Array, sampleRate: number): PitchFrame[] => {
  const x = resample(samples, sampleRate);
  const hop = TRACK_RATE * HOP_SECONDS;
  const frames = Math.max(0, Math.floor((x.length - WINDOW) / hop) + 1);
  const energy = new Float32Array(frames);
  for (let f = 0; f < frames; f++) {
    const from = Math.round(f * hop);
    let sum = 0;
    for (let i = from; i < from + WINDOW; i++) sum += (x[i] ?? 0) ** 2;
    energy[f] = sum / WINDOW;
  }
  const loud = [...energy].sort((a, b) => a - b)[Math.floor(frames * 0.95)] ?? 0;
  const floor = Math.max(loud * 10 ** (-SILENCE_DB / 10), 1e-10);
  const yin = YIN({ sampleRate: TRACK_RATE, threshold: YIN_THRESHOLD });
  const track: PitchFrame[] = [];
  for (let f = 0; f < frames; f++) {
    const from = Math.round(f * hop);
    const time = (from + WINDOW / 2) / TRACK_RATE;
    const hz = (energy[f] ?? 0) < floor ? null : yin(x.subarray(from, from + WINDOW));
    track.push({ time, hz: hz !== null && hz >= MIN_HZ && hz <= MAX_HZ ? hz : null });
  }
  return track;
};

/** A voiced frame in semitones from the speaker's median F0. */
type Voiced = { time: number; st: number };
type Span = { start: number; end: number };

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length / 2;
  return sorted.length % 2
    ? (sorted[Math.floor(mid)] ?? 0)
    : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
};

const clamp01 = (x: number) => Math.min(1, Math.max(0, x));

/**
 * The voiced frames inside the speech segments, with tracking errors dropped: runs shorter than 30 ms (clicks,
 * creak), frames more than half an octave off the median of their ±50 ms (octave jumps) and frames more than an
 * octave from the speaker's median.
 */
const voicedSemitones = (track: PitchFrame[], segments: Span[]): Voiced[] => {
  const runs: Voiced[][] = [[]];
  for (const { time, hz } of track) {
    const inside = segments.some((s) => time >= s.start && time <= s.end);
    if (hz !== null && inside) runs.at(-1)?.push({ time, st: hz });
    else if (runs.at(-1)?.length) runs.push([]);
  }
  const kept = runs.filter((r) => r.length >= 3).flat();
  const reference = median(kept.map((v) => v.st));
  const all = kept.map((v) => ({ time: v.time, st: 12 * Math.log2(v.st / reference) }));
  return all.filter((v, i) => {
    const around = all.slice(Math.max(0, i - 5), i + 6).filter((n) => Math.abs(n.time - v.time) <= 0.055);
    return Math.abs(v.st - median(around.map((n) => n.st))) <= 6 && Math.abs(v.st) <= 12;
  });
};

const standardDeviation = (values: number[]) => {
  const mean = values.reduce((a, b) => a + b, 0) / values.length;
  return Math.sqrt(values.reduce((a, b) => a + (b - mean) ** 2, 0) / values.length);
};

/** Wh-questions fall in English; only a yes/no question (or a statement asked as one) is expected to rise. */
const WH_WORDS = new Set(['who', 'whom', 'whose', 'what', 'which', 'where', 'when', 'why', 'how']);

/** Whether the target asks for a final rise: it ends with '?' and its last sentence is no wh-question. */
export const expectsRise = (target: string | null | undefined) => {
  const text = target?.trim() ?? '';
  if (!text.endsWith('?')) return false;
  const lastSentence = text.slice(0, -1).split(/[.!?]/).at(-1) ?? '';
  // "How's" asks with how.
  const first = lastSentence.toLowerCase().match(/[a-z]+/)?.[0] ?? '';
  return !WH_WORDS.has(first);
};

/**
 * How far F0 climbs over the last RISE_SECONDS of voicing (at least the last 5 voiced frames), in semitones, from
 * a least-squares line: a line, not end minus start, so one stray frame does not make or break the rise.
 */
export const finalRise = (voiced: Voiced[]) => {
  const lastTime = voiced.at(-1)?.time ?? 0;
  const recent = voiced.filter((v) => v.time >= lastTime - RISE_SECONDS);
  const tail = recent.length >= 5 ? recent : voiced.slice(-5);
  const meanTime = tail.reduce((a, v) => a + v.time, 0) / tail.length;
  const meanSt = tail.reduce((a, v) => a + v.st, 0) / tail.length;
  const spread = tail.reduce((a, v) => a + (v.time - meanTime) ** 2, 0);
  if (spread === 0) return 0;
  const slope = tail.reduce((a, v) => a + (v.time - meanTime) * (v.st - meanSt), 0) / spread;
  return slope * RISE_SECONDS;
};

/**
 * A vowel's prominence as one number from the three cues of English lexical stress, alike in weight: its F0 peak
 * (4 st = 1), its length (double = 1) and its loudness (4 dB = 1). On 750 espeak-ng readings (15 noun/verb pairs
 * such as PREsent/preSENT, 5 voices, alone and in 4 carrier sentences) it found the stressed vowel in 98.9 %;
 * pitch at 2 st = 1 in 96.3 %, length and loudness alone 97.5 %, length alone 88.9 %. Pitch is not weighed more
 * although listeners lean on it: an accent can be low (a question's L*), and espeak-ng often peaks on the syllable
 * before. A vowel with no voiced frame gets the word's lowest pitch.
 */
const prominences = (
  vowels: StressedVowel[],
  voiced: Voiced[],
  samples: Float32Array,
  sampleRate: number,
) => {
  const peaks = vowels.map((v) => {
    const inside = voiced.filter((f) => f.time >= v.start && f.time <= v.end).map((f) => f.st);
    return inside.length ? Math.max(...inside) : null;
  });
  const lowest = Math.min(...peaks.filter((p) => p !== null));
  return vowels.map((v, i) => {
    const from = Math.max(0, Math.round(v.start * sampleRate));
    const to = Math.min(samples.length, Math.max(from + 1, Math.round(v.end * sampleRate)));
    let power = 0;
    for (let s = from; s < to; s++) power += (samples[s] ?? 0) ** 2;
    const db = 10 * Math.log10(power / (to - from) + 1e-12);
    const pitch = peaks[i] ?? (Number.isFinite(lowest) ? lowest : 0);
    return pitch / 4 + Math.log2(Math.max(v.end - v.start, 0.01)) + db / 4;
  });
};

/**
 * For each target word of two or more vowels with a primary stress, whether its most prominent vowel is a stressed
 * one, primary or secondary (by the word's index in the target); empty when no word has two. A secondary stress is
 * a full vowel, and at the end of a word read alone or before a pause it is drawn out ("DEADline", "PHOtograph",
 * "AFterNOON"): the stress a learner misplaces lands on a vowel the dictionary leaves unstressed. Said rightly, 30
 * words alone by six voices (flite, espeak-ng, festival) through the whole analysis matched in 83.5 % of readings
 * where the primary vowel alone matched in 72.2 %, and 83.1 % against 72.7 % in a sentence; the stress moved to
 * another vowel by espeak-ng was caught in 89.1 % alone (93.5 % before) and 80.4 % in a sentence (91.3 %).
 */
const stressedWords = (
  vowels: StressedVowel[],
  voiced: Voiced[],
  samples: Float32Array,
  sampleRate: number,
): StressedWord[] => {
  const words = new Map<number, StressedVowel[]>();
  for (const v of vowels) words.set(v.wordIndex, [...(words.get(v.wordIndex) ?? []), v]);
  const judged: StressedWord[] = [];
  for (const [wordIndex, word] of words) {
    if (word.length < 2 || !word.some((v) => v.stress === 1)) continue;
    const scores = prominences(word, voiced, samples, sampleRate);
    const top = scores.indexOf(Math.max(...scores));
    const best = (stressed: boolean) =>
      Math.max(...scores.filter((_, i) => (word[i]?.stress ?? 0) > 0 === stressed));
    judged.push({
      wordIndex,
      matched: (word[top]?.stress ?? 0) > 0,
      clearBy: Math.round((best(false) - best(true)) * 100) / 100,
    });
  }
  return judged;
};

/**
 * A multi-syllable target word's stress: whether its most prominent vowel is one the dictionary stresses, and by
 * how much (in prominence units) the most prominent unstressed vowel stood out over the stressed ones: above 0 when
 * the stress was heard elsewhere. Absent on measures kept from before it was measured.
 */
export type StressedWord = { wordIndex: number; matched: boolean; clearBy?: number };

/**
 * What was measured of the voice's melody, before it is judged: the pitch's spread (semitones), whether the
 * voicing is long enough for that spread to speak of a phrase, a yes/no question's rise (null when the target is
 * none), and each timed multi-syllable word's stress (null without aligner-timed vowels). The analysis judges it
 * (`judgeProsody`) once it knows which words were said at all.
 */
export type ProsodyMeasures = {
  spread: number;
  phrase: boolean;
  questionRise: boolean | null;
  stressedWords: StressedWord[] | null;
};

/**
 * The melody's measures: null when fewer than MIN_VOICED_SECONDS of voicing could be tracked inside the speech
 * segments.
 */
export const measureProsodyParts = ({
  samples,
  sampleRate,
  segments,
  target,
  vowels,
}: {
  samples: Float32Array;
  sampleRate: number;
  /** The VAD's speech spans, seconds. */
  segments: Span[];
  target?: string | null;
  vowels?: StressedVowel[];
}): ProsodyMeasures | null => {
  const voiced = voicedSemitones(pitchTrack(samples, sampleRate), segments);
  if (voiced.length * HOP_SECONDS < MIN_VOICED_SECONDS) return null;
  return {
    spread: standardDeviation(voiced.map((v) => v.st)),
    phrase: voiced.length * HOP_SECONDS >= MIN_VARIATION_SECONDS,
    questionRise: expectsRise(target) ? finalRise(voiced) >= QUESTION_RISE_SEMITONES : null,
    stressedWords: vowels?.length ? stressedWords(vowels, voiced, samples, sampleRate) : null,
  };
};

/**
 * Prosody: how much the pitch moves (SD of F0 in semitones), whether a yes/no question's target was
 * read with a final rise, and whether the aligner-timed stressed vowels of multi-syllable target words were the
 * prominent ones; a score 0-100 over the parts that apply (WEIGHTS) and the one advice that matters most, in
 * this order: a flat voice, a question that did not rise, misplaced stress. Null when a lone word (less than
 * MIN_VARIATION_SECONDS) has no question or stress to judge.
 *
 * The words in `leftOut` (target indexes the analysis found not said) have no stress to judge: a word the learner
 * skipped was not stressed wrong, whatever the aligner timed in its place.
 */
export const judgeProsody = (
  measures: ProsodyMeasures,
  leftOut: ReadonlySet<number> = new Set(),
): SpeechProsody | null => {
  const { spread, phrase, questionRise } = measures;
  const said = measures.stressedWords?.filter((word) => !leftOut.has(word.wordIndex)) ?? [];
  const stress = said.length
    ? {
        matched: said.filter((word) => !misplacedStress(word)).length,
        of: said.length,
      }
    : null;
  if (!phrase && questionRise === null && stress === null) return null;

  const variation = phrase ? (spread - FLAT_SEMITONES) / (LIVELY_SEMITONES - FLAT_SEMITONES) : null;
  const parts = [
    { weight: WEIGHTS.variation, value: variation === null ? null : clamp01(variation) },
    { weight: WEIGHTS.question, value: questionRise === null ? null : Number(questionRise) },
    // One word's prominence may be misjudged (MIN_STRESS_WORDS_FOR_ADVICE): fewer words weigh less beside the rest.
    {
      weight: WEIGHTS.stress * Math.min(1, (stress?.of ?? 0) / MIN_STRESS_WORDS_FOR_ADVICE),
      value: stress && stress.matched / stress.of,
    },
  ].flatMap(({ weight, value }) => (value === null ? [] : [{ weight, value }]));
  const total = parts.reduce((a, p) => a + p.weight, 0);
  const score = Math.round((100 * parts.reduce((a, p) => a + p.weight * p.value, 0)) / total);

  const misplaced = stress !== null && stress.matched < STRESS_ADVICE_SHARE * stress.of;
  // The advice never calls the melody good under GOOD_PROSODY_FROM: a lone word stressed wrong scores low on its
  // stress alone, and the advice names it, as it does for too few words whenever they cost the score that much.
  const advice: ProsodyAdvice =
    phrase && spread < MONOTONE_SEMITONES
      ? 'monotone'
      : questionRise === false
        ? 'questionRise'
        : misplaced && (stress?.of ?? 0) >= MIN_STRESS_WORDS_FOR_ADVICE
          ? 'stress'
          : phrase && spread < LIVELY_SEMITONES && score < GOOD_PROSODY_FROM
            ? 'narrow'
            : misplaced && score < GOOD_PROSODY_FROM
              ? 'stress'
              : 'good';
  return { score, pitchVariationSemitones: Math.round(spread * 100) / 100, questionRise, stress, advice };
};

/** The melody measured and judged with every target word taken as said (the bench and the tests). */
export const measureProsody = (input: Parameters<typeof measureProsodyParts>[0]): SpeechProsody | null => {
  const measures = measureProsodyParts(input);
  return measures && judgeProsody(measures);
};
