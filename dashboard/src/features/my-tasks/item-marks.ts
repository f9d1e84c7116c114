import { TASK_TYPES } from '@coach/shared/constants/task-types';
import type { SpeechAnalysis } from '@coach/shared/contract/speech';
import type { LearnerTask, TaskReport } from '@coach/shared/contract/tasks';

/**
 * A recorded Pronunciation item against the passing score: still being scored, or its score and whether it
 * reaches the mark. The score is the one the server counts for the item (services/speech/pronunciation-score.ts):
 * a heard recording's pronunciation score, and 0 for one with no speech, too much noise or no analysis.
 * The task's own total stays the server's (the items' mean); this only tells the learner where each item stands.
 */
export type ItemMark = { state: 'scoring' } | { state: 'passed' | 'below'; score: number };

export const itemMark = (analysis: SpeechAnalysis | undefined, passingScore: number): ItemMark | null => {
  if (!analysis) return null;
  if (analysis.status === 'pending') return { state: 'scoring' };
  const score = analysis.status === 'done' ? analysis.scores.pronunciation : 0;
  return { state: score >= passingScore ? 'passed' : 'below', score };
};

/**
 * The recordings of a scored task (Pronunciation items, a Read & Record passage) that scored below the passing
 * score, by their report keys ("0", "1", … or "passage").
 */
export const recordingsBelowMark = ({
  task,
  report,
  analyses,
  passingScore,
}: {
  task: LearnerTask;
  report: TaskReport;
  analyses: Record<string, SpeechAnalysis>;
  passingScore: number | undefined;
}): string[] => {
  if (passingScore === undefined) return [];
  const keys =
    task.type === TASK_TYPES.pronunciation
      ? task.items.map((_, index) => String(index))
      : task.type === TASK_TYPES.readAndRecord
        ? ['passage']
        : [];
  return keys.filter(
    (key) =>
      Boolean(report.recordings?.[key]?.fileUrl) && itemMark(analyses[key], passingScore)?.state === 'below',
  );
};

/**
 * The saved recordings in which nothing could be heard (no speech, or too noisy to judge): submitted as they are, the
 * reviewer gets silence. Asked about on submit.
 */
export const recordingsUnheard = ({
  report,
  analyses,
}: {
  report: TaskReport;
  analyses: Record<string, SpeechAnalysis>;
}): string[] =>
  Object.keys(report.recordings ?? {}).filter((key) => {
    const status = analyses[key]?.status;
    return Boolean(report.recordings?.[key]?.fileUrl) && (status === 'no-speech' || status === 'too-noisy');
  });
