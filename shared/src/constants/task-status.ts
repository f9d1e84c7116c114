/**
 * taskStatus values of the task progress update (spec §3, §4). The spec fixes only 2 = completed (a video
 * task becomes progress 100, taskStatus 2); 0 and 1 are ours.
 */
export const TASK_STATUS = {
  notStarted: 0,
  inProgress: 1,
  /** The spec's completed value (spec §4). */
  completed: 2,
} as const;
export type TaskStatus = (typeof TASK_STATUS)[keyof typeof TASK_STATUS];

export const TASK_STATUS_LABELS = {
  0: 'Not started',
  1: 'In progress',
  2: 'Completed',
} as const satisfies Record<TaskStatus, string>;
