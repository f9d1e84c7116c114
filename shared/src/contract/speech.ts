import { z } from 'zod';

// The speech analysis of one recording (issue 16): what the server's speech engine heard and how it scores,
// written by the background job and read by the learner's and reviewer's calls. No call of its own: it is a
// field of the task and interview answers, so it is not in the registry.

/** The analysis's life: queued or running, scored, the job gave up, or nothing but silence or noise. */
export const SPEECH_ANALYSIS_STATUSES = ['pending', 'done', 'failed', 'no-speech'] as const;
export type SpeechAnalysisStatus = (typeof SPEECH_ANALYSIS_STATUSES)[number];

/**
 * How a target word was read, or an extra word: correct (heard as written, clearly), mispronounced (heard as a
 * similar word, or as written but unclearly), omitted (not heard), inserted (heard, not in the target).
 */
export const SPEECH_WORD_STATUSES = ['correct', 'mispronounced', 'omitted', 'inserted'] as const;
export type SpeechWordStatus = (typeof SPEECH_WORD_STATUSES)[number];

const seconds = z.number().min(0);
const score = z.number().int().min(0).max(100);

/** A stretch of silence, in seconds from the start of the recording. */
export const speechPauseSchema = z.object({ start: seconds, end: seconds });
export type SpeechPause = z.infer<typeof speechPauseSchema>;

/**
 * One word of the reading against its target text, in reading order (inserted words where they were said).
 * `word` is the target's word as written (the heard word for an inserted one); `start`/`end` are when it was
 * heard, null for an omitted word, which has no time; `heard` is what was heard instead of a mispronounced word
 * when that differs from the target.
 */
export const speechWordSchema = z.object({
  word: z.string(),
  start: seconds.nullable(),
  end: seconds.nullable(),
  status: z.enum(SPEECH_WORD_STATUSES),
  heard: z.string().optional(),
});
export type SpeechWord = z.infer<typeof speechWordSchema>;

/** The four scores, 0-100, Azure Pronunciation Assessment's names (pronunciation is the overall blend). */
export const speechScoresSchema = z.object({
  accuracy: score,
  completeness: score,
  fluency: score,
  pronunciation: score,
});
export type SpeechScores = z.infer<typeof speechScoresSchema>;

/** Fillers heard: how many, per 100 heard words, and each one as heard, in order ("um", "um", "uh"). */
export const speechFillersSchema = z.object({
  count: z.number().int().min(0),
  per100Words: z.number().min(0),
  words: z.array(z.string()),
});
export type SpeechFillers = z.infer<typeof speechFillersSchema>;

/** What was measured of a recording that was heard (done), or found silent (no-speech). */
const measured = {
  /** The engine's transcript as heard, fillers included. */
  transcript: z.string(),
  /** The recording's length. */
  durationSeconds: seconds,
  /** Words (fillers not counted) per minute of speaking time, leading and trailing silence left out. */
  wordsPerMinute: z.number().min(0),
  /** Silences of MIN_PAUSE_SECONDS or longer between the first and the last word. */
  pauses: z.array(speechPauseSchema),
  longestPauseSeconds: seconds,
  fillers: speechFillersSchema,
  /** Each target word's status; null when the task has no target text (free speech, answers, interview). */
  words: z.array(speechWordSchema).nullable(),
  scores: speechScoresSchema,
};

/** Nothing is measured yet (pending) or will be (failed): every figure is null rather than a made-up 0. */
const unmeasured = {
  transcript: z.null(),
  durationSeconds: z.null(),
  wordsPerMinute: z.null(),
  pauses: z.null(),
  longestPauseSeconds: z.null(),
  fillers: z.null(),
  words: z.null(),
  scores: z.null(),
};

/**
 * The speech analysis of one recording, discriminated by `status`; every variant carries every key.
 * - done: all figures; `words` when there was a target text.
 * - no-speech: silence, a tone or noise (or only hesitation sounds). The figures are zero and `scores` are all
 *   0, so it can never pass; `transcript` keeps whatever the engine wrote, `durationSeconds` the length.
 * - pending / failed: every figure is null (not measured), so a consumer cannot mistake them for a score.
 */
export const speechAnalysisSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('done'), ...measured }),
  z.object({
    status: z.literal('no-speech'),
    ...measured,
    words: z.null(),
    scores: z.object({
      accuracy: z.literal(0),
      completeness: z.literal(0),
      fluency: z.literal(0),
      pronunciation: z.literal(0),
    }),
  }),
  z.object({ status: z.literal('pending'), ...unmeasured }),
  z.object({ status: z.literal('failed'), ...unmeasured }),
]);
export type SpeechAnalysis = z.infer<typeof speechAnalysisSchema>;

/** An analysis that has figures: scored, or found silent. */
export type MeasuredSpeechAnalysis = Extract<SpeechAnalysis, { status: 'done' | 'no-speech' }>;

/** The analysis of a recording waiting for the speech job (or, with `failed`, one the job gave up on). */
export const unmeasuredSpeechAnalysis = (status: 'pending' | 'failed'): SpeechAnalysis => ({
  status,
  transcript: null,
  durationSeconds: null,
  wordsPerMinute: null,
  pauses: null,
  longestPauseSeconds: null,
  fillers: null,
  words: null,
  scores: null,
});

/**
 * Whether a recording passes: it was heard (no-speech never passes, nor does one not yet scored) and its
 * overall pronunciation score reaches the group's passing score (issue 16: the pass mark against the real
 * score, not an estimate).
 */
export const speechAnalysisPasses = (analysis: SpeechAnalysis, passingScore: number) =>
  analysis.status === 'done' && analysis.scores.pronunciation >= passingScore;
