import { ANSWERED_INTERVIEW_STAGES } from '@coach/shared/constants/interview';
import { TASK_TYPES } from '@coach/shared/constants/task-types';
import type { Task, TaskOfType, TaskReport } from '@coach/shared/contract/tasks';
import { validation } from '../../errors.ts';

// What a learner's answers to a task must hold before the task can complete.

const stageKeys = ANSWERED_INTERVIEW_STAGES;

/**
 * The recordings a task asks for, by key: its items' or questions' indexes, the passage ("0" too, as older clients
 * sent it) or the interview's stages. None for the other types.
 */
export const recordingKeysOf = (task: Task): ReadonlySet<string> => {
  const indexes = (count: number) => new Set(Array.from({ length: count }, (_, index) => String(index)));
  switch (task.type) {
    case TASK_TYPES.pronunciation:
      return indexes(task.items.length);
    case TASK_TYPES.questionAndAnswer:
      return indexes(task.questions.length);
    case TASK_TYPES.readAndRecord:
      return new Set(['passage', '0']);
    case TASK_TYPES.getInterviewReady:
      return new Set(stageKeys);
    default:
      return new Set();
  }
};

/**
 * 422 naming the first recording the task does not ask for: every recording is heard by the one speech queue all
 * organisations share, so a report may hold only the task's own (a thousand made-up keys was a thousand analyses).
 */
export const assertRecordingKeys = (task: Task, report: TaskReport) => {
  const allowed = recordingKeysOf(task);
  for (const key of Object.keys(report.recordings ?? {}))
    if (!allowed.has(key))
      throw validation(`report.recordings.${key}`, 'This task asks for no recording by that name');
};

/** What a completed report must hold, per type; throws 422 naming the first missing answer. */
export const assertComplete = (task: Task, report: TaskReport) => {
  const recorded = (key: string, message: string) => {
    if (!report.recordings?.[key]) throw validation(`report.recordings.${key}`, message);
  };
  switch (task.type) {
    case TASK_TYPES.read:
      if (report.read !== true)
        throw validation('report.read', 'Please read the passage and mark it as read');
      return;
    case TASK_TYPES.pronunciation:
      task.items.forEach((item, index) => {
        recorded(String(index), `Please record "${item}"`);
      });
      return;
    case TASK_TYPES.video:
      if ((report.watchedPercent ?? 0) < 80)
        throw validation('report.watchedPercent', 'Please watch at least 80 % of the video');
      return;
    case TASK_TYPES.questionAndAnswer:
      task.questions.forEach((_question, index) => {
        recorded(String(index), `Please record your answer to question ${index + 1}`);
      });
      return;
    case TASK_TYPES.readAndRecord:
      recorded('passage', 'Please record yourself reading the passage');
      return;
    case TASK_TYPES.getInterviewReady:
      for (const stage of stageKeys) recorded(stage, `Please record your answer for ${stage.toLowerCase()}`);
      return;
    case TASK_TYPES.freeTextQuestionAndAnswer:
      task.questions.forEach((_question, index) => {
        if (!report.answers?.[index]?.trim())
          throw validation(`report.answers.${index}`, `Please answer question ${index + 1}`);
      });
      return;
    case TASK_TYPES.multipleChoiceQuestion:
      assertChoices(task, report);
      return;
  }
};

/** The multiple-choice rules of spec §3: required, options only (or other when allowed), single or multiple. */
const assertChoices = (task: TaskOfType<8>, report: TaskReport) => {
  for (const question of task.questions) {
    const field = `report.choices.${question.id}`;
    const choice = report.choices?.[question.id];
    const other = choice?.other?.trim();
    const values = choice?.values ?? [];
    if (values.length === 0 && !other) {
      if (question.required) throw validation(field, `Please answer: ${question.text}`);
      continue;
    }
    const allowed = new Set(question.options.map((option) => option.value));
    if (values.some((value) => !allowed.has(value))) throw validation(field, 'Choose from the options given');
    if (other && !question.hasOther) throw validation(field, 'This question has no "other" answer');
    if (!question.multipleSelection && values.length + (other ? 1 : 0) > 1)
      throw validation(field, `Choose one answer: ${question.text}`);
  }
};
