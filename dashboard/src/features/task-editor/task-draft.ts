import type { ExpirySeconds, TimeChoiceMinutes } from '@coach/shared/constants/durations';
import type { Level } from '@coach/shared/constants/levels';
import type { TaskCategory, TaskType } from '@coach/shared/constants/task-types';
import type { ParsedRequestOf } from '@coach/shared/contract/define-call';
import {
  type Attachment,
  addTaskRequest,
  editTaskRequest,
  type Task,
  type tasks,
} from '@coach/shared/contract/tasks';

/** One option of a multiple-choice question being edited. */
export type OptionDraft = {
  /** Stable key for React and for the expected answer while the text changes. */
  key: string;
  text: string;
  /** The value the task was saved with: kept so learners' earlier answers still match it. */
  savedValue?: string;
};

/** A multiple-choice question (spec §3 question template) being edited. */
export type QuestionDraft = {
  id: string;
  text: string;
  options: OptionDraft[];
  hasOther: boolean;
  otherText: string;
  multipleSelection: boolean;
  required: boolean;
  /** Keys of the options that are the expected answer (none: the question has no right answer). */
  answerKeys: string[];
};

export type PassageSource = 'text' | 'topic';

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
  /** Type 1: a typed passage or a reading topic. */
  passageSource: PassageSource;
  /** Types 1 and 5. */
  passage: string;
  readingTopicId: string | null;
  /** Type 2: words or sentences to say. */
  items: string[];
  /** Type 3. */
  contentId: string | null;
  /** Types 4 and 7. */
  questions: string[];
  /** Type 6. */
  jobTitle: string;
  industry: string;
  location: string;
  region: string;
  /** Type 8. */
  choiceQuestions: QuestionDraft[];
};

/** Field errors keyed by the dotted path of the contract (`title`, `questions.0.options.1.text`). */
export type FieldErrors = Record<string, string>;

/** Seven days: the middle of spec §9's expiry list and a sensible deadline for one task. */
const DEFAULT_EXPIRY: ExpirySeconds = 604800;

export const newKey = () => crypto.randomUUID();

export const newOption = (text = ''): OptionDraft => ({ key: newKey(), text });

export const newQuestion = (): QuestionDraft => ({
  id: newKey(),
  text: '',
  options: [newOption(), newOption()],
  hasOther: false,
  otherText: '',
  multipleSelection: false,
  required: true,
  answerKeys: [],
});

/**
 * The category a type starts with: Get Interview Ready is the IVR category (spec §3); the spoken types that
 * score or record a reading (Pronunciation, Read & Record) start as Audio; the rest as Communication.
 */
export const defaultCategory = (type: TaskType): TaskCategory =>
  type === 6 ? 'IVR' : type === 2 || type === 5 ? 'Audio' : 'Communication';

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

const answerValues = (answer: string | string[] | undefined): string[] =>
  answer === undefined ? [] : Array.isArray(answer) ? answer : [answer];

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
    case 1:
      return task.readingTopicId
        ? {
            ...base,
            passageSource: 'topic',
            readingTopicId: task.readingTopicId,
            passage: task.passage ?? '',
          }
        : { ...base, passageSource: 'text', passage: task.passage ?? '' };
    case 2:
      return { ...base, items: [...task.items] };
    case 3:
      return { ...base, contentId: task.contentId };
    case 4:
    case 7:
      return { ...base, questions: [...task.questions] };
    case 5:
      return { ...base, passage: task.passage };
    case 6:
      return {
        ...base,
        jobTitle: task.jobTitle,
        industry: task.industry,
        location: task.location,
        region: task.region,
      };
    case 8:
      return {
        ...base,
        choiceQuestions: task.questions.map((question) => {
          const options = question.options.map((option) => ({
            key: newKey(),
            text: option.text,
            savedValue: option.value,
          }));
          const expected = answerValues(question.answer);
          return {
            id: question.id,
            text: question.text,
            options,
            hasOther: question.hasOther,
            otherText: question.otherText ?? '',
            multipleSelection: question.multipleSelection,
            required: question.required,
            answerKeys: options.filter((o) => expected.includes(o.savedValue)).map((o) => o.key),
          };
        }),
      };
  }
};

/** A value made from an option's text: lower case, letters and digits joined by dashes. */
export const slugOf = (text: string) =>
  text
    .trim()
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');

/**
 * The values of a question's options (spec §3: options carry text and value, values unique): a saved option
 * keeps its value; a new one takes its text's slug, or `option-N` from its position, made unique.
 */
export const optionValues = (options: OptionDraft[]): string[] => {
  const used = new Set(options.flatMap((o) => (o.savedValue ? [o.savedValue] : [])));
  return options.map((option, index) => {
    if (option.savedValue) return option.savedValue;
    const base = slugOf(option.text) || `option-${index + 1}`;
    let value = base;
    for (let n = 2; used.has(value); n += 1) value = `${base}-${n}`;
    used.add(value);
    return value;
  });
};

/** A question template of the contract from its draft. */
export const toQuestionTemplate = (question: QuestionDraft) => {
  const values = optionValues(question.options);
  const expected = question.options.flatMap((option, index) =>
    question.answerKeys.includes(option.key) ? [values[index] ?? ''] : [],
  );
  return {
    id: question.id,
    type: 'multiple-choice' as const,
    text: question.text,
    options: question.options.map((option, index) => ({ text: option.text, value: values[index] ?? '' })),
    hasOther: question.hasOther,
    ...(question.hasOther && question.otherText.trim() ? { otherText: question.otherText } : {}),
    multipleSelection: question.multipleSelection,
    required: question.required,
    ...(expected.length === 0 ? {} : { answer: question.multipleSelection ? expected : (expected[0] ?? '') }),
  };
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
    case 1:
      return draft.passageSource === 'topic'
        ? {
            ...common,
            type: 1 as const,
            ...(draft.readingTopicId ? { readingTopicId: draft.readingTopicId } : {}),
          }
        : { ...common, type: 1 as const, passage: draft.passage };
    case 2:
      return { ...common, type: 2 as const, items: draft.items };
    case 3:
      return { ...common, type: 3 as const, contentId: draft.contentId ?? '' };
    case 4:
      return { ...common, type: 4 as const, questions: draft.questions };
    case 5:
      return { ...common, type: 5 as const, passage: draft.passage };
    case 6:
      return {
        ...common,
        type: 6 as const,
        jobTitle: draft.jobTitle,
        industry: draft.industry,
        location: draft.location,
        region: draft.region,
      };
    case 7:
      return { ...common, type: 7 as const, questions: draft.questions };
    case 8:
      return { ...common, type: 8 as const, questions: draft.choiceQuestions.map(toQuestionTemplate) };
  }
};

type Issue = { path: PropertyKey[]; message: string; code?: string };

/** Clearer words where the contract's rule has no message of its own. */
const friendlyMessage = (key: string, issue: Issue) => {
  if (key === 'contentId') return 'Please pick a video';
  if (key === 'readingTopicId') return 'Please pick a reading topic';
  if (issue.code === 'too_small' && /^items\.\d+$/.test(key))
    return 'Please enter a word or sentence, or remove the row';
  return issue.message;
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
  if (draft.type !== 1) return errors;
  if (draft.passageSource === 'topic') {
    if (!draft.readingTopicId) errors.readingTopicId ??= 'Please pick a reading topic';
    delete errors.passage;
  } else if (!draft.passage.trim()) errors.passage ??= 'Please enter the passage';
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
    choiceQuestions: draft.choiceQuestions.map(({ id: _id, options, answerKeys, ...rest }) => ({
      ...rest,
      options: options.map((o) => [o.text, o.savedValue ?? null, answerKeys.includes(o.key)]),
    })),
  });

/**
 * Where a field error shows: the key itself when the form renders it, else its nearest rendered parent
 * (`attachments.0.fileUrl` shows at `attachments`), else null (the form's alert).
 */
export const errorAnchor = (key: string, shown: (key: string) => boolean): string | null => {
  const parts = key.split('.');
  for (let end = parts.length; end > 0; end -= 1) {
    const candidate = parts.slice(0, end).join('.');
    if (shown(candidate)) return candidate;
  }
  return null;
};

/** The error keys the form shows next to a control or a list, for a draft's type. */
export const shownKeys = (draft: TaskDraft): Set<string> => {
  const keys = ['title', 'description', 'category', 'level', 'timeMinutes', 'expirySeconds', 'attachments'];
  const rows = (name: string, count: number) => [
    name,
    ...Array.from({ length: count }, (_, i) => `${name}.${i}`),
  ];
  switch (draft.type) {
    case 1:
      keys.push(draft.passageSource === 'topic' ? 'readingTopicId' : 'passage');
      break;
    case 2:
      keys.push(...rows('items', draft.items.length));
      break;
    case 3:
      keys.push('contentId');
      break;
    case 4:
    case 7:
      keys.push(...rows('questions', draft.questions.length));
      break;
    case 5:
      keys.push('passage');
      break;
    case 6:
      keys.push('jobTitle', 'industry', 'location', 'region');
      break;
    case 8:
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

/** Splits errors into those shown at a control (moved to their nearest shown parent) and the rest. */
export const placeErrors = (errors: FieldErrors, draft: TaskDraft) => {
  const shown = shownKeys(draft);
  const fields: FieldErrors = {};
  const rest: string[] = [];
  for (const [key, message] of Object.entries(errors)) {
    const anchor = errorAnchor(key, (candidate) => shown.has(candidate));
    if (anchor) fields[anchor] ??= message;
    else rest.push(message);
  }
  return { fields, rest };
};
