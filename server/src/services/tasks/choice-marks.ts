import { TASK_STATUS } from '@coach/shared/constants/task-status';
import { TASK_TYPES } from '@coach/shared/constants/task-types';
import type { ChoiceResult, QuestionTemplate, Task, TaskReport } from '@coach/shared/contract/tasks';

// A submitted Multiple Choice task (type 8) marked against the expected answers its author set (spec §3 question
// template `answer`), for the learner once they have submitted and for the reviewer alike.

/** A question's expected option values; none when the author set no answer (an empty list is none too). */
const expectedOf = (question: Pick<QuestionTemplate, 'answer'>): string[] =>
  question.answer === undefined ? [] : Array.isArray(question.answer) ? question.answer : [question.answer];

/**
 * Each question with an expected answer, marked: right only when the options chosen are exactly the expected ones
 * (as a set: one missing or one too many is wrong). The "Other" text is free text and never marked; a question
 * left unanswered is not right. Questions without an expected answer are left out of the marks and the total.
 * Null when there is nothing to mark.
 */
export const markChoices = (
  questions: readonly QuestionTemplate[],
  report: TaskReport,
): ChoiceResult | null => {
  const marks = questions.flatMap((question) => {
    const expected = expectedOf(question);
    if (expected.length === 0) return [];
    const wanted = new Set(expected);
    const chosen = new Set(report.choices?.[question.id]?.values ?? []);
    const right = chosen.size === wanted.size && [...chosen].every((value) => wanted.has(value));
    return [{ questionId: question.id, right, expected: [...wanted] }];
  });
  if (marks.length === 0) return null;
  return { right: marks.filter((mark) => mark.right).length, total: marks.length, questions: marks };
};

/**
 * The marks an assignment carries: only a Multiple Choice task's, and only once it is submitted (completed), so the
 * expected answers never reach its learner while they can still change their answers.
 */
export const choiceResultOf = (
  task: Task | undefined,
  status: number,
  report: TaskReport,
): ChoiceResult | null =>
  task?.type === TASK_TYPES.multipleChoiceQuestion && Number(status) === TASK_STATUS.completed
    ? markChoices(task.questions, report)
    : null;
