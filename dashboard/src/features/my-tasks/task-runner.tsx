import { TASK_TYPES, type TaskType } from '@coach/shared/constants/task-types';
import type { LearnerTask } from '@coach/shared/contract/tasks';
import { FreeTextRunner } from './runners/free-text-runner.tsx';
import { InterviewRunner } from './runners/interview-runner.tsx';
import { MultipleChoiceRunner } from './runners/multiple-choice-runner.tsx';
import { PronunciationRunner } from './runners/pronunciation-runner.tsx';
import { QuestionAnswerRunner } from './runners/question-answer-runner.tsx';
import { ReadAndRecordRunner } from './runners/read-and-record-runner.tsx';
import { ReadRunner } from './runners/read-runner.tsx';
import type { Runner, RunnerInput, RunnerProps } from './runners/runner-parts.tsx';
import { VideoRunner } from './runners/video-runner.tsx';

/** The runner of each task type (spec §3 types 1-8): a new type does not typecheck until it has one. */
const RUNNERS = {
  [TASK_TYPES.read]: ReadRunner,
  [TASK_TYPES.pronunciation]: PronunciationRunner,
  [TASK_TYPES.video]: VideoRunner,
  [TASK_TYPES.questionAndAnswer]: QuestionAnswerRunner,
  [TASK_TYPES.readAndRecord]: ReadAndRecordRunner,
  [TASK_TYPES.getInterviewReady]: InterviewRunner,
  [TASK_TYPES.freeTextQuestionAndAnswer]: FreeTextRunner,
  [TASK_TYPES.multipleChoiceQuestion]: MultipleChoiceRunner,
} satisfies { [T in TaskType]: Runner<T> };

/** The part of the task screen where the learner does the task, by type (spec §3 types 1-8). */
export const TaskRunner = ({
  task,
  pronunciation,
  feedback,
  video,
  onVideoViewed,
  choiceResult,
  ...props
}: RunnerProps & Omit<RunnerInput<TaskType>, 'task' | 'props'> & { task: LearnerTask }) => {
  // RUNNERS pairs each type with its own runner, so the runner picked by task.type takes this very task.
  const TypeRunner = RUNNERS[task.type] as Runner<TaskType>;
  return (
    <TypeRunner
      task={task}
      pronunciation={pronunciation}
      feedback={feedback}
      video={video}
      onVideoViewed={onVideoViewed}
      choiceResult={choiceResult}
      props={props}
    />
  );
};
