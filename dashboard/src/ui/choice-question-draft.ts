import type { QuestionTemplate } from '@coach/shared/contract/tasks';

// Multiple-choice questions (spec §3 question template) as an editor holds them: the Multiple Choice task's
// builder and the survey builder.

/** Field errors keyed by the dotted path of the contract (`title`, `questions.0.options.1.text`). */
export type FieldErrors = Record<string, string>;

/** One option of a multiple-choice question being edited. */
export type OptionDraft = {
  /** Stable key for React and for the expected answer while the text changes. */
  key: string;
  text: string;
  /** The value the question was saved with: kept so answers given earlier still match it. */
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

const answerValues = (answer: string | string[] | undefined): string[] =>
  answer === undefined ? [] : Array.isArray(answer) ? answer : [answer];

/** The editor's draft of a saved question: options keep their saved values. */
export const fromQuestionTemplate = (question: QuestionTemplate): QuestionDraft => {
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
    answerKeys: options.filter((o) => expected.includes(o.savedValue ?? '')).map((o) => o.key),
  };
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

/** A comparable picture of questions without generated ids and keys, for "unsaved changes". */
export const questionsFingerprint = (questions: QuestionDraft[]) =>
  questions.map(({ id: _id, options, answerKeys, ...rest }) => ({
    ...rest,
    options: options.map((o) => [o.text, o.savedValue ?? null, answerKeys.includes(o.key)]),
  }));
