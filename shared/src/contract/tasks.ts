import { z } from 'zod';
import { EXPIRY_CHOICES, TIME_CHOICES_MINUTES } from '../constants/durations.ts';
import { isInterviewRegion } from '../constants/interview.ts';
import { LEVEL_VALUES } from '../constants/levels.ts';
import { SORT_VALUES } from '../constants/sort-options.ts';
import { TASK_STATUS } from '../constants/task-status.ts';
import { TASK_CATEGORIES, TASK_TYPE_VALUES, TASK_TYPES } from '../constants/task-types.ts';
import { countWords } from '../format/word-count.ts';
import { API_BASE, defineCall } from './define-call.ts';
import {
  empty,
  fileUrlField,
  id,
  idList,
  optionalQuery,
  paged,
  queryBool,
  queryInt,
  searchText,
  text,
} from './envelope.ts';
import { interviewMessageSchema } from './interview.ts';
import { ATTEMPT_COUNTS } from './pronunciation.ts';
import { speechAnalysisSchema } from './speech.ts';
import { videoContentSchema } from './video.ts';

// ---------------------------------------------------------------------------------------------
// Entities of spec §3
// ---------------------------------------------------------------------------------------------

/** Task type number 1-8 (spec §3). */
export const taskTypeField = z.union(
  TASK_TYPE_VALUES.map((value) => z.literal(value)),
  {
    error: 'Task type must be 1 to 8',
  },
);

/** Task category (spec §3): Communication, Audio, IVR. */
export const taskCategoryField = z.enum(TASK_CATEGORIES, {
  error: 'Category must be Communication, Audio or IVR',
});

/** taskStatus (spec §3, §4): 0 not started, 1 in progress, 2 completed (the spec's value). */
export const taskStatusField = z.union(
  [z.literal(TASK_STATUS.notStarted), z.literal(TASK_STATUS.inProgress), z.literal(TASK_STATUS.completed)],
  { error: 'taskStatus must be 0, 1 or 2' },
);

/** Attachment (spec §3). fileSize is in bytes. */
export const attachmentSchema = z.strictObject({
  fileType: text().trim().min(1).max(127),
  fileUrl: fileUrlField(),
  fileName: text().trim().min(1, 'File name is required').max(255),
  fileSize: z.number().int().min(0).max(1_073_741_824),
});
export type Attachment = z.infer<typeof attachmentSchema>;

/** One option of a multiple-choice question (spec §3). */
export const questionOptionSchema = z.strictObject({
  text: text().trim().min(1, 'Option text is required').max(500),
  value: text().trim().min(1, 'Option value is required').max(100),
});

/** The fields of a multiple-choice question but its expected answer (questionTemplateSchema adds it). */
const questionShape = {
  id: text().trim().min(1).max(64),
  type: z.literal('multiple-choice'),
  text: text().trim().min(1, 'Question text is required').max(1000),
  options: z
    .array(questionOptionSchema, { error: 'Each question needs its options' })
    .min(2, 'Each question needs at least two options')
    .max(20, 'At most 20 options'),
  hasOther: z.boolean().default(false),
  otherText: text().trim().max(200).optional(),
  multipleSelection: z.boolean().default(false),
  required: z.boolean().default(true),
};

/**
 * A question of a Multiple Choice task as its learner gets it (learnerTaskSchema): no `answer`, which would give the
 * quiz away. Strict, so a reply that carried one would break its contract.
 */
export const learnerQuestionSchema = z.strictObject(questionShape);
export type LearnerQuestion = z.infer<typeof learnerQuestionSchema>;

/** Question template (spec §3): a multiple-choice question with at least two options. */
export const questionTemplateSchema = z
  .strictObject({
    ...questionShape,
    /** The expected answer when the author sets one (option values). */
    answer: z.union([text().max(100), z.array(text().max(100))]).optional(),
  })
  .refine((q) => new Set(q.options.map((o) => o.value)).size === q.options.length, {
    message: 'Option values must be different',
    path: ['options'],
  })
  .refine(
    (q) => {
      if (q.answer === undefined) return true;
      const values = new Set(q.options.map((o) => o.value));
      const answers = typeof q.answer === 'string' ? [q.answer] : q.answer;
      return answers.every((a) => values.has(a)) && (q.multipleSelection || answers.length <= 1);
    },
    {
      message: 'The expected answer must be one of the options (one only unless several can be chosen)',
      path: ['answer'],
    },
  );
export type QuestionTemplate = z.infer<typeof questionTemplateSchema>;

/** An option's text as two options are compared: case and surrounding spaces do not make options different. */
const optionKey = (option: { text: string }) => option.text.trim().toLocaleLowerCase();

/**
 * Whether a question's options all read differently (a Multiple Choice task's, a survey's, as authored). Blank
 * options are left out: they have "Option text is required" of their own, and two of them are not a repeat.
 */
export const optionsDiffer = (question: { options: { text: string }[] }) => {
  const keys = question.options.map(optionKey).filter(Boolean);
  return new Set(keys).size === keys.length;
};

/**
 * A row's text as two rows of a list are compared (a Pronunciation task's items, a Q&A task's questions): case,
 * spacing and the punctuation around it do not make a row different, so "Schedule" and " schedule." are one word
 * said twice, and "Why?" and "why" one question answered twice.
 */
export const rowKey = (row: string) =>
  row
    .toLocaleLowerCase()
    .replace(/\s+/g, ' ')
    .replace(/^[\s\p{P}]+|[\s\p{P}]+$/gu, '');

/** The indexes of the rows that repeat an earlier row; blank rows are "required", not repeats. */
const repeatedRows = (rows: readonly string[]) => {
  const seen = new Set<string>();
  const repeated: number[] = [];
  rows.forEach((row, index) => {
    const key = rowKey(row);
    if (!key) return;
    if (seen.has(key)) repeated.push(index);
    else seen.add(key);
  });
  return repeated;
};

/**
 * A list's rule as authored (add-task, edit-task): each repeat gets the message at its own row (`items.2`), so the
 * form shows it beside the row to change and the server's 422 names it. The first of two equal rows stays valid.
 */
const rowsDiffer =
  ({ message }: { message: string }) =>
  (rows: string[], ctx: z.RefinementCtx) => {
    for (const index of repeatedRows(rows)) ctx.addIssue({ code: 'custom', message, path: [index] });
  };

/**
 * A Multiple Choice task's question as authored (add-task, edit-task): its options read differently ("Orange" twice,
 * or "orange " beside "Orange", is one option). A task saved before the rule still loads (`taskSchema` has no such
 * rule); saving it again asks for different options.
 */
const authoredQuestionSchema = questionTemplateSchema.refine(optionsDiffer, {
  message: 'Options must be different',
  path: ['options'],
});

/** Interview message of a Get Interview Ready task (spec §3): see contract/interview.ts. */
export { type InterviewMessage, interviewMessageSchema } from './interview.ts';

/** Task progress update (spec §3), the body of tasks/update-my-task. */
export const taskProgressUpdateSchema = z.strictObject({
  /** Must be the caller's own id: the server refuses another learner's. */
  userId: id(),
  taskId: id(),
  // Stored as a 4-byte real, which refuses a tiny double such as 1e-300: hundredths are all a percentage needs.
  progress: z
    .number()
    .min(0, 'progress is 0 to 100')
    .max(100, 'progress is 0 to 100')
    .transform((value) => Math.round(value * 100) / 100),
  taskStatus: taskStatusField,
  /** The learner's answers and results, a JSON object whose shape depends on the task type. */
  report: z.lazy(() => taskReportSchema).optional(),
});
export type TaskProgressUpdate = z.infer<typeof taskProgressUpdateSchema>;

const questionText = text().trim().min(1, 'Question text is required').max(1000);
/** A Question and Answer or Free Text task's questions. */
const questionList = z
  .array(questionText, { error: 'Please add the questions' })
  .min(1, 'Please add a question')
  .max(50);
/** A Pronunciation task's words or sentences to say. */
const itemList = z
  .array(text().trim().min(1).max(500), { error: 'Please add the words or sentences to say' })
  .min(1, 'Please add the words or sentences to say')
  .max(100);
const passage = text().trim().min(1, 'Please enter the passage').max(20_000);
/**
 * The fewest words a Read & Record passage takes as authored. The learner reads it aloud and the reading is scored
 * word by word (fluency, pace, words missed), which says little about one or two words: that is a Pronunciation
 * task's job. Three words is the shortest sentence worth timing ("I like tea"), and words rather than characters so a
 * single long word ("internationalisation") does not pass for a passage. Counted as the editor counts them.
 */
const MIN_READ_ALOUD_WORDS = 3;
const authoredReadAloudPassage = passage.refine(
  // An empty passage has "Please enter the passage" already.
  (value) => value === '' || countWords(value) >= MIN_READ_ALOUD_WORDS,
  { message: 'The passage needs at least 3 words to read aloud' },
);

/** Fields every task type has (spec §3). */
const taskCommonShape = {
  title: text().trim().min(1, 'Please enter a title').max(200),
  description: text().trim().max(5000).optional(),
  category: taskCategoryField,
  /** Level names 1-4 (spec §9). */
  level: z.union(
    LEVEL_VALUES.map((value) => z.literal(value)),
    { error: 'Level must be 1 to 4' },
  ),
  /** Time choice in minutes (spec §9). */
  timeMinutes: z.union(
    TIME_CHOICES_MINUTES.map((minutes) => z.literal(minutes)),
    { error: 'Time must be 5, 10, 15 or 30 minutes' },
  ),
  /** Expiry after assignment in seconds, one of spec §9's choices. */
  expirySeconds: z.union(
    EXPIRY_CHOICES.map(({ seconds }) => z.literal(seconds)),
    { error: 'Choose an expiry from the list' },
  ),
  attachments: z.array(attachmentSchema).max(10, 'At most 10 attachments').default([]),
};

/** A Get Interview Ready task's region as stored: any text (tasks saved before the list keep theirs). */
const storedRegion = text().trim().min(1, 'Please enter the region').max(100);
/** Its region as authored: one the interview's introduction supports (constants/interview.ts `INTERVIEW_REGIONS`). */
const authoredRegion = text()
  .trim()
  .max(100)
  .refine(isInterviewRegion, { message: 'Please pick a region from the list' });

/**
 * A task as authored, one variant per type 1-8 (spec §3), discriminated by `type`. `extra` adds
 * fields to every variant (edit-task adds taskId, the answers add the server's fields). `authored` (add-task,
 * edit-task, the platform's calls and the coach's drafts) adds the rules a new save must meet: a supported interview
 * region, different options, items and questions, and a Read & Record passage long enough to read aloud. A task as the
 * server returns it leaves them out, so one saved before them still loads.
 * `question` replaces the Multiple Choice question's schema (a learner's copy has no expected answers).
 */
export const taskBody = <
  S extends z.ZodRawShape,
  Q extends typeof questionTemplateSchema | typeof learnerQuestionSchema = typeof questionTemplateSchema,
>(
  extra: S,
  { authored = false, question }: { authored?: boolean; question?: Q } = {},
) =>
  z.discriminatedUnion('type', [
    z.strictObject({
      ...taskCommonShape,
      ...extra,
      type: z.literal(1),
      /** Either a passage typed in or one picked from the reading topics. */
      passage: passage.optional(),
      readingTopicId: id().optional(),
    }),
    z.strictObject({
      ...taskCommonShape,
      ...extra,
      type: z.literal(2),
      items: authored ? itemList.superRefine(rowsDiffer({ message: 'Items must be different' })) : itemList,
    }),
    z.strictObject({ ...taskCommonShape, ...extra, type: z.literal(3), contentId: id() }),
    z.strictObject({
      ...taskCommonShape,
      ...extra,
      type: z.literal(4),
      questions: authored
        ? questionList.superRefine(rowsDiffer({ message: 'Questions must be different' }))
        : questionList,
    }),
    z.strictObject({
      ...taskCommonShape,
      ...extra,
      type: z.literal(5),
      passage: authored ? authoredReadAloudPassage : passage,
    }),
    z.strictObject({
      ...taskCommonShape,
      ...extra,
      type: z.literal(6),
      jobTitle: text().trim().min(1, 'Please enter the job title').max(200),
      industry: text().trim().min(1, 'Please enter the industry').max(200),
      location: text().trim().min(1, 'Please enter the location').max(200),
      /** Region changes the interview intro (spec §4). */
      region: authored ? authoredRegion : storedRegion,
    }),
    z.strictObject({
      ...taskCommonShape,
      ...extra,
      type: z.literal(7),
      questions: authored
        ? questionList.superRefine(rowsDiffer({ message: 'Questions must be different' }))
        : questionList,
    }),
    z.strictObject({
      ...taskCommonShape,
      ...extra,
      type: z.literal(8),
      questions: z
        .array((question ?? (authored ? authoredQuestionSchema : questionTemplateSchema)) as Q, {
          error: 'Please add the questions',
        })
        .min(1, 'Please add a question')
        .max(50)
        // Answers are kept per question id (report.choices), so two questions cannot share one.
        .refine(
          (questions: { id: string }[]) => new Set(questions.map((q) => q.id)).size === questions.length,
          { message: 'Each question needs its own id' },
        ),
    }),
  ]);

/** tasks/add-task body: one of the eight task types (a Read task needs a passage or a reading topic). */
export const addTaskRequest = taskBody({}, { authored: true }).refine(
  (task) => task.type !== TASK_TYPES.read || Boolean(task.passage) || Boolean(task.readingTopicId),
  { message: 'Please enter the passage or pick a reading topic', path: ['passage'] },
);
/** tasks/edit-task body: the task id plus the whole task. */
export const editTaskRequest = taskBody({ taskId: id() }, { authored: true }).refine(
  (task) => task.type !== TASK_TYPES.read || Boolean(task.passage) || Boolean(task.readingTopicId),
  { message: 'Please enter the passage or pick a reading topic', path: ['passage'] },
);
export type TaskInput = z.input<typeof addTaskRequest>;
/** A task as the coach engine drafts it: what add-task takes, for the author to review and save. */
export type TaskDraft = z.output<typeof addTaskRequest>;
/** Which engine wrote a draft or scored an attempt (the built-in one, or an OpenAI-compatible service). */
export const COACH_ENGINE_KINDS = ['builtin', 'openai'] as const;
export type CoachEngineKind = (typeof COACH_ENGINE_KINDS)[number];

/** A task as pickers list it. */
export const taskSummarySchema = z.object({
  _id: id(),
  type: taskTypeField,
  title: z.string(),
  category: taskCategoryField,
});
export type TaskSummary = z.infer<typeof taskSummarySchema>;

/** The server's additions to an authored task (lists and views). */
const taskMetaShape = {
  _id: z.string(),
  archived: z.boolean(),
  likeCount: z.number().int(),
  viewCount: z.number().int(),
  /** Members it is assigned to, and how many of them completed it. */
  assignedCount: z.number().int(),
  completedCount: z.number().int(),
  /** Groups it is assigned to (members joining them later get it too). */
  groupIds: z.array(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
  /**
   * Set when the task is the enterprise's copy of a platform task: the platform admin keeps it up to
   * date, so the enterprise can assign it but not edit or delete it.
   */
  platformTaskId: z.string().optional(),
};
/** A task as the library and the task views return it: the authored fields of its type plus the server's. */
export const taskSchema = taskBody(taskMetaShape);
export type Task = z.output<typeof taskSchema>;
export type TaskOfType<N extends Task['type']> = Extract<Task, { type: N }>;

/**
 * The server's additions to a task as its learner gets it: the library's figures (how many people have it and
 * finished it, the groups it is assigned to) are for staff, so they stay out.
 */
const {
  assignedCount: _assignedCount,
  completedCount: _completedCount,
  groupIds: _groupIds,
  ...learnerTaskMetaShape
} = taskMetaShape;

/**
 * A task as its learner gets it (get-my-task; get-task-by-id for a member without the task library): without the
 * library's figures (learnerTaskMetaShape), and a Multiple Choice task's questions without their expected answers
 * (learnerQuestionSchema), which would give the quiz away.
 */
export const learnerTaskSchema = taskBody(learnerTaskMetaShape, { question: learnerQuestionSchema });
export type LearnerTask = z.output<typeof learnerTaskSchema>;
export type LearnerTaskOfType<N extends LearnerTask['type']> = Extract<LearnerTask, { type: N }>;
/** Whether get-task-by-id answered with the library's copy (an author's), not a learner's. */
export const isLibraryTask = (task: Task | LearnerTask): task is Task => 'assignedCount' in task;

/**
 * The learner's answers (spec §3 "report" of the task progress update). The server checks it against the task
 * when taskStatus is 2: every item, question or stage recorded (types 2, 4, 5, 6), every free-text question
 * answered (7), every required multiple-choice question answered within its options (8).
 */
export const recordingSchema = z.strictObject({
  fileUrl: fileUrlField(),
  durationMs: z.number().int().min(0).max(3_600_000).optional(),
  recordedAt: text().max(40).optional(),
});
export type Recording = z.infer<typeof recordingSchema>;
export const choiceAnswerSchema = z.strictObject({
  values: z.array(text().max(100)).max(20),
  other: text().trim().max(1000).optional(),
});
export type ChoiceAnswer = z.infer<typeof choiceAnswerSchema>;
export const taskReportSchema = z.strictObject({
  /** Type 1: the learner marked the passage read. */
  read: z.boolean().optional(),
  /** Types 2, 4, 5, 6: recordings keyed by item or question index ("0", "1", ...), "passage" or stage name. */
  recordings: z.record(text().max(40), recordingSchema).optional(),
  /** Type 7: one typed answer per question. */
  answers: z.array(text().max(10_000)).max(50).optional(),
  /** Type 8: the chosen option values (and the "other" text) per question id. */
  choices: z.record(text().max(64), choiceAnswerSchema).optional(),
  /** Type 3: how much of the video has played, 0-100 (the content issue wires the 80 % rule). */
  watchedPercent: z.number().min(0).max(100).optional(),
});
export type TaskReport = z.infer<typeof taskReportSchema>;

/**
 * The score of a Pronunciation task: each item's recording heard by the speech engine and scored
 * against its text, the task's score their mean, judged against the learner's group passing score. It appears
 * once every item's analysis is in (the learner may be told "being scored" for a few seconds after submitting).
 * An item the engine heard no speech in scores 0, and a task with such an item does not pass.
 */
export const pronunciationResultSchema = z.object({
  score: z.number(),
  passingScore: z.number(),
  passed: z.boolean(),
  method: z.literal('speech'),
  /** The speech engine that heard the recordings. */
  engine: z.enum(['embedded', 'openai']),
  accent: z.string(),
  strictness: z.string(),
  items: z.array(z.object({ expected: z.string(), score: z.number(), heard: z.string().nullable() })),
  scoredAt: z.string(),
});
export type PronunciationResult = z.output<typeof pronunciationResultSchema>;

/**
 * Task types whose attempt is scored against the learner's group pass mark: Pronunciation
 * (the items' mean) and Read & Record (the passage read aloud). A try at one of them that did not pass can be
 * tried again.
 */
export const SCORED_TASK_TYPES = [TASK_TYPES.pronunciation, TASK_TYPES.readAndRecord] as const;
export const isScoredTaskType = (type: number): type is (typeof SCORED_TASK_TYPES)[number] =>
  (SCORED_TASK_TYPES as readonly number[]).includes(type);
/**
 * The most tries a learner has at one scored task. The spec names no limit; this one keeps a task from piling
 * up recordings without end, and is far above what a learner needs to pass.
 */
export const MAX_TASK_ATTEMPTS = 10;

/**
 * One try at a scored task: the earlier ones are kept when the learner tries again; the current one is
 * the assignment's own. `counts` marks the try whose score counts under the group's rule (best or latest).
 */
export const taskAttemptSchema = z.object({
  number: z.number().int().min(1),
  current: z.boolean(),
  counts: z.boolean(),
  startedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  /** The score, once every recording was heard (null while being scored). */
  result: pronunciationResultSchema.nullable(),
  recordings: z.record(z.string(), recordingSchema),
  feedback: z.string().nullable(),
  reviewedAt: z.string().nullable(),
});
export type TaskAttempt = z.output<typeof taskAttemptSchema>;

/**
 * Whether the learner may try a scored task again, and why not: passed (a passed task is done), scoring (the
 * score is not in yet), open (the current try is not submitted), limit (MAX_TASK_ATTEMPTS tries made).
 */
export const retryRuleSchema = z.object({
  counts: z.enum(ATTEMPT_COUNTS),
  maxAttempts: z.number().int(),
  allowed: z.boolean(),
  reason: z.enum(['passed', 'scoring', 'open', 'limit']).nullable(),
});
export type RetryRule = z.output<typeof retryRuleSchema>;

/**
 * One question of a submitted Multiple Choice task marked against its expected answer: right only when the options
 * chosen are exactly the expected ones ("other" text is never marked; an unanswered question is not right).
 */
export const choiceMarkSchema = z.object({
  questionId: z.string(),
  right: z.boolean(),
  /** The expected option values: the right answer. */
  expected: z.array(z.string()),
});
export type ChoiceMark = z.output<typeof choiceMarkSchema>;

/**
 * A submitted Multiple Choice attempt marked: the questions with an expected answer (the others are not counted),
 * in the task's order, and how many of them are right ("You got 3 of 4 right").
 */
export const choiceResultSchema = z.object({
  right: z.number().int(),
  total: z.number().int(),
  questions: z.array(choiceMarkSchema),
});
export type ChoiceResult = z.output<typeof choiceResultSchema>;

/** How a learner came to have a task: assigned directly, or through a group. */
const assignmentSourceField = z.enum(['direct', 'group']);

/** One learner's assignment of a task. */
export const assignmentSchema = z.object({
  _id: z.string(),
  taskId: z.string(),
  userId: z.string(),
  source: assignmentSourceField,
  taskStatus: taskStatusField,
  progress: z.number(),
  report: taskReportSchema,
  assignedAt: z.string(),
  dueAt: z.string(),
  /** dueAt has passed and the task is not completed. */
  overdue: z.boolean(),
  startedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  feedback: z.string().nullable(),
  feedbackAt: z.string().nullable(),
  /** Scored tasks (Pronunciation, Read & Record) once completed: this try's score (null for other types and before). */
  pronunciation: pronunciationResultSchema.nullable(),
  // The server always answers the three below; they are optional so that clients and fixtures written
  // before tries were kept still type-check.
  /** The score that counts across the tries (best or latest, the group's rule); null until one is scored. */
  counting: pronunciationResultSchema.nullable().optional(),
  /** Scored tasks: every finished try, the first first, the counting one marked; empty for other types. */
  attempts: z.array(taskAttemptSchema).optional(),
  /** Scored tasks: whether the learner may try again (null for other types). */
  retry: retryRuleSchema.nullable().optional(),
  /**
   * What the speech engine heard in each recording, keyed like `report.recordings`: 'pending' while
   * the background job runs (ask again), then done, no-speech or failed. A recording replaced by a new take gets
   * a new analysis.
   */
  analyses: z.record(z.string(), speechAnalysisSchema),
  /**
   * A Get Interview Ready attempt as a conversation: each stage asked so far, with the answer's
   * analysis and the interviewer's reply, then the coach's summing up. Empty for other task types.
   */
  interview: z.array(interviewMessageSchema),
  /**
   * A Multiple Choice task once submitted: each question with an expected answer marked right or wrong, with that
   * answer, and the total. Null before submission (the expected answers never reach a learner before then), for
   * other types and for a quiz with no expected answers. Optional for clients and fixtures written before it.
   */
  choiceResult: choiceResultSchema.nullable().optional(),
});
export type Assignment = z.output<typeof assignmentSchema>;

/** A row of the learner's My Tasks. */
export const myTaskRowSchema = z.object({
  taskId: z.string(),
  type: taskTypeField,
  title: z.string(),
  category: taskCategoryField,
  level: z.number().int(),
  timeMinutes: z.number().int(),
  taskStatus: taskStatusField,
  progress: z.number(),
  assignedAt: z.string(),
  dueAt: z.string(),
  overdue: z.boolean(),
  completedAt: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  hasFeedback: z.boolean(),
});
export type MyTaskRow = z.output<typeof myTaskRowSchema>;

/** Pronunciation settings that apply to a learner (the strictest of their groups'). */
export const pronunciationRuleSchema = z.object({
  accent: z.string(),
  passingScore: z.number(),
  strictness: z.string(),
});
export type PronunciationRule = z.output<typeof pronunciationRuleSchema>;

/**
 * tasks/get-my-task: the task as its learner gets it, the caller's assignment, and for scored types (2, 5) the rule
 * that scores it.
 */
export const myTaskDetailSchema = z.object({
  task: learnerTaskSchema,
  assignment: assignmentSchema,
  pronunciation: pronunciationRuleSchema.nullable(),
  /** For a Video task (type 3): the video to play (null when it has left the enterprise's library). */
  video: videoContentSchema.nullable().optional(),
});
export type MyTaskDetail = z.output<typeof myTaskDetailSchema>;

/** A member's attempt as the reviewer sees it (get-members-task-data-taskid). */
export const memberTaskDetailSchema = z.object({
  task: taskSchema,
  member: z.object({
    _id: z.string(),
    name: z.string(),
    email: z.string(),
    avatarUrl: z.string().nullable(),
  }),
  assignment: assignmentSchema,
});
export type MemberTaskDetail = z.output<typeof memberTaskDetailSchema>;

/** A row of get-members-by-taskid. */
export const taskMemberRowSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  source: assignmentSourceField,
  taskStatus: taskStatusField,
  progress: z.number(),
  dueAt: z.string(),
  overdue: z.boolean(),
  completedAt: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  /**
   * A scored task's counting try: whether it reached the passing score (false: submitted, not passed yet, as the
   * member reads it); null when the task is not scored or nothing is scored yet.
   */
  passed: z.boolean().nullable().optional(),
});
export type TaskMemberRow = z.output<typeof taskMemberRowSchema>;

/** A row of get-completed-tasks-pending-review. */
export const pendingReviewRowSchema = z.object({
  _id: z.string(),
  taskId: z.string(),
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  taskName: z.string(),
  taskType: taskTypeField,
  completedAt: z.string(),
});
export type PendingReviewRow = z.output<typeof pendingReviewRowSchema>;

/** get-list-of-tasks: one type's page, or (no tasktype) a section per type with its first tasks. */
export const taskListResponseSchema = z.discriminatedUnion('mode', [
  z.object({
    mode: z.literal('list'),
    currentPage: z.number().int(),
    totalPages: z.number().int(),
    totalCount: z.number().int(),
    listdata: z.array(taskSchema),
  }),
  z.object({
    mode: z.literal('sections'),
    sections: z.array(
      z.object({ type: taskTypeField, totalCount: z.number().int(), listdata: z.array(taskSchema) }),
    ),
  }),
]);
export type TaskListResponse = z.output<typeof taskListResponseSchema>;

/** Tasks a type section shows before its "view all" switch is on. */
export const TASK_SECTION_SIZE = 4;
/** Tasks a page of one type holds (and the most a "view all" section shows). */
export const TASK_PAGE_SIZE = 24;

// ---------------------------------------------------------------------------------------------
// GET query schemas (spec §7): coerced from the query string
// ---------------------------------------------------------------------------------------------

const taskTypeQuery = optionalQuery(queryInt({ min: 1, max: 8 }));
const catQuery = optionalQuery(taskCategoryField);

/** tasks/get-list-of-tasks query (spec §7), plus sortBy (spec §5: latest by default). */
export const listTasksQuery = z.strictObject({
  tasktype: taskTypeQuery,
  search: searchText(),
  catSearch: catQuery,
  viewArchive: queryBool(),
  viewallread: queryBool(),
  viewallpronunciation: queryBool(),
  viewallvideo: queryBool(),
  viewallquestions: queryBool(),
  viewallfreetextquestions: queryBool(),
  currentPage: optionalQuery(queryInt({ min: 1 })),
  sortBy: optionalQuery(z.enum(SORT_VALUES)).transform((value) => value ?? 'latest'),
});

/** Rows a page of My Tasks holds. */
export const MY_TASKS_PAGE_SIZE = 50;
/** The most rows one answer of My Tasks holds, whatever asks for more (viewallvideo). */
export const MY_TASKS_MAX_ROWS = 500;

/**
 * tasks/get-my-tasks query (spec §7), plus taskStatus (one status's rows; all when absent) and currentPage.
 * viewallvideo (with tasktype 3, the apps' "view all" of their video row) answers every Video task at once,
 * up to MY_TASKS_MAX_ROWS, instead of a page.
 */
export const myTasksQuery = z.strictObject({
  tasktype: taskTypeQuery,
  search: searchText(),
  catSearch: catQuery,
  viewallvideo: queryBool(),
  taskStatus: optionalQuery(queryInt({ max: 2 })),
  currentPage: queryInt({ min: 1 }).default(1),
});

/** The learner's tasks: a page of rows, and how many are due, in progress and done under the same filters. */
export const myTasksPageSchema = z.object({
  currentPage: z.number().int(),
  totalPages: z.number().int(),
  totalCount: z.number().int(),
  listdata: z.array(myTaskRowSchema),
  counts: z.object({ due: z.number().int(), inProgress: z.number().int(), done: z.number().int() }),
});
export type MyTasksPage = z.output<typeof myTasksPageSchema>;

/** tasks/get-completed-tasks-pending-review query (spec §7, §9: limit 10, name ascending). */
export const pendingReviewQuery = z.strictObject({
  currentPage: queryInt({ min: 1 }).default(1),
  limit: queryInt({ min: 1, max: 100 }).default(10),
  sort_by: z.enum(['name', 'taskName', 'completedAt']).default('name'),
  sort_type: z.enum(['asc', 'desc']).default('asc'),
  selected_group: optionalQuery(id()),
  searchInput: searchText(),
});

/** tasks/get-enterprise-tasks query (spec §7, §9: limit 25). */
export const enterpriseTasksQuery = z.strictObject({
  searchInput: searchText(),
  currentPage: queryInt({ min: 1 }).default(1),
  limit: queryInt({ min: 1, max: 100 }).default(25),
});

// ---------------------------------------------------------------------------------------------
// Calls (spec §7, prefix tasks/)
// ---------------------------------------------------------------------------------------------

const T = `${API_BASE.enterprise}/tasks`;
const taskId = z.strictObject({ taskId: id() });
const memberTask = z.strictObject({ taskId: id(), userId: id() });
const membersPage = z.strictObject({
  taskId: id(),
  searchQuery: searchText(),
  currentPage: z.number().int().min(1).default(1),
});

/** Enterprise task calls (spec §7). Authoring and review need 'task-library'; the learner's own calls need login only. */
export const tasks = {
  addTask: defineCall({
    method: 'POST',
    path: `${T}/add-task`,
    auth: 'enterprise',
    permission: 'task-library',
    request: addTaskRequest,
    response: taskSchema,
  }),
  editTask: defineCall({
    method: 'POST',
    path: `${T}/edit-task`,
    auth: 'enterprise',
    permission: 'task-library',
    request: editTaskRequest,
    response: taskSchema,
  }),
  /** Assigns tasks to members (several tasks at once for the bulk-assign page). */
  assignTaskUsers: defineCall({
    method: 'POST',
    path: `${T}/assign-task-users`,
    auth: 'enterprise',
    permission: 'task-library',
    request: z.strictObject({ taskIds: idList({ what: 'task' }), userIds: idList({ what: 'member' }) }),
    response: z.object({
      /** New assignments made. */
      assigned: z.number().int(),
      /** Pairs asked for that were already assigned (left as they were). */
      alreadyAssigned: z.number().int(),
    }),
  }),
  /** Assigns tasks to groups; members joining a group later get its tasks too. */
  assignTaskGroupUsers: defineCall({
    method: 'POST',
    path: `${T}/assign-task-group-users`,
    auth: 'enterprise',
    permission: 'task-library',
    request: z.strictObject({ taskIds: idList({ what: 'task' }), groupIds: idList({ what: 'group' }) }),
    response: z.object({
      /** New assignments made. */
      assigned: z.number().int(),
      /**
       * People in the chosen groups now, each once. 0: nobody is in them yet (a course's buyers' group before its
       * first sale), so nothing was assigned now; the groups keep the tasks for the people who join them.
       */
      groupMembers: z.number().int(),
    }),
  }),
  /** One member's attempt at a task, for the reviewer's member-task view. */
  getMembersTaskData: defineCall({
    method: 'POST',
    path: `${T}/get-members-task-data-taskid`,
    reads: true,
    auth: 'enterprise',
    permission: 'task-library',
    request: memberTask,
    response: memberTaskDetailSchema,
  }),
  /** The learner's own progress (spec §3 task progress update). userId must be the caller's. */
  updateMyTask: defineCall({
    method: 'POST',
    path: `${T}/update-my-task`,
    auth: 'enterprise',
    permission: null,
    request: taskProgressUpdateSchema,
    response: assignmentSchema,
  }),
  searchTask: defineCall({
    method: 'POST',
    path: `${T}/search-task`,
    reads: true,
    auth: 'enterprise',
    permission: 'task-library',
    request: z.strictObject({ search: searchText(), currentPage: z.number().int().min(1).default(1) }),
    response: paged(taskSchema),
  }),
  /**
   * The learner tries a scored task again: the submitted try is kept and a new one opens. Only when
   * the task is submitted, scored and not passed, under MAX_TASK_ATTEMPTS tries.
   */
  retryMyTask: defineCall({
    method: 'POST',
    path: `${T}/retry-my-task`,
    auth: 'enterprise',
    permission: null,
    request: taskId,
    response: assignmentSchema,
  }),
  /** The learner's own assigned task with its progress. */
  getMyTask: defineCall({
    method: 'POST',
    path: `${T}/get-my-task`,
    auth: 'enterprise',
    permission: null,
    request: taskId,
    response: myTaskDetailSchema,
  }),
  getMembersByTaskId: defineCall({
    method: 'POST',
    path: `${T}/get-members-by-taskid`,
    reads: true,
    auth: 'enterprise',
    permission: 'task-library',
    request: membersPage,
    response: paged(taskMemberRowSchema),
  }),
  markTaskReviewed: defineCall({
    method: 'POST',
    path: `${T}/mark-task-reviewed`,
    auth: 'enterprise',
    permission: 'task-library',
    request: memberTask,
    response: assignmentSchema,
  }),
  deleteTask: defineCall({
    method: 'POST',
    path: `${T}/delete-task`,
    auth: 'enterprise',
    permission: 'task-library',
    request: taskId,
    /** archived: learners have the task, so it was archived rather than deleted (their answers stay). */
    response: z.object({ _id: z.string(), archived: z.boolean() }),
  }),
  /** Drafts the content of one task (a passage, words, questions) with the coach engine. */
  generateContentTask: defineCall({
    method: 'POST',
    path: `${T}/generate-content-task`,
    auth: 'enterprise',
    permission: 'task-library',
    request: z.strictObject({
      type: taskTypeField,
      topic: text().trim().min(1, 'Please enter a topic').max(500),
      level: z.union(LEVEL_VALUES.map((value) => z.literal(value))).optional(),
    }),
    response: z.object({ draft: addTaskRequest, engine: z.enum(COACH_ENGINE_KINDS) }),
  }),
  /** Drafts several tasks at once with the coach engine (nothing is saved: the author picks what to add). */
  generateAiTasks: defineCall({
    method: 'POST',
    path: `${T}/generate-ai-tasks`,
    auth: 'enterprise',
    permission: 'task-library',
    request: z.strictObject({
      topic: text().trim().min(1, 'Please enter a topic').max(500),
      types: z.array(taskTypeField).min(1, 'Choose at least one task type').max(8),
      count: z.number().int().min(1).max(10).default(3),
      level: z.union(LEVEL_VALUES.map((value) => z.literal(value))).optional(),
    }),
    response: z.object({ drafts: z.array(addTaskRequest), engine: z.enum(COACH_ENGINE_KINDS) }),
  }),
  addTaskFeedback: defineCall({
    method: 'POST',
    path: `${T}/add-task-feedback`,
    auth: 'enterprise',
    permission: 'task-library',
    request: memberTask.extend({ feedback: text().trim().min(1, 'Please enter the feedback').max(5000) }),
    response: assignmentSchema,
  }),
  getListOfTasks: defineCall({
    method: 'GET',
    path: `${T}/get-list-of-tasks`,
    auth: 'enterprise',
    permission: 'task-library',
    request: listTasksQuery,
    response: taskListResponseSchema,
  }),
  /** Every task of the enterprise, id and title, for pickers. */
  getAllTaskListEnterprise: defineCall({
    method: 'GET',
    path: `${T}/get-all-task-list-enterprise`,
    auth: 'enterprise',
    permission: 'task-library',
    request: empty(),
    response: z.array(taskSummarySchema),
  }),
  /**
   * A task by id: authors (the task-library key) read any of the enterprise's whole (taskSchema); anyone else only one
   * assigned to them, as its learner gets it (learnerTaskSchema: no library figures, no expected answers).
   */
  getTaskById: defineCall({
    method: 'GET',
    path: `${T}/get-task-by-id`,
    auth: 'enterprise',
    permission: null,
    request: taskId,
    response: z.union([taskSchema, learnerTaskSchema]),
  }),
  getMyTasks: defineCall({
    method: 'GET',
    path: `${T}/get-my-tasks`,
    auth: 'enterprise',
    permission: null,
    request: myTasksQuery,
    response: myTasksPageSchema,
  }),
  /** The interview messages (spec §3) of a member's completed type-6 task. */
  getCompletedIvrTaskDetails: defineCall({
    method: 'GET',
    path: `${T}/get-completed-ivr-task-details`,
    auth: 'enterprise',
    permission: 'task-library',
    request: memberTask,
    response: z.object({ messages: z.array(interviewMessageSchema) }),
  }),
  getCompletedTasksPendingReview: defineCall({
    method: 'GET',
    path: `${T}/get-completed-tasks-pending-review`,
    auth: 'enterprise',
    permission: 'task-library',
    request: pendingReviewQuery,
    response: paged(pendingReviewRowSchema),
  }),
  getEnterpriseTasks: defineCall({
    method: 'GET',
    path: `${T}/get-enterprise-tasks`,
    auth: 'enterprise',
    permission: 'task-library',
    request: enterpriseTasksQuery,
    response: paged(taskSchema),
  }),
};
