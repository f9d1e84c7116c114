import { createHash } from 'node:crypto';
import { EXPIRY_ONE_WEEK } from '@coach/shared/constants/durations';
import { INTERVIEW_REGIONS, type InterviewSetup } from '@coach/shared/constants/interview';
import type { Level } from '@coach/shared/constants/levels';
import { TASK_TYPES, type TaskType } from '@coach/shared/constants/task-types';
import { type InterviewFeedback, interviewFeedbackSchema } from '@coach/shared/contract/interview';
import { addTaskRequest, rowKey, type TaskDraft } from '@coach/shared/contract/tasks';
import { withIndefiniteArticle } from '@coach/shared/format/indefinite-article';
import OpenAI from 'openai';
import { z } from 'zod';
import { BEHAVIOURAL_QUESTIONS, GENERAL_ICEBREAKING, industryIn } from './interview-banks.ts';
import { type AnsweredStage, builtinInterviewFeedback, type HeardAnswer, roleOf } from './interview-rules.ts';

/**
 * The coach engine behind task drafting (ARCHITECTURE: built-in or OpenAI-compatible). Recordings are heard by
 * the speech provider (providers/speech), not here.
 */
export type CoachEngine = {
  kind: 'builtin' | 'openai';
  /** A draft of one task of `type` about `topic`; `variant` gives a different draft of the same request. */
  draftTask: (input: {
    type: DraftableType;
    topic: string;
    level: Level;
    variant: number;
  }) => Promise<TaskDraft>;
  /** The interviewer's question for `stage`, after the answers so far (the mock interview as a conversation, spec §4). */
  interviewQuestion: (input: InterviewQuestionInput) => Promise<string>;
  /** The summing up after the last answer: strengths and exactly three things to work on. */
  interviewFeedback: (input: { setup: InterviewSetup; answers: HeardAnswer[] }) => Promise<InterviewFeedback>;
};

export type InterviewQuestionInput = {
  stage: Exclude<AnsweredStage, 'POSITION'>;
  /** The job title and industry as the learner gave them in the opening, else the task's. */
  setup: InterviewSetup;
  /** Each answered stage so far: the question and what was heard ('' when nothing was). */
  history: { stage: AnsweredStage; question: string; answer: string }[];
  /** Picks among equally good questions, so one attempt always hears the same ones. */
  seed: string;
};

/** Every type but Video (a video task names a video of the library; there is nothing to write). */
export type DraftableType = Exclude<TaskType, 3>;

/** The engine answered something that is not a task (bad JSON, a wrong shape): the caller says so. */
export class CoachEngineError extends Error {}

const pick = <T>(list: readonly T[], seed: string, salt: string): T => {
  const n = createHash('sha256').update(`${seed}|${salt}`).digest().readUInt32BE(0);
  return list[n % list.length] as T;
};

const titleCase = (text: string) => text.replace(/\b\p{L}/gu, (c) => c.toUpperCase());

const TITLE_PREFIX: Record<DraftableType, string> = {
  1: 'Read',
  2: 'Say it clearly',
  4: 'Talk it through',
  5: 'Read aloud',
  6: 'Interview practice',
  7: 'Write it down',
  8: 'Quick quiz',
};

const TIME_BY_LEVEL: Record<Level, 5 | 10 | 15 | 30> = { 1: 5, 2: 10, 3: 15, 4: 30 };

const OPENERS = [
  'Good communication about {t} starts with listening.',
  'Most teams talk about {t} every week, yet few plan those conversations.',
  'When people disagree about {t}, clear words save time.',
  'Talking about {t} with confidence is a skill anyone can practise.',
] as const;
const MIDDLES = [
  'State the point first, then give one reason and one example.',
  'Short sentences and a calm pace help the listener follow you.',
  'Ask a question before you answer, so you know what the other person needs.',
  'Summarise what you heard before you add your own view.',
] as const;
const CLOSERS = [
  'End by agreeing on the next step and who will take it.',
  'Close with a short summary so everyone leaves with the same picture.',
  'Finish by thanking the other person for their time and ideas.',
  'Check that you were understood, and invite questions.',
] as const;
const QUESTION_STEMS = [
  'Describe a time you had to explain {t} to someone new.',
  'What is the most common misunderstanding about {t}, and how would you clear it up?',
  'How would you open a meeting about {t} with a sceptical colleague?',
  'Which question about {t} do you find hardest to answer, and why?',
  'Give a two-minute overview of {t} for a customer.',
  'What would you change about how your team handles {t}?',
] as const;

/**
 * The built-in engine: deterministic drafts from templates and the topic's own words (same request, same
 * draft), and the interviewer's questions and summing up from question banks and rules.
 */
export const builtinCoach = (): CoachEngine => ({
  kind: 'builtin',
  draftTask: async ({ type, topic, level, variant }) => {
    const t = topic.trim().replace(/\s+/g, ' ');
    const seed = `${t.toLowerCase()}|${level}|${variant}`;
    const fill = (text: string) => text.replaceAll('{t}', t.toLowerCase());
    const passage = [pick(OPENERS, seed, 'o'), pick(MIDDLES, seed, 'm'), pick(CLOSERS, seed, 'c')]
      .map(fill)
      .join(' ');
    const questions = [0, 1, 2].map((i) => fill(pick(QUESTION_STEMS, seed, `q${i}`)));
    // Rows a save would call repeats ("Sales" and "sales", rowKey) go: a draft is saved as the author's own.
    const distinct = (rows: string[]) =>
      rows.filter((row, i) => rows.findIndex((r) => rowKey(r) === rowKey(row)) === i);
    const uniqueQuestions = distinct(questions);
    const common = {
      title: `${TITLE_PREFIX[type]}: ${titleCase(t)}${variant ? ` (${variant + 1})` : ''}`.slice(0, 200),
      description: `Drafted by the coach about "${t}". Review it before assigning.`.slice(0, 5000),
      category:
        type === TASK_TYPES.getInterviewReady
          ? ('IVR' as const)
          : type === TASK_TYPES.pronunciation || type === TASK_TYPES.readAndRecord
            ? ('Audio' as const)
            : ('Communication' as const),
      level,
      timeMinutes: TIME_BY_LEVEL[level],
      expirySeconds: EXPIRY_ONE_WEEK,
      attachments: [] as TaskDraft['attachments'],
    };
    const words = distinct(t.split(/[^\p{L}'-]+/u).filter((w) => w.length > 2)).slice(0, 6);
    switch (type) {
      case TASK_TYPES.read:
        return { ...common, type, passage };
      case TASK_TYPES.readAndRecord:
        return { ...common, type, passage };
      case TASK_TYPES.pronunciation:
        return {
          ...common,
          type,
          items: distinct([...words, fill(pick(MIDDLES, seed, 'p')).split('. ')[0] ?? t].filter(Boolean)),
        };
      case TASK_TYPES.questionAndAnswer:
      case TASK_TYPES.freeTextQuestionAndAnswer:
        return { ...common, type, questions: uniqueQuestions };
      case TASK_TYPES.getInterviewReady:
        return {
          ...common,
          type,
          jobTitle: `${titleCase(t)} Specialist`.slice(0, 200),
          industry: pick(['Technology', 'Retail', 'Healthcare', 'Finance', 'Education'], seed, 'i'),
          location: pick(['Remote', 'Melbourne', 'London', 'New York', 'Mexico City'], seed, 'l'),
          region: pick(['North America', 'Europe', 'Asia Pacific', 'Latin America'], seed, 'r'),
        };
      case TASK_TYPES.multipleChoiceQuestion:
        return {
          ...common,
          type,
          questions: [
            {
              id: 'q1',
              type: 'multiple-choice' as const,
              text: fill('What should come first when you talk about {t}?'),
              options: [
                { text: 'The main point', value: 'point' },
                { text: 'Every detail', value: 'details' },
                { text: 'An apology', value: 'apology' },
              ],
              hasOther: false,
              multipleSelection: false,
              required: true,
              answer: 'point',
            },
            {
              id: 'q2',
              type: 'multiple-choice' as const,
              text: fill('Which habits help a conversation about {t}? Choose all that apply.'),
              options: [
                { text: 'Summarising what you heard', value: 'summarise' },
                { text: 'Asking questions', value: 'ask' },
                { text: 'Interrupting to save time', value: 'interrupt' },
              ],
              hasOther: true,
              otherText: 'Something else',
              multipleSelection: true,
              required: true,
              answer: ['summarise', 'ask'],
            },
          ],
        };
    }
  },
  interviewQuestion: async (input) => builtinInterviewQuestion(input),
  interviewFeedback: async ({ answers }) => builtinInterviewFeedback(answers),
});

/**
 * The built-in interviewer's next question: from the question banks, for the industry (getting to
 * know you) or the role (technical) the learner named in the opening; the same attempt always hears the same.
 */
export const builtinInterviewQuestion = ({ stage, setup, history, seed }: InterviewQuestionInput) => {
  const fill = (text: string) =>
    text
      .replace(/\ba \{job\}/g, withIndefiniteArticle(setup.jobTitle))
      .replaceAll('{job}', setup.jobTitle)
      .replaceAll('{industry}', setup.industry);
  switch (stage) {
    case 'ICEBREAKING':
      return fill(pick(industryIn(setup.industry)?.icebreaking ?? GENERAL_ICEBREAKING, seed, stage));
    case 'TECHNICAL': {
      const opening = history.find((turn) => turn.stage === 'POSITION')?.answer ?? null;
      const role = roleOf(setup, opening);
      return fill(`Let's talk about the ${setup.jobTitle} role. ${pick(role.technical, seed, stage)}`);
    }
    case 'BEHAVIOURAL':
      return fill(pick(BEHAVIOURAL_QUESTIONS, seed, stage));
  }
};

export type OpenAiCoachSettings = {
  baseUrl: string;
  apiKey: string;
  model: string;
};

/** Any OpenAI-compatible endpoint: drafts from chat completions (JSON), scores from transcriptions. */
export const openAiCoach = (settings: OpenAiCoachSettings): CoachEngine => {
  const client = new OpenAI({
    apiKey: settings.apiKey,
    baseURL: settings.baseUrl,
    maxRetries: 1,
    timeout: 60_000,
  });
  return {
    kind: 'openai',
    draftTask: async ({ type, topic, level, variant }) => {
      const completion = await client.chat.completions.create({
        model: settings.model,
        response_format: { type: 'json_object' },
        temperature: variant ? 0.9 : 0.4,
        messages: [
          {
            role: 'system',
            content: [
              'You write speaking-practice tasks for a corporate coaching app. Answer with one JSON object only,',
              'matching this TypeScript shape for the requested type:',
              '{ type, title, description?, category: "Communication"|"Audio"|"IVR", level: 1-4,',
              '  timeMinutes: 5|10|15|30, expirySeconds: 604800, attachments: [],',
              '  passage? (types 1, 5), items?: string[] (type 2: words or short sentences to say),',
              '  questions?: string[] (types 4, 7),',
              '  questions?: { id, type: "multiple-choice", text, options: {text, value}[], hasOther, multipleSelection, required }[] (type 8),',
              `  jobTitle?, industry?, location?, region?: ${INTERVIEW_REGIONS.map((r) => JSON.stringify(r)).join('|')} (type 6) }`,
            ].join('\n'),
          },
          {
            role: 'user',
            content: `Type ${type}, level ${level}, topic: ${topic}. Draft number ${variant + 1}.`,
          },
        ],
      });
      const text = completion.choices[0]?.message.content ?? '';
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        throw new CoachEngineError('The coach engine did not answer with JSON');
      }
      const parsed = addTaskRequest.safeParse({ ...(json as object), type, level });
      if (!parsed.success) throw new CoachEngineError('The coach engine answered with an incomplete task');
      return parsed.data as TaskDraft;
    },
    interviewQuestion: async ({ stage, setup, history }) => {
      const { question } = await chatJson(client, settings.model, interviewQuestionAnswer, [
        {
          role: 'system',
          content: [
            `You are a friendly job interviewer in a practice interview for ${withIndefiniteArticle(setup.jobTitle)} role in ${setup.industry},`,
            `based in ${setup.location}. The interview goes POSITION, ICEBREAKING, TECHNICAL, BEHAVIOURAL.`,
            `Ask the ${stage} question now: one question, under 60 words, fitting the role and what the candidate said.`,
            stage === 'BEHAVIOURAL'
              ? 'Ask about a real past situation, so the answer can follow situation, task, action, result.'
              : '',
            'Answer with one JSON object only: {"question": string}.',
          ].join('\n'),
        },
        { role: 'user', content: transcriptOf(history) },
      ]);
      return question;
    },
    interviewFeedback: async ({ setup, answers }) =>
      chatJson(client, settings.model, interviewFeedbackSchema.omit({ notes: true }), [
        {
          role: 'system',
          content: [
            `You are an interview coach. Sum up this practice interview for ${withIndefiniteArticle(setup.jobTitle)} role in ${setup.industry}.`,
            'Use the transcript and the measured figures. Answer with one JSON object only:',
            // The learner sees the checks beside each answer: the summing up must not contradict them.
            'The "Checks" are shown to the candidate: never call a part of the story (situation, task, action, result) or a fact of the opening missing or unclear when its check is true.',
            '{"strengths": string[] (1 to 5 short sentences), "workOn": string[] (exactly 3 short, specific sentences)}.',
          ].join('\n'),
        },
        {
          role: 'user',
          content: answers
            .map(({ stage, question, analysis }) =>
              [
                `${stage}. Q: ${question}`,
                `A: ${analysis.speech.transcript ?? '(not heard)'}`,
                analysis.speech.status === 'done'
                  ? `Measured: ${Math.round(analysis.speech.wordsPerMinute)} words a minute, ${analysis.speech.fillers.count} fillers, longest pause ${analysis.speech.longestPauseSeconds} s.`
                  : '',
                analysis.content ? `Checks: ${JSON.stringify(analysis.content)}` : '',
              ].join('\n'),
            )
            .join('\n\n'),
        },
      ]),
  };
};

const interviewQuestionAnswer = z.object({ question: z.string().trim().min(5).max(600) });

const transcriptOf = (history: InterviewQuestionInput['history']) =>
  history
    .map(({ stage, question, answer }) => `${stage}. Q: ${question}\nA: ${answer || '(not heard)'}`)
    .join('\n\n');

/** One chat completion answered as JSON and checked against `schema`; anything else is a CoachEngineError. */
const chatJson = async <T>(
  client: OpenAI,
  model: string,
  schema: z.ZodType<T>,
  messages: OpenAI.Chat.Completions.ChatCompletionMessageParam[],
): Promise<T> => {
  const completion = await client.chat.completions.create({
    model,
    response_format: { type: 'json_object' },
    temperature: 0.4,
    messages,
  });
  let json: unknown;
  try {
    json = JSON.parse(completion.choices[0]?.message.content ?? '');
  } catch {
    throw new CoachEngineError('The coach engine did not answer with JSON');
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) throw new CoachEngineError('The coach engine answered in the wrong shape');
  return parsed.data;
};

/** COACH_API_URL (+ COACH_API_KEY, COACH_MODEL, COACH_TRANSCRIBE_MODEL) selects an OpenAI-compatible engine. */
export const coachFor = (env: Record<string, string | undefined>): CoachEngine =>
  env.COACH_API_URL
    ? openAiCoach({
        baseUrl: env.COACH_API_URL,
        // Local OpenAI-compatible servers (Ollama, vLLM) take no key; the SDK insists on one.
        apiKey: env.COACH_API_KEY || 'no-key',
        model: env.COACH_MODEL ?? 'gpt-4o-mini',
      })
    : builtinCoach();
