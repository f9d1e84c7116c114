import type { ExpirySeconds, TimeChoiceMinutes } from '@coach/shared/constants/durations';
import type { Level } from '@coach/shared/constants/levels';
import { TASK_TYPES, type TaskCategory, type TaskType } from '@coach/shared/constants/task-types';
import type { ParsedRequestOf } from '@coach/shared/contract/define-call';
import {
  type Attachment,
  addTaskRequest,
  editTaskRequest,
  type Task,
  tasks,
} from '@coach/shared/contract/tasks';
import { i18n } from '../../i18n/index.ts';
import { serverText } from '../../i18n/server-text.ts';
import { limitsOf } from '../../lib/contract-limits.ts';
import { fieldAt } from '../../lib/use-contract-form.ts';
import {
  type FieldErrors,
  fromQuestionTemplate,
  newQuestion,
  type QuestionDraft,
  questionsFingerprint,
  toQuestionTemplate,
} from '../../ui/choice-question-draft.ts';

export type { FieldErrors, QuestionDraft };

export type PassageSource = 'text' | 'topic';

/** What add-task's request allows in each field (edit-task and the platform's calls take the same fields). */
export const TASK_LIMITS = limitsOf(tasks.addTask);

/**
 * Everything the editor form holds. The fields of every type live side by side so switching the type while
 * creating keeps what was typed; toTaskInput picks the ones of the chosen type.
 */
export type TaskDraft = {
  type: TaskType;
  title: string;
  description: string;
  category: TaskCategory;
  level: Level;
  timeMinutes: TimeChoiceMinutes;
  expirySeconds: ExpirySeconds;
  attachments: Attachment[];
  /** Read: a typed passage or a reading topic. */
  passageSource: PassageSource;
  /** Read and Read & Record. */
  passage: string;
  readingTopicId: string | null;
  /** Pronunciation: words or sentences to say. */
  items: string[];
  /** Video. */
  contentId: string | null;
  /** Question and Answer, Free Text Question and Answer. */
  questions: string[];
  /** Get Interview Ready. */
  jobTitle: string;
  industry: string;
  location: string;
  region: string;
  /** Multiple Choice Question. */
  choiceQuestions: QuestionDraft[];
};

/** Seven days: the middle of spec §9's expiry list and a sensible deadline for one task. */
const DEFAULT_EXPIRY: ExpirySeconds = 604800;

/**
 * The category a type starts with: Get Interview Ready is the IVR category (spec §3); the spoken types that
 * score or record a reading (Pronunciation, Read & Record) start as Audio; the rest as Communication.
 */
export const defaultCategory = (type: TaskType): TaskCategory =>
  type === TASK_TYPES.getInterviewReady
    ? 'IVR'
    : type === TASK_TYPES.pronunciation || type === TASK_TYPES.readAndRecord
      ? 'Audio'
      : 'Communication';

export const newDraft = (type: TaskType): TaskDraft => ({
  type,
  title: '',
  description: '',
  category: defaultCategory(type),
  level: 1,
  timeMinutes: 10,
  expirySeconds: DEFAULT_EXPIRY,
  attachments: [],
  passageSource: 'text',
  passage: '',
  readingTopicId: null,
  items: [''],
  contentId: null,
  questions: [''],
  jobTitle: '',
  industry: '',
  location: '',
  region: '',
  choiceQuestions: [newQuestion()],
});

/** Switches the type of a draft being created, keeping the common fields and the category the author chose. */
export const withType = (draft: TaskDraft, type: TaskType): TaskDraft => ({
  ...draft,
  type,
  category:
    draft.category === defaultCategory(draft.type) || draft.type === type
      ? defaultCategory(type)
      : draft.category,
});

/** The form's draft of a saved task (the edit page). */
export const fromTask = (task: Task): TaskDraft => {
  const base: TaskDraft = {
    ...newDraft(task.type),
    title: task.title,
    description: task.description ?? '',
    category: task.category,
    level: task.level,
    timeMinutes: task.timeMinutes,
    expirySeconds: task.expirySeconds,
    attachments: task.attachments ?? [],
  };
  switch (task.type) {
    case TASK_TYPES.read:
      return task.readingTopicId
        ? {
            ...base,
            passageSource: 'topic',
            readingTopicId: task.readingTopicId,
            passage: task.passage ?? '',
          }
        : { ...base, passageSource: 'text', passage: task.passage ?? '' };
    case TASK_TYPES.pronunciation:
      return { ...base, items: [...task.items] };
    case TASK_TYPES.video:
      return { ...base, contentId: task.contentId };
    case TASK_TYPES.questionAndAnswer:
    case TASK_TYPES.freeTextQuestionAndAnswer:
      return { ...base, questions: [...task.questions] };
    case TASK_TYPES.readAndRecord:
      return { ...base, passage: task.passage };
    case TASK_TYPES.getInterviewReady:
      return {
        ...base,
        jobTitle: task.jobTitle,
        industry: task.industry,
        location: task.location,
        region: task.region,
      };
    case TASK_TYPES.multipleChoiceQuestion:
      return {
        ...base,
        choiceQuestions: task.questions.map(fromQuestionTemplate),
      };
  }
};

/** The add-task body of a draft: the common fields and the fields of its type only. */
export const toTaskInput = (draft: TaskDraft) => {
  const common = {
    title: draft.title,
    ...(draft.description.trim() ? { description: draft.description } : {}),
    category: draft.category,
    level: draft.level,
    timeMinutes: draft.timeMinutes,
    expirySeconds: draft.expirySeconds,
    attachments: draft.attachments,
  };
  switch (draft.type) {
    case TASK_TYPES.read:
      return draft.passageSource === 'topic'
        ? {
            ...common,
            type: TASK_TYPES.read,
            ...(draft.readingTopicId ? { readingTopicId: draft.readingTopicId } : {}),
          }
        : { ...common, type: TASK_TYPES.read, passage: draft.passage };
    case TASK_TYPES.pronunciation:
      return { ...common, type: TASK_TYPES.pronunciation, items: draft.items };
    case TASK_TYPES.video:
      return { ...common, type: TASK_TYPES.video, contentId: draft.contentId ?? '' };
    case TASK_TYPES.questionAndAnswer:
      return { ...common, type: TASK_TYPES.questionAndAnswer, questions: draft.questions };
    case TASK_TYPES.readAndRecord:
      return { ...common, type: TASK_TYPES.readAndRecord, passage: draft.passage };
    case TASK_TYPES.getInterviewReady:
      return {
        ...common,
        type: TASK_TYPES.getInterviewReady,
        jobTitle: draft.jobTitle,
        industry: draft.industry,
        location: draft.location,
        region: draft.region,
      };
    case TASK_TYPES.freeTextQuestionAndAnswer:
      return { ...common, type: TASK_TYPES.freeTextQuestionAndAnswer, questions: draft.questions };
    case TASK_TYPES.multipleChoiceQuestion:
      return {
        ...common,
        type: TASK_TYPES.multipleChoiceQuestion,
        questions: draft.choiceQuestions.map(toQuestionTemplate),
      };
  }
};

type Issue = { path: PropertyKey[]; message: string; code?: string };

/** Clearer words where the contract's rule has no message of its own. */
const friendlyMessage = (key: string, issue: Issue) => {
  if (key === 'contentId') return i18n.t('task-editor:errors.pickVideo');
  if (key === 'readingTopicId') return i18n.t('task-editor:errors.pickTopic');
  if (issue.code === 'too_small' && /^items\.\d+$/.test(key))
    return i18n.t('task-editor:errors.wordOrRemove');
  // The contract's sentences are the server's too: server.json has them in the language on screen.
  return serverText(issue.message);
};

/** Issues as field errors: the first message per field wins. */
export const issuesToErrors = (issues: readonly Issue[]): FieldErrors => {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join('.');
    errors[key] ??= friendlyMessage(key, issue);
  }
  return errors;
};

type Checked =
  | { ok: true; request: { kind: 'add'; body: AddTaskBody } | { kind: 'edit'; body: EditTaskBody } }
  | { ok: false; errors: FieldErrors };
export type AddTaskBody = ParsedRequestOf<typeof tasks.addTask>;
export type EditTaskBody = ParsedRequestOf<typeof tasks.editTask>;

/** Messages the schema cannot give while other fields fail (its passage-or-topic rule runs last). */
const readTaskErrors = (draft: TaskDraft, errors: FieldErrors) => {
  if (draft.type !== TASK_TYPES.read) return errors;
  if (draft.passageSource === 'topic') {
    if (!draft.readingTopicId) errors.readingTopicId ??= i18n.t('task-editor:errors.pickTopic');
    delete errors.passage;
  } else if (!draft.passage.trim()) errors.passage ??= i18n.t('task-editor:errors.passage');
  return errors;
};

/**
 * Checks a draft with the contract's own schema (add-task, or edit-task with the id) and answers the parsed
 * body to send, or the errors per field.
 */
export const validateDraft = (draft: TaskDraft, taskId?: string): Checked => {
  const input = toTaskInput(draft);
  if (taskId) {
    const result = editTaskRequest.safeParse({ ...input, taskId });
    return result.success
      ? { ok: true, request: { kind: 'edit', body: result.data } }
      : { ok: false, errors: readTaskErrors(draft, issuesToErrors(result.error.issues)) };
  }
  const result = addTaskRequest.safeParse(input);
  return result.success
    ? { ok: true, request: { kind: 'add', body: result.data } }
    : { ok: false, errors: readTaskErrors(draft, issuesToErrors(result.error.issues)) };
};

/** A comparable picture of the draft without generated ids, for "unsaved changes". */
export const draftFingerprint = (draft: TaskDraft) =>
  JSON.stringify({
    ...draft,
    choiceQuestions: questionsFingerprint(draft.choiceQuestions),
  });

/** The error keys the form shows next to a control or a list, for a draft's type. */
export const shownKeys = (draft: TaskDraft): Set<string> => {
  const keys = ['title', 'description', 'category', 'level', 'timeMinutes', 'expirySeconds', 'attachments'];
  const rows = (name: string, count: number) => [
    name,
    ...Array.from({ length: count }, (_, i) => `${name}.${i}`),
  ];
  switch (draft.type) {
    case TASK_TYPES.read:
      keys.push(draft.passageSource === 'topic' ? 'readingTopicId' : 'passage');
      break;
    case TASK_TYPES.pronunciation:
      keys.push(...rows('items', draft.items.length));
      break;
    case TASK_TYPES.video:
      keys.push('contentId');
      break;
    case TASK_TYPES.questionAndAnswer:
    case TASK_TYPES.freeTextQuestionAndAnswer:
      keys.push(...rows('questions', draft.questions.length));
      break;
    case TASK_TYPES.readAndRecord:
      keys.push('passage');
      break;
    case TASK_TYPES.getInterviewReady:
      keys.push('jobTitle', 'industry', 'location', 'region');
      break;
    case TASK_TYPES.multipleChoiceQuestion:
      keys.push('questions');
      draft.choiceQuestions.forEach((question, i) => {
        const q = `questions.${i}`;
        keys.push(q, `${q}.text`, `${q}.options`, `${q}.answer`);
        if (question.hasOther) keys.push(`${q}.otherText`);
        question.options.forEach((_, j) => {
          keys.push(`${q}.options.${j}.text`);
        });
      });
      break;
  }
  return new Set(keys);
};

/**
 * Splits errors into those shown at a control and the rest (the form's alert). An error shows at the key itself
 * when the form renders it, else at its nearest rendered parent (`attachments.0.fileUrl` shows at `attachments`).
 */
export const placeErrors = (errors: Partial<FieldErrors>, draft: TaskDraft) => {
  const shown = [...shownKeys(draft)];
  const fields: FieldErrors = {};
  const rest: string[] = [];
  for (const [key, message] of Object.entries(errors)) {
    if (message === undefined) continue;
    const anchor = fieldAt(key.split('.'), shown);
    if (anchor) fields[anchor] ??= message;
    else rest.push(message);
  }
  return { fields, rest };
};
