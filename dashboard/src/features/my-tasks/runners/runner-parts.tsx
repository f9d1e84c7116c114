import type { TaskType } from '@coach/shared/constants/task-types';
import type { VideoContent } from '@coach/shared/contract/content';
import type { InterviewMessage } from '@coach/shared/contract/interview';
import type { SpeechAnalysis } from '@coach/shared/contract/speech';
import type {
  ChoiceResult,
  LearnerTaskOfType,
  PronunciationRule,
  TaskReport,
} from '@coach/shared/contract/tasks';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { AudioTake } from '../../../ui/audio-recorder.tsx';
import type { SaveWhen } from '../use-task-attempt.ts';

/** The element id of a step, so a 422 naming its field can take the learner there. */
export const stepId = (field: string) => `step-${field.replace(/[^\w-]/g, '-')}`;

export type RunnerProps = {
  report: TaskReport;
  readOnly: boolean;
  update: (change: (report: TaskReport) => TaskReport, when: SaveWhen) => Promise<void>;
  saveRecording: (key: string) => (take: AudioTake) => Promise<void>;
  /** The message to show on a step: the server's 422 for its field, or a missing answer after a submit. */
  errorFor: (field: string) => string | null;
  /**
   * What the speech engine heard in each saved recording, keyed like report.recordings; analyses arrive in the
   * background after the recording is saved.
   */
  analyses: Record<string, SpeechAnalysis>;
  /** An analysis is still pending after the screen stopped asking: the panel says to come back later. */
  analysisStalled: boolean;
  /** A Get Interview Ready attempt's conversation so far; empty for other types. */
  interview: InterviewMessage[];
};

/** What the task screen hands the runner of a task of type T. */
export type RunnerInput<T extends TaskType> = {
  task: LearnerTaskOfType<T>;
  /** The learner's pronunciation rule (accent, passing score, strictness), when their group has one. */
  pronunciation: PronunciationRule | null;
  /** The reviewer's feedback on the attempt, if any. */
  feedback: string | null;
  /** Video: the video to play. */
  video?: VideoContent | null | undefined;
  /** Video: the player recorded 'viewed' and was closed (the task is now complete on the server). */
  onVideoViewed?: (() => void) | undefined;
  /** Multiple Choice, once submitted: the server's marks of each question (never sent before submission). */
  choiceResult?: ChoiceResult | null | undefined;
  props: RunnerProps;
};

/** The part of the task screen where the learner does a task of type T. */
export type Runner<T extends TaskType> = (input: RunnerInput<T>) => ReactNode;

/** What to do, shown while the task is open (a submitted task shows only the answers). */
export const Intro = ({ readOnly, children }: { readOnly: boolean; children: ReactNode }) =>
  readOnly ? null : <p className="runner__intro">{children}</p>;

export const StepError = ({ message }: { message: string | null }) =>
  message ? <p className="step__error">{message}</p> : null;

export const Passage = ({ text }: { text: string | undefined }) => {
  const { t } = useTranslation('my-tasks');
  return text ? (
    <blockquote className="passage" dir="auto">
      {text}
    </blockquote>
  ) : (
    <p className="my-task__note">{t('runner.passageMissing')}</p>
  );
};
