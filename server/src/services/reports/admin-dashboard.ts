import type { adminGeneral } from '@coach/shared/contract/admin';
import type { AdminDashboard } from '@coach/shared/contract/admin-reports';
import type { ParsedRequestOf } from '@coach/shared/contract/define-call';
import { hasJoined } from '../common/joined.ts';
import { resolveRange } from '../common/report-range.ts';
import type { ServiceContext } from '../context.ts';
import { activeDays, assertEnterprise, completedTasks, viewedVideos } from './internal/platform-sources.ts';
import { count, dayOfTs } from './internal/report-sql.ts';

/** general/my-dashboard: the platform's figures over the range and per day (for the chart). */
export const adminDashboard = async (
  ctx: ServiceContext,
  input: ParsedRequestOf<typeof adminGeneral.myDashboard>,
): Promise<AdminDashboard> => {
  await assertEnterprise(ctx, input.enterpriseId);
  const range = resolveRange(input);
  const { enterpriseId } = input;
  let enterprises = ctx.db.selectFrom('enterprises').select((eb) => eb.fn.countAll().as('n'));
  if (enterpriseId) enterprises = enterprises.where('id', '=', enterpriseId);
  // Members who have joined: a pending invitee is not one yet (as the enterprise's own dashboard counts them).
  let members = ctx.db
    .selectFrom('users')
    .where(hasJoined())
    .select((eb) => eb.fn.countAll().as('n'));
  if (enterpriseId) members = members.where('enterprise_id', '=', enterpriseId);
  const [e, m, active, tasks, videos, activeByDay, tasksByDay, videosByDay] = await Promise.all([
    enterprises.executeTakeFirst(),
    members.executeTakeFirst(),
    activeDays(ctx, range, enterpriseId)
      .select((eb) => eb.fn.count('ad.user_id').distinct().as('n'))
      .executeTakeFirst(),
    completedTasks(ctx, range, enterpriseId)
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst(),
    viewedVideos(ctx, range, enterpriseId)
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst(),
    activeDays(ctx, range, enterpriseId)
      .select(['ad.day as day', (eb) => eb.fn.countAll().as('n')])
      .groupBy('ad.day')
      .execute(),
    completedTasks(ctx, range, enterpriseId)
      .select([dayOfTs('ta.completed_at').as('day'), (eb) => eb.fn.countAll().as('n')])
      .groupBy(dayOfTs('ta.completed_at'))
      .execute(),
    viewedVideos(ctx, range, enterpriseId)
      .select([dayOfTs('ca.created_at').as('day'), (eb) => eb.fn.countAll().as('n')])
      .groupBy(dayOfTs('ca.created_at'))
      .execute(),
  ]);
  const byDay = (rows: { day: string; n: unknown }[]) => new Map(rows.map((r) => [r.day, count(r.n)]));
  const [a, t, v] = [byDay(activeByDay), byDay(tasksByDay), byDay(videosByDay)];
  return {
    from: range.from,
    to: range.to,
    enterprises: count(e?.n),
    members: count(m?.n),
    activeLearners: count(active?.n),
    tasksCompleted: count(tasks?.n),
    videosWatched: count(videos?.n),
    days: range.days.map((day) => ({
      day,
      activeLearners: a.get(day) ?? 0,
      tasksCompleted: t.get(day) ?? 0,
      videosWatched: v.get(day) ?? 0,
    })),
  };
};

/** general/sync-firebase-data: there is no mobile push service to synchronise with; it says so. */
export const syncFirebaseData = async (ctx: ServiceContext) => {
  ctx.setMessage('No mobile push service is configured, so nothing was synchronised');
  return { configured: false, synchronised: 0 };
};
