import {
  INTERVIEW_STAGES,
  isTaskTypeIn,
  SPOKEN_TASK_TYPES,
  TASK_TYPES,
  WRITTEN_TASK_TYPES,
} from '@coach/shared/constants/task-types';
import { VIDEO_COMPLETION_THRESHOLD } from '@coach/shared/constants/timing';
import { choiceProblem, isAnswered, otherChosen } from '@coach/shared/contract/choice-rules';
import type { ChoiceAnswer, LearnerTask, QuestionTemplate, TaskReport } from '@coach/shared/contract/tasks';
import type { TOptions } from 'i18next';
import { i18n } from '../../i18n/index.ts';

// Step labels and problems read in the language on screen, not the server's English; the components showing them use
// useTranslation, so they render again when the language changes.
const t = (key: string, options: TOptions = {}) => i18n.t(`my-tasks:${key}`, options);

/** The interview stages the learner answers; FEEDBACK is the reviewer's (spec §4). */
export const RECORDED_STAGES = INTERVIEW_STAGES.filter((stage) => stage !== 'FEEDBACK');

/**
 * One thing the learner does in a task: the report field it fills (named as the server names a missing one
 * in a 422, e.g. 'report.choices.q2'), whether it is done, and whether submitting needs it.
 */
export type TaskStep = {
  field: string;
  label: string;
  done: boolean;
  /** Something is there, finished or not (a chosen "Other" still without its text). */
  started: boolean;
  problem: string | null;
};

/** Report keys of the recordings a task asks for: item or question index, 'passage', or the stage name. */
export const recordingKeys = (task: LearnerTask): string[] => {
  switch (task.type) {
    case TASK_TYPES.pronunciation:
      return task.items.map((_, index) => String(index));
    case TASK_TYPES.questionAndAnswer:
      return task.questions.map((_, index) => String(index));
    case TASK_TYPES.readAndRecord:
      return ['passage'];
    case TASK_TYPES.getInterviewReady:
      return [...RECORDED_STAGES];
    default:
      return [];
  }
};

/** How a recording step is named to the learner: 'Item 2', 'Question 3', 'The passage', 'The TECHNICAL stage'. */
const recordingLabel = (task: LearnerTask, key: string) => {
  if (task.type === TASK_TYPES.pronunciation) return t('steps.item', { n: Number(key) + 1 });
  if (task.type === TASK_TYPES.questionAndAnswer) return t('steps.question', { n: Number(key) + 1 });
  if (key === 'passage') return t('steps.passage');
  return i18n.exists(`my-tasks:steps.stage.${key}`) ? t(`steps.stage.${key}`) : key;
};

/** choiceProblem's English (shared with the server) in the language on screen. */
const choiceProblemText = (question: QuestionTemplate, answer: ChoiceAnswer | undefined) => {
  const problem = choiceProblem(question, answer);
  if (problem === null) return null;
  if (problem === 'Please answer this question') return t('steps.problem.answer');
  if (problem === 'Please choose from the options given') return t('steps.problem.choose');
  if (problem === 'Please choose one answer') return t('steps.problem.chooseOne');
  const other = /^Please type your answer for "(.*)"$/.exec(problem);
  return other ? t('steps.problem.typeOther', { option: other[1] }) : problem;
};

export const recordingField = (key: string) => `report.recordings.${key}`;
export const answerField = (index: number) => `report.answers.${index}`;
export const choiceField = (questionId: string) => `report.choices.${questionId}`;
export const READ_FIELD = 'report.read';

/** The steps of a task with what the report holds so far. */
export const taskSteps = (task: LearnerTask, report: TaskReport): TaskStep[] => {
  switch (task.type) {
    case TASK_TYPES.read:
      return [
        {
          field: READ_FIELD,
          label: t('steps.passage'),
          done: report.read === true,
          started: report.read === true,
          problem: report.read ? null : t('steps.problem.read'),
        },
      ];
    case TASK_TYPES.video: {
      const done = (report.watchedPercent ?? 0) >= VIDEO_COMPLETION_THRESHOLD * 100;
      return [
        {
          field: 'report.watchedPercent',
          label: t('steps.video'),
          done,
          started: done,
          problem: done ? null : t('steps.problem.watch'),
        },
      ];
    }
    case TASK_TYPES.freeTextQuestionAndAnswer:
      return task.questions.map((_, index) => {
        const done = Boolean(report.answers?.[index]?.trim());
        return {
          field: answerField(index),
          label: t('steps.question', { n: index + 1 }),
          done,
          started: done,
          problem: done ? null : t('steps.problem.answer'),
        };
      });
    case TASK_TYPES.multipleChoiceQuestion:
      return task.questions.map((question, index) => {
        const answer = report.choices?.[question.id];
        return {
          field: choiceField(question.id),
          label: t('steps.question', { n: index + 1 }),
          done: isAnswered(answer),
          started: isAnswered(answer) || otherChosen(answer),
          problem: choiceProblemText(question, answer),
        };
      });
    default:
      return recordingKeys(task).map((key) => {
        const done = Boolean(report.recordings?.[key]?.fileUrl);
        return {
          field: recordingField(key),
          label: recordingLabel(task, key),
          done,
          started: done,
          problem: done ? null : t('steps.problem.record'),
        };
      });
  }
};

/** How far along the learner is: steps done of all steps, and whether the report can be submitted. */
export const taskProgress = (task: LearnerTask, report: TaskReport) => {
  const steps = taskSteps(task, report);
  const done = steps.filter((step) => step.done).length;
  const total = steps.length;
  const firstProblem = steps.find((step) => step.problem !== null) ?? null;
  return {
    steps,
    done,
    total,
    percent: total === 0 ? 0 : Math.round((done / total) * 100),
    complete: total > 0 && firstProblem === null,
    firstProblem,
  };
};

/**
 * The progress saved while the task is still in progress: 100 only comes with completion (taskStatus 2),
 * so a task with every step done but not submitted reads 99.
 */
export const inProgressPercent = (task: LearnerTask, report: TaskReport) =>
  Math.min(99, taskProgress(task, report).percent);

/** The report as sent: one free-text answer per question (blank when not yet answered). */
export const reportToSend = (task: LearnerTask, report: TaskReport): TaskReport => {
  if (task.type !== TASK_TYPES.freeTextQuestionAndAnswer) return report;
  return { ...report, answers: task.questions.map((_, index) => report.answers?.[index] ?? '') };
};

/** What the learner does, for the progress line: 'recorded', 'answered' or 'done'. */
export const stepVerb = (task: LearnerTask) =>
  isTaskTypeIn(WRITTEN_TASK_TYPES, task.type)
    ? 'answered'
    : isTaskTypeIn(SPOKEN_TASK_TYPES, task.type)
      ? 'recorded'
      : 'done';
