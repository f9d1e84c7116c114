import { z } from 'zod';
import { PACE_BAND } from '../constants/speech.ts';
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

/** The stages a learner answers (every stage but the summing up). */
export const ANSWERED_STAGES = ['POSITION', 'ICEBREAKING', 'TECHNICAL', 'BEHAVIOURAL'] as const;
/** The three facts the opening asks for. */
export const OPENING_FACTS = ['jobTitle', 'industry', 'location'] as const;

/** What the built-in summing up can say went well, one sentence each (`interviewNoteText`). */
export const INTERVIEW_STRENGTH_NOTES = [
  'tookPart',
  'answeredAll',
  'goodPace',
  'noFillers',
  'fewFillers',
  'clearOpening',
  'completeStory',
  'goodLength',
  'roleWords',
] as const;
/** What the built-in summing up can give to work on: from the answers, then standing tips. */
export const INTERVIEW_WORK_ON_NOTES = [
  'unheard',
  'tooFast',
  'tooSlow',
  'fillers',
  'longPauses',
  'openingMissing',
  'storyMissing',
  'shortAnswers',
  'longAnswers',
  'useRoleWords',
  'closeWithSummary',
  'askQuestions',
  'practiseOpening',
] as const;

/** The figures and names a note's sentence holds; each note uses the ones its sentence needs. */
const interviewNoteValuesSchema = z.object({
  /** Words a minute. */
  pace: z.number().int().min(0).optional(),
  /** Fillers in all, and per 100 words (one decimal). */
  count: z.number().int().min(0).optional(),
  rate: z.number().min(0).optional(),
  /** The longest pause, one decimal. */
  seconds: z.number().min(0).optional(),
  stages: z.array(z.enum(ANSWERED_STAGES)).min(1).optional(),
  facts: z.array(z.enum(OPENING_FACTS)).min(1).optional(),
  parts: z.array(z.enum(STAR_PARTS)).min(1).optional(),
  /** The role's words, as the role names them. */
  words: z.array(z.string().min(1).max(100)).min(1).max(4).optional(),
});
export const interviewStrengthNoteSchema = z.object({
  key: z.enum(INTERVIEW_STRENGTH_NOTES),
  values: interviewNoteValuesSchema,
});
export const interviewWorkOnNoteSchema = z.object({
  key: z.enum(INTERVIEW_WORK_ON_NOTES),
  values: interviewNoteValuesSchema,
});
export type InterviewStrengthNote = z.infer<typeof interviewStrengthNoteSchema>;
export type InterviewWorkOnNote = z.infer<typeof interviewWorkOnNoteSchema>;
export type InterviewNote = InterviewStrengthNote | InterviewWorkOnNote;

/**
 * The interviewer's summing up after the last answer: what went well and exactly three things to work on, as
 * English sentences. The coach's own summing up also gives them as `notes` (a key and its figures per sentence,
 * in the same order) so each reader sees them in their own language; a model's or a reviewer's summing up is free
 * text and has none.
 */
export const interviewFeedbackSchema = z.object({
  strengths: z.array(z.string().min(1).max(400)).min(1).max(5),
  workOn: z.array(z.string().min(1).max(400)).length(3),
  notes: z
    .object({
      strengths: z.array(interviewStrengthNoteSchema).min(1).max(5),
      workOn: z.array(interviewWorkOnNoteSchema).length(3),
    })
    .optional(),
});
export type InterviewFeedback = z.infer<typeof interviewFeedbackSchema>;

const ENGLISH_STAGES: Record<(typeof ANSWERED_STAGES)[number], string> = {
  POSITION: 'the opening question',
  ICEBREAKING: 'the getting-to-know-you question',
  TECHNICAL: 'the technical question',
  BEHAVIOURAL: 'the behavioural question',
};
const ENGLISH_FACTS: Record<(typeof OPENING_FACTS)[number], string> = {
  jobTitle: 'the job title',
  industry: 'the industry',
  location: 'the location',
};
const englishList = (items: readonly string[], type: Intl.ListFormatType = 'conjunction') =>
  new Intl.ListFormat('en', { style: 'long', type }).format(items);
const oneDecimal = (value: number | undefined) =>
  new Intl.NumberFormat('en', { maximumFractionDigits: 1 }).format(value ?? 0);

/**
 * A note of the coach's summing up as its English sentence (the dashboard's English reads the same, checked by its
 * tests): the strings stored beside the notes, which integrators and the summing up's text read.
 */
export const interviewNoteText = ({ key, values }: InterviewNote): string => {
  const { pace = 0, count = 0, stages = [], facts = [], parts = [], words = [] } = values;
  const band = { low: PACE_BAND.min, high: PACE_BAND.max };
  switch (key) {
    case 'tookPart':
      return 'You took part in every stage of the interview.';
    case 'answeredAll':
      return 'You answered every stage of the interview.';
    case 'goodPace':
      return `A comfortable pace of about ${pace} words a minute.`;
    case 'noFillers':
      return 'No filler words at all.';
    case 'fewFillers':
      return 'Very few filler words.';
    case 'clearOpening':
      return 'A clear opening: the job title, industry and location all said.';
    case 'completeStory':
      return 'Your behavioural answer told a complete story: situation, task, action and result.';
    case 'goodLength':
      return 'Answers of a good length, with room for an example.';
    case 'roleWords':
      return `You used the language of the role (${englishList(words, 'unit')}).`;
    case 'unheard':
      return `We could not hear your answer to ${englishList(stages.map((stage) => ENGLISH_STAGES[stage]))}. Record again in a quiet place, close to the microphone.`;
    case 'tooFast':
      return `Slow down: about ${pace} words a minute is fast for an interview; aim for ${band.low} to ${band.high} and pause between points.`;
    case 'tooSlow':
      return `Pick up the pace a little: about ${pace} words a minute is slow; aim for ${band.low} to ${band.high}.`;
    case 'fillers':
      return `Cut the fillers (“um”, “uh”): ${oneDecimal(values.rate)} per 100 words, ${count} in all. A short silent pause sounds more confident.`;
    case 'longPauses':
      return `Plan your answers so the pauses stay short: the longest was ${oneDecimal(values.seconds)} seconds. Outline the point, the example and the result before you start.`;
    case 'openingMissing':
      return `Open with the facts the interviewer asked for: you did not say ${englishList(
        facts.map((fact) => ENGLISH_FACTS[fact]),
        'disjunction',
      )}.`;
    case 'storyMissing':
      // None of the four told: naming them twice ("(situation, task, action, result): make the situation, task,
      // action, and result clear") says nothing more.
      return parts.length === STAR_PARTS.length
        ? 'Tell the behavioural story in four parts: the situation, your task, the action you took and its result.'
        : `Tell the behavioural story in four parts (situation, task, action, result): make the ${englishList(parts)} clear.`;
    case 'shortAnswers':
      return `Give fuller answers, with an example and what came of it: your answer to ${englishList(stages.map((stage) => ENGLISH_STAGES[stage]))} was short.`;
    case 'longAnswers':
      return 'Keep each answer to about two minutes: make the point first, then one example.';
    case 'useRoleWords':
      return `Use the language of the role: words such as ${englishList(words, 'unit')} show you know the work.`;
    case 'closeWithSummary':
      return 'Close each answer with one sentence that sums it up, so the interviewer remembers your point.';
    case 'askQuestions':
      return 'Prepare two questions to ask the interviewer at the end; it shows you have thought about the role.';
    case 'practiseOpening':
      return 'Practise your opening until it takes under a minute: who you are, the role you want and why.';
  }
};

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
