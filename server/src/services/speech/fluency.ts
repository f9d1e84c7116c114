import { MIN_PAUSE_SECONDS, PACE_BAND, paceMeasurable } from '@coach/shared/constants/speech';
import type { SpeechPause } from '@coach/shared/contract/speech';
import { type HeardTranscript, TIME_EPSILON, type Token } from './transcript-words.ts';

// The fluency of a reading: its pauses, and a score from its pace, pauses and fillers.

/** Fluency penalties, each capped (see `fluencyScore`). */
const MAX_PACE_PENALTY = 50;
const MAX_PAUSE_PENALTY = 30;
const MAX_FILLER_PENALTY = 30;
const FILLER_PENALTY_PER_100_WORDS = 3;

export const clampScore = (value: number) => Math.round(Math.min(100, Math.max(0, value)));
export const round = (value: number, digits: number) => Number(value.toFixed(digits));

/**
 * Silences of MIN_PAUSE_SECONDS or more between the first and the last word: gaps between consecutive words,
 * and gaps between the engine's speech segments (a voice-activity gap the word times smooth over). A silence
 * either source sees counts; overlapping ones merge into one pause.
 */
export const findPauses = (tokens: Token[], segments: HeardTranscript['segments']): SpeechPause[] => {
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
 * Fluency 0-100: 100 less three capped penalties, none of them under MIN_WORDS_FOR_PACE words (shared constants):
 * a word or two (a Pronunciation item) has no pace, pauses or fillers worth a verdict, as the learner is told, and
 * one breath heard as "mm" beside a word was 50 fillers in 100 words, 30 points off its fluency.
 * - Pace: how far the words per minute fall outside PACE_BAND, as a percentage of the band's edge (30 wpm is
 *   70 % under 100), at most 50.
 * - Pauses: the share of speaking time spent in pauses of 1 s or more, in percent, at most 30.
 * - Fillers: 3 per filler per 100 words, at most 30.
 */
export const fluencyScore = ({
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
  if (!paceMeasurable(wordCount)) return 100;
  const pace = Math.min(MAX_PACE_PENALTY, outside * 100);
  const pauses =
    speakingSeconds > 0 ? Math.min(MAX_PAUSE_PENALTY, (pausedSeconds / speakingSeconds) * 100) : 0;
  const fillers = Math.min(MAX_FILLER_PENALTY, fillersPer100Words * FILLER_PENALTY_PER_100_WORDS);
  return clampScore(100 - pace - pauses - fillers);
};
