import { LEVEL_NAMES, type Level } from '@coach/shared/constants/levels';
import { TASK_STATUS_LABELS } from '@coach/shared/constants/task-status';
import { TASK_TYPE_LABELS } from '@coach/shared/constants/task-types';
import type { Task } from '@coach/shared/contract/tasks';
import { formatDateTime } from '../../lib/dates.ts';

export const typeLabel = (type: Task['type']) => TASK_TYPE_LABELS[type];

export const levelName = (level: number) => LEVEL_NAMES[level as Level] ?? `Level ${level}`;

export const timeLabel = (minutes: number) => `${minutes} min`;

/** 'Due 3 May 2026, 14:00', or 'Overdue since ...' when it has passed and the task is not done. */
export const dueLabel = ({ dueAt, overdue }: { dueAt: string; overdue: boolean }) =>
  overdue ? `Overdue since ${formatDateTime(dueAt)}` : `Due ${formatDateTime(dueAt)}`;

/** The learner's words for a taskStatus (spec §3: 0 not started, 1 in progress, 2 completed). */
export const statusLabel = (status: 0 | 1 | 2) => TASK_STATUS_LABELS[status];
