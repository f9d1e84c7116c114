import type { PronunciationResult, TaskReport } from '@coach/shared/contract/tasks';

// The shapes of a task_assignments row and its stored report, apart from the services that read them, so that
// the tries (task-attempts.ts) and the rows (task-assignment-rows.ts) can both name them without a cycle.

export type AssignmentRow = {
  id: string;
  task_id: string;
  user_id: string;
  source: string;
  status: number;
  progress: number;
  report: string | null;
  assigned_at: string;
  due_at: string;
  started_at: string | null;
  completed_at: string | null;
  reviewed_at: string | null;
  feedback: string | null;
  feedback_at: string | null;
  /** The counting score of a scored task's tries (task-attempts.ts). */
  counting_result?: string | null;
};

/** The stored report: the learner's answers plus, for Pronunciation tasks, the server's score. */
export type StoredReport = TaskReport & { pronunciationResult?: PronunciationResult };
