import {
  isFillerWord,
  MIN_PAUSE_SECONDS,
  MISPRONOUNCED_BELOW,
  PACE_BAND,
  PRONUNCIATION_SCORE_WEIGHTS,
  paceMeasurable,
} from '@coach/shared/constants/speech';
import type { Phone } from '@coach/shared/constants/speech-sounds';
import {
  DEFAULT_PRONUNCIATION_SETTINGS,
  type PronunciationStrictness,
} from '@coach/shared/contract/pronunciation';
import type {
  MeasuredSpeechAnalysis,
  SpeechNoise,
  SpeechPause,
  SpeechProsody,
  SpeechWord,
} from '@coach/shared/contract/speech';
import { normaliseWord } from '@coach/shared/format/spoken-words';
import {
  judgeWord,
  type MeasuredWord,
  type NamedError,
  namedErrors,
  type TranscriptVerdict,
} from './speech-phones.ts';

export { normaliseWord };

// Speech analytics (issue 16): what a transcript from the speech engine (and the target text of a
// Pronunciation or Read & Record task) says about the reading. Pure: no database, no HTTP, no clock, so the
// background job, a test or a benchmark get the same figures from the same transcript.

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
  /** The target's sounds as the phone aligner measured them (issue 37), one entry per normalised target word. */
  phones?: { words: MeasuredWord[]; heardSounds?: Record<string, Phone[][]> | undefined } | null | undefined;
  /** The voice's melody as the engine measured it (issue 37). */
  prosody?: SpeechProsody | null | undefined;
  /** How loud the speech was over the noise (issue 37); absent when the engine does not measure it. */
  noise?: SpeechNoise | undefined;
};

/** A normalised word with where it came from: the text as written, when it was said, how sure the engine was. */
type Token = { text: string; display: string; start: number; end: number; confidence: number };

/** Float noise of times (3.1 - 2.1 is 1.0000000000000002) must not decide whether a gap is a pause. */
const TIME_EPSILON = 1e-6;
/** A substituted word counts as a mispronunciation of the target word only this close in spelling (0-1). */
const SIMILAR_SPELLING = 0.6;
/** Fluency penalties, each capped (see `fluencyScore`). */
const MAX_PACE_PENALTY = 50;
const MAX_PAUSE_PENALTY = 30;
const MAX_FILLER_PENALTY = 30;
const FILLER_PENALTY_PER_100_WORDS = 3;

/** Splits each written word into its comparable words, sharing the written word's time evenly among them. */
const tokensOf = (words: HeardTranscript['words']): Token[] =>
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
const wordsFromText = (transcript: HeardTranscript): HeardTranscript['words'] => {
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
const spellingDistance = (a: string, b: string) => {
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

type Step =
  | { kind: 'match' | 'substitute'; target: number; heard: number }
  | { kind: 'omit'; target: number }
  | { kind: 'insert'; heard: number };

/**
 * Levenshtein alignment of heard words to target words (a word is one edit). A substitution is allowed only
 * between similar spellings (a mispronunciation: "light" for "right", "tree" for "three") and costs 0.5 plus
 * their spelling distance, so the closest pairing wins; a different word is an omission plus an insertion, so
 * reading another sentence does not count as having read this one's words.
 */
const align = (target: Token[], heard: Token[]): Step[] => {
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

/** A word's score 0-100 from the engine's confidence in it. */
const wordScore = (token: Token) => Math.round(token.confidence * 100);

const clampScore = (value: number) => Math.round(Math.min(100, Math.max(0, value)));
const round = (value: number, digits: number) => Number(value.toFixed(digits));

/**
 * Silences of MIN_PAUSE_SECONDS or more between the first and the last word: gaps between consecutive words,
 * and gaps between the engine's speech segments (a voice-activity gap the word times smooth over). A silence
 * either source sees counts; overlapping ones merge into one pause.
 */
const findPauses = (tokens: Token[], segments: HeardTranscript['segments']): SpeechPause[] => {
  const first = tokens[0];
  if (!first) return [];
  const spanStart = first.start;
  const spanEnd = Math.max(...tokens.map((token) => token.end));
  const gaps: SpeechPause[] = [];
  let spokenUntil = first.end;
  for (const token of tokens.slice(1)) {
    if (token.start - spokenUntil >= MIN_PAUSE_SECONDS - TIME_EPSILON)
      gaps.push({ start: spokenUntil, end: token.start });
    spokenUntil = Math.max(spokenUntil, token.end);
  }
  const bySegment = [...segments].sort((a, b) => a.start - b.start);
  for (let index = 1; index < bySegment.length; index++) {
    const start = Math.max(spanStart, bySegment[index - 1]?.end ?? 0);
    const end = Math.min(spanEnd, bySegment[index]?.start ?? 0);
    if (end - start >= MIN_PAUSE_SECONDS - TIME_EPSILON) gaps.push({ start, end });
  }
  const merged: SpeechPause[] = [];
  for (const gap of gaps.sort((a, b) => a.start - b.start)) {
    const last = merged.at(-1);
    if (last && gap.start <= last.end) last.end = Math.max(last.end, gap.end);
    else merged.push({ ...gap });
  }
  return merged.map(({ start, end }) => ({ start: round(start, 2), end: round(end, 2) }));
};

/**
 * Fluency 0-100: 100 less three capped penalties.
 * - Pace: how far the words per minute fall outside PACE_BAND, as a percentage of the band's edge (30 wpm is
 *   70 % under 100), at most 50; not applied under MIN_WORDS_FOR_PACE words (shared constants).
 * - Pauses: the share of speaking time spent in pauses of 1 s or more, in percent, at most 30.
 * - Fillers: 3 per filler per 100 words, at most 30.
 */
const fluencyScore = ({
  wordsPerMinute,
  wordCount,
  speakingSeconds,
  pausedSeconds,
  fillersPer100Words,
}: {
  wordsPerMinute: number;
  wordCount: number;
  speakingSeconds: number;
  pausedSeconds: number;
  fillersPer100Words: number;
}) => {
  const outside =
    wordsPerMinute < PACE_BAND.min
      ? (PACE_BAND.min - wordsPerMinute) / PACE_BAND.min
      : wordsPerMinute > PACE_BAND.max
        ? (wordsPerMinute - PACE_BAND.max) / PACE_BAND.max
        : 0;
  const pace = paceMeasurable(wordCount) ? Math.min(MAX_PACE_PENALTY, outside * 100) : 0;
  const pauses =
    speakingSeconds > 0 ? Math.min(MAX_PAUSE_PENALTY, (pausedSeconds / speakingSeconds) * 100) : 0;
  const fillers = Math.min(MAX_FILLER_PENALTY, fillersPer100Words * FILLER_PENALTY_PER_100_WORDS);
  return clampScore(100 - pace - pauses - fillers);
};

/**
 * Accuracy, completeness and word statuses against a target text.
 * - Without the phone aligner's measure (an analysis of a transcription endpoint, or a machine without it):
 *   status correct when matched with a word score (confidence × 100) of MISPRONOUNCED_BELOW or more;
 *   mispronounced when matched below it or substituted; omitted; inserted. accuracy = the sum of the engine's
 *   confidence in each exactly matched word ÷ (target words + inserted words).
 * - With it (issue 37): each target word is judged by the transcript and its sounds together (`judgeWord`,
 *   with the group's strictness), carries its sounds, and accuracy = the sum of the words' accuracies ÷
 *   (target words + inserted words), so a missing, a wrong and an extra word all cost.
 * - completeness = target words not omitted ÷ target words.
 * Fillers are left out of the alignment, so they are counted as fillers, never as inserted words.
 */
/** The learners' errors that make a heard word of the target word, over the heard word's pronunciations. */
const slipOf = (
  measured: MeasuredWord,
  heardWord: string | undefined,
  heardSounds: Record<string, Phone[][]>,
): NamedError[] | null => {
  const target = measured.phones.filter((phone) => phone.kind !== 'inserted').map((phone) => phone.phone);
  const explanations = (heardWord ? (heardSounds[heardWord] ?? []) : [])
    .map((sounds) => namedErrors(target, sounds))
    .filter((errors): errors is NamedError[] => errors !== null)
    .sort((a, b) => a.length - b.length);
  return explanations[0] ?? null;
};

const scoreAgainstTarget = (
  target: Token[],
  heard: Token[],
  measured: MeasuredWord[] | null,
  strictness: PronunciationStrictness,
  heardSounds: Record<string, Phone[][]>,
  noisy: boolean,
) => {
  // The aligner measured the same normalised words in the same order; anything else is not used.
  const sounds =
    measured &&
    measured.length === target.length &&
    measured.every((word, index) => word.word === target[index]?.text)
      ? measured
      : null;
  const words: SpeechWord[] = [];
  let credit = 0;
  let heardTargets = 0;
  let inserted = 0;
  for (const step of align(target, heard)) {
    if (step.kind === 'insert') {
      const token = heard[step.heard];
      if (!token) continue;
      inserted++;
      words.push({
        word: token.display,
        start: round(token.start, 2),
        end: round(token.end, 2),
        status: 'inserted',
      });
      continue;
    }
    const want = target[step.target];
    if (!want) continue;
    const token = step.kind === 'omit' ? undefined : heard[step.heard];
    const measuredWord = sounds?.[step.target];
    if (measuredWord && measuredWord.phones.length > 0) {
      const transcriptVerdict: TranscriptVerdict =
        step.kind === 'omit'
          ? { kind: 'omit' }
          : step.kind === 'substitute'
            ? { kind: 'substitute', named: slipOf(measuredWord, token?.text, heardSounds) }
            : { kind: 'match', confidence: token?.confidence ?? 0 };
      const judged = judgeWord({ transcript: transcriptVerdict, measured: measuredWord, strictness, noisy });
      const start = token?.start ?? measuredWord.start;
      const end = token?.end ?? measuredWord.end;
      const times =
        judged.status === 'omitted' || start === null || end === null
          ? { start: null, end: null }
          : { start: round(start, 2), end: round(end, 2) };
      if (judged.status !== 'omitted') heardTargets++;
      credit += judged.accuracy / 100;
      words.push({
        word: want.display,
        ...times,
        status: judged.status,
        ...(judged.status === 'mispronounced' && step.kind === 'substitute' && token
          ? { heard: token.display }
          : {}),
        phones: judged.phones,
      });
      continue;
    }
    if (step.kind === 'omit' || !token) {
      words.push({ word: want.display, start: null, end: null, status: 'omitted' });
      continue;
    }
    heardTargets++;
    const times = { start: round(token.start, 2), end: round(token.end, 2) };
    if (step.kind === 'substitute') {
      words.push({ word: want.display, ...times, status: 'mispronounced', heard: token.display });
      continue;
    }
    credit += token.confidence;
    const status = wordScore(token) >= MISPRONOUNCED_BELOW ? 'correct' : 'mispronounced';
    words.push({ word: want.display, ...times, status });
  }
  return {
    words,
    accuracy: clampScore((credit / Math.max(1, target.length + inserted)) * 100),
    completeness: clampScore((heardTargets / Math.max(1, target.length)) * 100),
  };
};

/**
 * Without a target text nothing says which words were meant, so both come from the engine's confidences:
 * accuracy = the mean confidence in the heard words × 100; completeness = the share of heard words clear
 * enough to count as correct (word score MISPRONOUNCED_BELOW or more).
 */
const scoreWithoutTarget = (heard: Token[]) => ({
  words: null,
  accuracy: clampScore(
    (heard.reduce((sum, token) => sum + token.confidence, 0) / Math.max(1, heard.length)) * 100,
  ),
  completeness: clampScore(
    (heard.filter((token) => wordScore(token) >= MISPRONOUNCED_BELOW).length / Math.max(1, heard.length)) *
      100,
  ),
});

/** The figures of a recording that is not scored: all 0, so it can never pass. */
const unscored = (transcript: HeardTranscript, text: string) => ({
  transcript: text,
  durationSeconds: round(Math.max(0, transcript.durationSeconds), 2),
  wordsPerMinute: 0,
  pauses: [],
  longestPauseSeconds: 0,
  fillers: { count: 0, per100Words: 0, words: [] },
  words: null,
  scores: { accuracy: 0, completeness: 0, fluency: 0, pronunciation: 0 } as const,
});

const noSpeech = (transcript: HeardTranscript, text: string): MeasuredSpeechAnalysis => ({
  status: 'no-speech',
  ...unscored(transcript, text),
  ...(transcript.noise ? { noise: transcript.noise } : {}),
});

/** Speech under noise too loud to judge it (issue 37): not scored, so the room is not blamed on the learner. */
const tooNoisy = (transcript: HeardTranscript, text: string, noise: SpeechNoise): MeasuredSpeechAnalysis => ({
  status: 'too-noisy',
  ...unscored(transcript, text),
  noise,
});

/**
 * The analysis of one recording's transcript, scored against the target text when the task has one
 * (Pronunciation, Read & Record) and on delivery and clarity alone when it does not (free speech, answers,
 * the interview's stages).
 *
 * - status 'too-noisy' with every figure 0 when the engine's noise verdict says so (issue 37), whatever it heard;
 *   'no-speech' likewise when it heard no speech (silence, a tone) or the words are nothing but punctuation or
 *   hesitation sounds; otherwise 'done'. The engine's `noise` is kept on all three.
 * - wordsPerMinute: heard words, fillers not counted, per minute from the first word's start to the last
 *   word's end (leading and trailing silence left out).
 * - pauses, longestPauseSeconds: see `findPauses`. fillers: FILLER_WORDS heard (a filler word the target text
 *   itself contains is read, not a filler), per 100 heard words (fillers included).
 * - scores: accuracy and completeness (see `scoreAgainstTarget`, `scoreWithoutTarget`), fluency (see
 *   `fluencyScore`), pronunciation = PRONUNCIATION_SCORE_WEIGHTS of the three (0.5 accuracy, 0.25 fluency,
 *   0.25 completeness).
 */
export const analyseTranscript = ({
  transcript,
  target,
  strictness = DEFAULT_PRONUNCIATION_SETTINGS.strictness,
}: {
  transcript: HeardTranscript;
  target?: string | null | undefined;
  /** The learner's group's judging (spec: pronunciation configuration); standard when not given. */
  strictness?: PronunciationStrictness | undefined;
}): MeasuredSpeechAnalysis => {
  // PostgreSQL's JSON refuses NUL; an engine has no reason to write one, so it goes rather than fail the job.
  const text = transcript.text.replaceAll('\0', '').trim();
  if (transcript.noise?.verdict === 'too-noisy') return tooNoisy(transcript, text, transcript.noise);
  if (!transcript.speech) return noSpeech(transcript, text);
  const written = transcript.words.length > 0 ? transcript.words : wordsFromText(transcript);
  const tokens = tokensOf([...written].sort((a, b) => a.start - b.start));
  const targetTokens = target
    ? tokensOf(target.split(/\s+/).map((word) => ({ word, start: 0, end: 0, confidence: 1 })))
    : [];
  const targetWords = new Set(targetTokens.map((token) => token.text));
  const isFiller = (token: Token) => isFillerWord(token.text) && !targetWords.has(token.text);
  const spoken = tokens.filter((token) => !isFiller(token));
  const fillers = tokens.filter(isFiller);
  const firstToken = tokens[0];
  if (!firstToken || spoken.length === 0) return noSpeech(transcript, text);

  const speakingSeconds = Math.max(...tokens.map((token) => token.end)) - firstToken.start;
  const wordsPerMinute = speakingSeconds > 0 ? Math.round(spoken.length / (speakingSeconds / 60)) : 0;
  const pauses = findPauses(tokens, transcript.segments);
  const pauseLengths = pauses.map(({ start, end }) => end - start);
  const per100Words = round((fillers.length / tokens.length) * 100, 1);
  const fluency = fluencyScore({
    wordsPerMinute,
    wordCount: spoken.length,
    speakingSeconds,
    pausedSeconds: pauseLengths.reduce((sum, seconds) => sum + seconds, 0),
    fillersPer100Words: per100Words,
  });
  const { words, accuracy, completeness } =
    targetTokens.length > 0
      ? scoreAgainstTarget(
          targetTokens,
          spoken,
          transcript.phones?.words ?? null,
          strictness,
          transcript.phones?.heardSounds ?? {},
          transcript.noise?.verdict === 'noisy',
        )
      : scoreWithoutTarget(spoken);
  const weights = PRONUNCIATION_SCORE_WEIGHTS;
  return {
    status: 'done',
    transcript: text,
    durationSeconds: round(Math.max(0, transcript.durationSeconds), 2),
    wordsPerMinute,
    pauses,
    longestPauseSeconds: round(Math.max(0, ...pauseLengths), 2),
    fillers: { count: fillers.length, per100Words, words: fillers.map((token) => token.text) },
    words,
    scores: {
      accuracy,
      completeness,
      fluency,
      pronunciation: clampScore(
        weights.accuracy * accuracy + weights.fluency * fluency + weights.completeness * completeness,
      ),
    },
    // Beside the four scores, not blended into them (issue 37: they stay Azure's four names).
    ...(transcript.prosody === undefined ? {} : { prosody: transcript.prosody }),
    ...(transcript.noise ? { noise: transcript.noise } : {}),
  };
};
