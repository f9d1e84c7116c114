import { TASK_TYPES } from '@coach/shared/constants/task-types';
import type { SpeechAnalysis } from '@coach/shared/contract/speech';
import type { Task, TaskReport } from '@coach/shared/contract/tasks';

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

/** The 0-based indexes of a Pronunciation task's recorded items that scored below the passing score. */
export const itemsBelowMark = ({
  task,
  report,
  analyses,
  passingScore,
}: {
  task: Task;
  report: TaskReport;
  analyses: Record<string, SpeechAnalysis>;
  passingScore: number | undefined;
}): number[] => {
  if (task.type !== TASK_TYPES.pronunciation || passingScore === undefined) return [];
  return task.items.flatMap((_, index) => {
    const key = String(index);
    if (!report.recordings?.[key]?.fileUrl) return [];
    return itemMark(analyses[key], passingScore)?.state === 'below' ? [index] : [];
  });
};
