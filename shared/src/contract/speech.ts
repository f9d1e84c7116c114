import { z } from 'zod';
import { PHONES } from '../constants/speech-sounds.ts';

// The speech analysis of one recording: what the server's speech engine heard and how it scores,
// written by the background job and read by the learner's and reviewer's calls. No call of its own: it is a
// field of the task and interview answers, so it is not in the registry.

/**
 * The analysis's life: queued or running, scored, the job gave up, nothing but silence or noise, or speech
 * under so much noise that scoring it would blame the room on the learner.
 */
export const SPEECH_ANALYSIS_STATUSES = ['pending', 'done', 'failed', 'no-speech', 'too-noisy'] as const;
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
 * How one sound of a target word was said: heard as written, heard as another sound, not said, or a
 * sound added that the word does not have (a vowel before s + consonant).
 */
export const SPEECH_PHONE_STATUSES = ['correct', 'mispronounced', 'omitted', 'inserted'] as const;
export type SpeechPhoneStatus = (typeof SPEECH_PHONE_STATUSES)[number];

/**
 * One sound of a target word, in the word's order, in ARPAbet (`PHONES` in constants/speech-sounds.ts; screens show it
 * in IPA): `phone` is the sound the word has (the added sound for an inserted one), `heard` the sound heard
 * instead of a mispronounced one when the aligner could name it, `score` its goodness of pronunciation 0-100.
 */
export const speechPhoneSchema = z.object({
  phone: z.enum(PHONES),
  heard: z.enum(PHONES).optional(),
  score: score,
  status: z.enum(SPEECH_PHONE_STATUSES),
});
export type SpeechPhone = z.infer<typeof speechPhoneSchema>;

/**
 * One word of the reading against its target text, in reading order (inserted words where they were said).
 * `word` is the target's word as written (the heard word for an inserted one); `start`/`end` are when it was
 * heard, null for an omitted word, which has no time; `heard` is what was heard instead of a mispronounced word
 * when that differs from the target; `phones` are its sounds as the phone aligner heard them (absent
 * on inserted words, on analyses made before it, and where the aligner could not run).
 */
export const speechWordSchema = z.object({
  word: z.string(),
  start: seconds.nullable(),
  end: seconds.nullable(),
  status: z.enum(SPEECH_WORD_STATUSES),
  heard: z.string().optional(),
  phones: z.array(speechPhoneSchema).optional(),
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

/**
 * How clear the recording was: the speech's level over the noise between words, in dB, and the
 * verdict: clear, noisy (heard, with a hint to find a quieter place), too-noisy (not scored).
 */
export const SPEECH_NOISE_VERDICTS = ['clear', 'noisy', 'too-noisy'] as const;
export type SpeechNoiseVerdict = (typeof SPEECH_NOISE_VERDICTS)[number];
export const speechNoiseSchema = z.object({
  snrDb: z.number(),
  verdict: z.enum(SPEECH_NOISE_VERDICTS),
});
export type SpeechNoise = z.infer<typeof speechNoiseSchema>;

/**
 * The advice of the prosody measure, one sentence each on screen: the voice stays flat, a question does not
 * rise at its end, stress falls on the wrong syllable, the voice moves but within a narrow range, or the melody
 * is fine.
 */
export const PROSODY_ADVICE = ['monotone', 'questionRise', 'stress', 'narrow', 'good'] as const;
export type ProsodyAdvice = (typeof PROSODY_ADVICE)[number];

/**
 * Prosody, the fourth dimension Azure and ELSA score, beside the four scores rather than one of them:
 * a score 0-100, the pitch's spread in semitones, whether a question rose at its end (null when the target is no
 * question or there is no target), how many stressed syllables fell where the dictionary puts them (null
 * without a target), and the one piece of advice that matters most.
 */
export const speechProsodySchema = z.object({
  score: score,
  pitchVariationSemitones: z.number().min(0),
  questionRise: z.boolean().nullable(),
  stress: z.object({ matched: z.number().int().min(0), of: z.number().int().min(0) }).nullable(),
  advice: z.enum(PROSODY_ADVICE),
});
export type SpeechProsody = z.infer<typeof speechProsodySchema>;

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
  /** Absent on analyses stored before the engine measured noise. */
  noise: speechNoiseSchema.optional(),
  /** Absent on analyses stored before the engine measured prosody, and when no pitch could be tracked. */
  prosody: speechProsodySchema.nullable().optional(),
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
 * - too-noisy: speech was there but the noise was too loud to judge it (`noise` says how loud); like
 *   no-speech it scores 0 and never passes, and the learner is told to find a quieter place and record again.
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
  z.object({
    status: z.literal('too-noisy'),
    ...measured,
    words: z.null(),
    noise: speechNoiseSchema,
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
export type MeasuredSpeechAnalysis = Extract<SpeechAnalysis, { status: 'done' | 'no-speech' | 'too-noisy' }>;

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
 * overall pronunciation score reaches the group's passing score (the pass mark against the real
 * score, not an estimate).
 */
export const speechAnalysisPasses = (analysis: SpeechAnalysis, passingScore: number) =>
  analysis.status === 'done' && analysis.scores.pronunciation >= passingScore;
