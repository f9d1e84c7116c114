import { z } from 'zod';
import { INTERVIEW_STAGES } from '../constants/task-types.ts';
import { speechAnalysisSchema } from './speech.ts';

// The mock interview as a conversation (spec §4): the interviewer asks, the learner answers aloud, the
// server hears the answer, checks what it says and asks the next question. No call of its own: the messages are
// a field of the learner's attempt and of tasks/get-completed-ivr-task-details.

/** How long an answer was against what an interviewer expects of a spoken answer. */
export const ANSWER_LENGTHS = ['short', 'good', 'long'] as const;
export type AnswerLength = (typeof ANSWER_LENGTHS)[number];

/** The situation-task-action-result parts a behavioural answer is checked for. */
export const STAR_PARTS = ['situation', 'task', 'action', 'result'] as const;
export type StarPart = (typeof STAR_PARTS)[number];

/**
 * What an answer says, checked by rules (not a model): its length, and per stage what it should hold. The
 * opening (POSITION) names the job title, industry and location; the behavioural answer tells a story in four
 * parts; every answer is checked for the role's words.
 */
export const interviewContentSchema = z.object({
  /** Words heard, fillers not counted. */
  wordCount: z.number().int().min(0),
  length: z.enum(ANSWER_LENGTHS),
  /** POSITION only: which of the three things the opening asked for were said. */
  mentioned: z.object({ jobTitle: z.boolean(), industry: z.boolean(), location: z.boolean() }).nullable(),
  /** BEHAVIOURAL only: which parts of a STAR story were told. */
  star: z.record(z.enum(STAR_PARTS), z.boolean()).nullable(),
  /** The role's words the answer used, and a few it could have. */
  keywords: z.object({ used: z.array(z.string()), suggested: z.array(z.string()) }),
});
export type InterviewContent = z.infer<typeof interviewContentSchema>;

/** The analysis of one spoken answer: what the speech engine heard plus what the answer says. */
export const interviewAnswerAnalysisSchema = z.object({
  speech: speechAnalysisSchema,
  /** Null until the answer is heard, and when nothing could be heard. */
  content: interviewContentSchema.nullable(),
});
export type InterviewAnswerAnalysis = z.infer<typeof interviewAnswerAnalysisSchema>;

/** The interviewer's summing up after the last answer: what went well and exactly three things to work on. */
export const interviewFeedbackSchema = z.object({
  strengths: z.array(z.string().min(1).max(400)).min(1).max(5),
  workOn: z.array(z.string().min(1).max(400)).length(3),
});
export type InterviewFeedback = z.infer<typeof interviewFeedbackSchema>;

/**
 * One turn of the interview (spec §3's interview message). For an answered stage: `request` is what the
 * interviewer asked, `audioKeys` the learner's recording, `answerAnalysis` what was heard and said, and
 * `response` the interviewer's reply, which is the next stage's question (null while the answer is being
 * heard, or when no speech was heard and the question stands). For FEEDBACK: `response` is the summing up as
 * text and `feedback` the same as lists, from `from` the coach (after the last answer) or the reviewer.
 */
export const interviewMessageSchema = z.object({
  requestType: z.enum(INTERVIEW_STAGES),
  request: z.string(),
  response: z.string().nullable(),
  audioKeys: z.array(z.string()),
  answerAnalysis: interviewAnswerAnalysisSchema.nullable(),
  from: z.enum(['coach', 'reviewer']),
  feedback: interviewFeedbackSchema.nullable(),
  createdAt: z.string(),
});
export type InterviewMessage = z.infer<typeof interviewMessageSchema>;

/** Readable summing up of {@link InterviewFeedback}, stored as the FEEDBACK message's response. */
export const interviewFeedbackText = ({ strengths, workOn }: InterviewFeedback) =>
  [
    `What went well: ${strengths.join(' ')}`,
    `Three things to work on: ${workOn.map((item, index) => `${index + 1}. ${item}`).join(' ')}`,
  ].join('\n');
