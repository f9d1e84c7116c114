import { TASK_STATUS } from '@coach/shared/constants/task-status';
import type { Assignment, TaskReport } from '@coach/shared/contract/tasks';
import type { Db } from '../../db/connect.ts';
import { notFound } from '../../errors.ts';
import { nowIso } from '../common/clock.ts';
import type { AssignmentRow, StoredReport } from './task-assignment-types.ts';
import type { AttemptState } from './task-attempts.ts';

// The rows of task_assignments as the assigning, learner and review services read them.

export type { AssignmentRow, StoredReport } from './task-assignment-types.ts';

export const statusOf = (value: number) => Number(value) as 0 | 1 | 2;
export const isOverdue = (dueAt: string, status: number) =>
  Number(status) !== TASK_STATUS.completed && dueAt < nowIso();

export const splitReport = (json: string | null) => {
  const { pronunciationResult, ...report } = (json ? JSON.parse(json) : {}) as StoredReport;
  return { report: report as TaskReport, pronunciation: pronunciationResult ?? null };
};

export const toAssignment = (
  row: AssignmentRow,
  analyses: Assignment['analyses'] = {},
  interview: Assignment['interview'] = [],
  tries: AttemptState = { counting: null, attempts: [], retry: null },
): Assignment => ({
  ...splitReport(row.report),
  _id: row.id,
  taskId: row.task_id,
  userId: row.user_id,
  source: row.source === 'group' ? 'group' : 'direct',
  taskStatus: statusOf(row.status),
  progress: Number(row.progress),
  assignedAt: row.assigned_at,
  dueAt: row.due_at,
  overdue: isOverdue(row.due_at, row.status),
  startedAt: row.started_at,
  completedAt: row.completed_at,
  reviewedAt: row.reviewed_at,
  feedback: row.feedback,
  feedbackAt: row.feedback_at,
  analyses,
  interview,
  ...tries,
});

export const findAssignment = async (db: Db, enterpriseId: string, taskId: string, userId: string) => {
  const row = await db
    .selectFrom('task_assignments')
    .selectAll()
    .where('enterprise_id', '=', enterpriseId)
    .where('task_id', '=', taskId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!row) throw notFound('This task is not assigned to the member');
  return row;
};
