import type { Phone } from '@coach/shared/constants/speech-sounds';
import type { SpeechNoise } from '@coach/shared/contract/speech';
import { normaliseWord } from '@coach/shared/format/spoken-words';
import type { ProsodyMeasures } from '../../providers/speech/prosody.ts';
import type { MeasuredWord, WeighedRival, WeighedSlip } from './speech-phones.ts';

// The words of a transcript lined up against a target text: each word normalised with its time and the engine's
// confidence, then aligned word by word (match, substitution, omission, insertion).

/**
 * What the speech engine heard (the speech provider's `Transcript`, spelt out here so this module depends on
 * no provider). Times are seconds from the start of the recording, confidences 0..1.
 */
export type HeardTranscript = {
  speech: boolean;
  durationSeconds: number;
  text: string;
  words: { word: string; start: number; end: number; confidence: number }[];
  segments: { start: number; end: number }[];
  /** The target's sounds as the phone aligner measured them, one entry per normalised target word. */
  phones?:
    | {
        words: MeasuredWord[];
        heardSounds?: Record<string, Phone[][]> | undefined;
        rivals?: WeighedRival[] | undefined;
        slips?: WeighedSlip[] | undefined;
      }
    | null
    | undefined;
  /** The voice's melody as the engine measured it, judged by the analysis (`judgeProsody`). */
  prosody?: ProsodyMeasures | null | undefined;
  /** How loud the speech was over the noise; absent when the engine does not measure it. */
  noise?: SpeechNoise | undefined;
};

/** A normalised word with where it came from: the text as written, when it was said, how sure the engine was. */
export type Token = { text: string; display: string; start: number; end: number; confidence: number };

/** Float noise of times (3.1 - 2.1 is 1.0000000000000002) must not decide whether a gap is a pause. */
export const TIME_EPSILON = 1e-6;
/** A substituted word counts as a mispronunciation of the target word only this close in spelling (0-1). */
export const SIMILAR_SPELLING = 0.6;

/** Splits each written word into its comparable words, sharing the written word's time evenly among them. */
export const tokensOf = (words: HeardTranscript['words']): Token[] =>
  words.flatMap(({ word, start, end, confidence }) => {
    const parts = normaliseWord(word);
    const share = Math.max(0, end - start) / Math.max(1, parts.length);
    return parts.map((text, index) => ({
      text,
      display: parts.length === 1 ? word.trim() : text,
      start: start + index * share,
      end: start + (index + 1) * share,
      confidence: Math.min(1, Math.max(0, confidence)),
    }));
  });

/**
 * Heard words when the engine gave text without word times (a transcription endpoint may): the words spread
 * evenly over the speech, confidence 1 as there is no evidence against them. Pauses then come from the
 * segments alone.
 */
export const wordsFromText = (transcript: HeardTranscript): HeardTranscript['words'] => {
  const written = transcript.text.split(/\s+/).filter((word) => normaliseWord(word).length > 0);
  const first = transcript.segments[0];
  const last = transcript.segments.at(-1);
  const from = first?.start ?? 0;
  const to = last?.end ?? transcript.durationSeconds;
  const share = Math.max(0, to - from) / Math.max(1, written.length);
  return written.map((word, index) => ({
    word,
    start: from + index * share,
    end: from + (index + 1) * share,
    confidence: 1,
  }));
};

/** Character edit distance ÷ the longer word's length: 0 same spelling, 1 nothing in common. */
export const spellingDistance = (a: string, b: string) => editShare(a, b);

/** The same over two words' sounds: 0 the same sounds, 1 none in common. */
export const soundDistance = (a: readonly string[], b: readonly string[]) => editShare(a, b);

/** Edit distance (one per sound or letter added, dropped or changed) ÷ the longer one's length. */
const editShare = (a: ArrayLike<string>, b: ArrayLike<string>) => {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const substitution = (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1);
      current.push(Math.min(substitution, (previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1));
    }
    previous = current;
  }
  return (previous[b.length] ?? 0) / Math.max(1, a.length, b.length);
};

export type Step =
  | { kind: 'match' | 'substitute'; target: number; heard: number }
  | { kind: 'omit'; target: number }
  | { kind: 'insert'; heard: number };

/**
 * Levenshtein alignment of heard words to target words (a word is one edit). A substitution is allowed only
 * between similar spellings (a mispronunciation: "light" for "right", "tree" for "three") and costs 0.5 plus
 * their spelling distance, so the closest pairing wins; a different word is an omission plus an insertion, so
 * reading another sentence does not count as having read this one's words.
 */
export const align = (target: Token[], heard: Token[]): Step[] => {
  const rows = target.length + 1;
  const cols = heard.length + 1;
  const cost = new Float64Array(rows * cols);
  const at = (i: number, j: number) => cost[i * cols + j] ?? 0;
  const substitution = (i: number, j: number) => {
    const want = target[i - 1]?.text ?? '';
    const got = heard[j - 1]?.text ?? '';
    if (want === got) return 0;
    const distance = spellingDistance(want, got);
    return distance <= SIMILAR_SPELLING ? 0.5 + distance : Number.POSITIVE_INFINITY;
  };
  for (let i = 0; i < rows; i++) {
    for (let j = 0; j < cols; j++) {
      if (i === 0 || j === 0) {
        cost[i * cols + j] = i + j;
        continue;
      }
      cost[i * cols + j] = Math.min(
        at(i - 1, j - 1) + substitution(i, j),
        at(i - 1, j) + 1,
        at(i, j - 1) + 1,
      );
    }
  }
  // Walk back from the end, preferring the diagonal on ties so a word read is paired rather than split.
  const steps: Step[] = [];
  let i = target.length;
  let j = heard.length;
  while (i > 0 || j > 0) {
    if (i > 0 && j > 0) {
      const diagonal = substitution(i, j);
      if (Number.isFinite(diagonal) && Math.abs(at(i, j) - (at(i - 1, j - 1) + diagonal)) < TIME_EPSILON) {
        steps.push({ kind: diagonal === 0 ? 'match' : 'substitute', target: i - 1, heard: j - 1 });
        i--;
        j--;
        continue;
      }
    }
    if (i > 0 && Math.abs(at(i, j) - (at(i - 1, j) + 1)) < TIME_EPSILON) {
      steps.push({ kind: 'omit', target: i - 1 });
      i--;
      continue;
    }
    steps.push({ kind: 'insert', heard: j - 1 });
    j--;
  }
  return steps.reverse();
};
