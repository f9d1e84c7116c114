/**
 * The multiple-choice answer rules of spec §3 question templates, used alike by the screens that take answers
 * (task type 8, surveys) and by the server that checks them.
 */
import type { ChoiceAnswer, QuestionTemplate } from './tasks.ts';

/** The label of a question's "Other" option: the author's text, else 'Other'. */
export const otherLabel = (question: Pick<QuestionTemplate, 'otherText'>) =>
  question.otherText?.trim() || 'Other';

/** Whether the learner chose "Other" (its text box is open, even while still empty). */
export const otherChosen = (answer: ChoiceAnswer | undefined) => answer?.other !== undefined;

/** Whether the question has an answer at all: an option, or some "Other" text. */
export const isAnswered = (answer: ChoiceAnswer | undefined) =>
  (answer?.values.length ?? 0) > 0 || Boolean(answer?.other?.trim());

/**
 * What is wrong with an answer to a multiple-choice question, or null when it can be submitted (the server
 * checks the same on completion): a required question needs an answer; one-answer questions take one; only
 * the question's options count; a chosen "Other" needs its text.
 */
export const choiceProblem = (
  question: QuestionTemplate,
  answer: ChoiceAnswer | undefined,
): string | null => {
  const values = answer?.values ?? [];
  const chosenOther = otherChosen(answer);
  if (values.length === 0 && !chosenOther) return question.required ? 'Please answer this question' : null;
  const known = new Set(question.options.map((option) => option.value));
  if (values.some((value) => !known.has(value))) return 'Please choose from the options given';
  if (chosenOther && !question.hasOther) return 'Please choose from the options given';
  if (!question.multipleSelection && values.length + (chosenOther ? 1 : 0) > 1)
    return 'Please choose one answer';
  if (chosenOther && !answer?.other?.trim()) return `Please type your answer for "${otherLabel(question)}"`;
  return null;
};

/**
 * The answer after an option is ticked or unticked: a one-answer question (radios) holds only that option;
 * a several-answer question (checkboxes) adds or removes it and keeps "Other".
 */
export const chooseOption = (
  question: QuestionTemplate,
  answer: ChoiceAnswer | undefined,
  value: string,
  checked: boolean,
): ChoiceAnswer => {
  if (!question.multipleSelection) return checked ? { values: [value] } : { values: [] };
  const values = (answer?.values ?? []).filter((existing) => existing !== value);
  const next: ChoiceAnswer = { values: checked ? [...values, value] : values };
  if (answer?.other !== undefined) next.other = answer.other;
  return next;
};

/** The answer after "Other" is chosen or dropped; a one-answer question drops its options when "Other" is chosen. */
export const chooseOther = (
  question: QuestionTemplate,
  answer: ChoiceAnswer | undefined,
  checked: boolean,
): ChoiceAnswer => {
  const values = question.multipleSelection ? (answer?.values ?? []) : [];
  if (!checked) return { values: question.multipleSelection ? values : (answer?.values ?? []) };
  return { values, other: answer?.other ?? '' };
};

/** The answer with new "Other" text (typing keeps "Other" chosen). */
export const typeOther = (answer: ChoiceAnswer | undefined, text: string): ChoiceAnswer => ({
  values: answer?.values ?? [],
  other: text,
});
