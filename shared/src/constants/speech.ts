import { normaliseWord } from '../format/spoken-words.ts';

// Speech analytics: the bands and thresholds the server scores a recording with and the dashboard
// shows it against. Published sources are in shared/research/speech.md §4.

/**
 * The comfortable speaking pace in words per minute, both ends included (Microsoft Speaker Coach's band,
 * which we adopt: the learner sees "too slow / good / too fast" against it).
 */
export const PACE_BAND = { min: 100, max: 165 } as const;

/**
 * Below this many words (fillers not counted) a pace says nothing: one word of a Pronunciation item read in 0.8 s
 * is "75 words a minute". The learner is not told a verdict on it and fluency does not count it.
 */
export const MIN_WORDS_FOR_PACE = 5;

/** Whether a recording of this many spoken words (fillers not counted) has a pace worth judging. */
export const paceMeasurable = (spokenWords: number) => spokenWords >= MIN_WORDS_FOR_PACE;

/** Where a pace falls against {@link PACE_BAND}. */
export type PaceVerdict = 'too-slow' | 'good' | 'too-fast';

/** The learner-facing words of each verdict. */
export const PACE_VERDICT_LABELS = {
  'too-slow': 'Too slow',
  good: 'Good',
  'too-fast': 'Too fast',
} as const satisfies Record<PaceVerdict, string>;

/** The verdict on a pace in words per minute: below 100 too slow, above 165 too fast, the band itself good. */
export const paceVerdict = (wordsPerMinute: number): PaceVerdict => {
  if (wordsPerMinute < PACE_BAND.min) return 'too-slow';
  if (wordsPerMinute > PACE_BAND.max) return 'too-fast';
  return 'good';
};

/**
 * Hesitation sounds counted as fillers, lower case, as the speech engine (Moonshine) spells them: it writes
 * "um" and "uh" verbatim, with a few spelling variants. Only sounds that are never content are listed:
 * "like", "you know", "so", "well" and "actually" are real words of many sentences (and of target texts), and
 * telling their filler use apart needs grammar, not a word list; counting them would blame correct speech.
 */
export const FILLER_WORDS = ['um', 'umm', 'uh', 'uhh', 'uhm', 'er', 'erm', 'hmm', 'hm', 'mm', 'ah'] as const;

const fillerSet: ReadonlySet<string> = new Set(FILLER_WORDS);

/** Whether a word, already lower-cased and stripped of punctuation, is a filler of {@link FILLER_WORDS}. */
export const isFillerWord = (normalisedWord: string) => fillerSet.has(normalisedWord);

/** The words of a transcript that count towards its pace: fillers and punctuation left out. */
export const spokenWordsOf = (transcript: string) =>
  transcript
    .split(/\s+/)
    .flatMap((word) => normaliseWord(word))
    .filter((word) => !isFillerWord(word)).length;

/**
 * A word scored below this (0-100) is mispronounced: Azure Pronunciation Assessment's rule, applied to the
 * speech engine's confidence in the word (confidence 0.6 = score 60).
 */
export const MISPRONOUNCED_BELOW = 60;

/** A silence between words of at least this many seconds is a pause the learner is shown. */
export const MIN_PAUSE_SECONDS = 1;

/**
 * Weights of the overall pronunciation score, Azure's style (accuracy, fluency, completeness blended; Azure
 * does not publish its weights, so these are ours, from shared/research/speech.md §5, to tune on learners).
 */
export const PRONUNCIATION_SCORE_WEIGHTS = { accuracy: 0.5, fluency: 0.25, completeness: 0.25 } as const;

/**
 * The longest recording a learner makes: the recorder stops by itself there, and the speech engine hears no
 * further (a longer file sent another way is heard up to this point), so one upload cannot hold a speech worker
 * for hours.
 */
export const MAX_RECORDING_SECONDS = 10 * 60;
