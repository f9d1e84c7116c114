import { TASK_STATUS } from '@coach/shared/constants/task-status';
import { notFound } from '../../../errors.ts';
import type { ReportRange as Range } from '../../common/report-range.ts';
import type { ServiceContext } from '../../context.ts';

// The platform admin's reports: the three activity sources, each filtered by the range and optionally one
// enterprise, and the check that a named enterprise exists.

export const assertEnterprise = async (ctx: ServiceContext, enterpriseId: string | undefined) => {
  if (!enterpriseId) return;
  const found = await ctx.db
    .selectFrom('enterprises')
    .select('id')
    .where('id', '=', enterpriseId)
    .executeTakeFirst();
  if (!found) throw notFound('Enterprise not found');
};

/** Assignments completed in the range. */
export const completedTasks = (ctx: ServiceContext, range: Range, enterpriseId?: string) => {
  let q = ctx.db
    .selectFrom('task_assignments as ta')
    .where('ta.status', '=', TASK_STATUS.completed)
    .where('ta.completed_at', '>=', range.fromTs)
    .where('ta.completed_at', '<', range.toTs);
  if (enterpriseId) q = q.where('ta.enterprise_id', '=', enterpriseId);
  return q;
};

/** Content actions (viewed unless said) in the range. */
export const viewedVideos = (ctx: ServiceContext, range: Range, enterpriseId?: string, action = 'viewed') => {
  let q = ctx.db
    .selectFrom('content_actions as ca')
    .where('ca.action', '=', action)
    .where('ca.created_at', '>=', range.fromTs)
    .where('ca.created_at', '<', range.toTs);
  if (enterpriseId) q = q.where('ca.enterprise_id', '=', enterpriseId);
  return q;
};

/** The days members were active in the range, one row per member, day and platform. */
export const activeDays = (ctx: ServiceContext, range: Range, enterpriseId?: string) => {
  let q = ctx.db
    .selectFrom('activity_days as ad')
    .where('ad.day', '>=', range.from)
    .where('ad.day', '<=', range.to);
  if (enterpriseId) q = q.where('ad.enterprise_id', '=', enterpriseId);
  return q;
};
