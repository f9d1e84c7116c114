import { TASK_TYPE_VALUES, type TaskType } from '@coach/shared/constants/task-types';
import {
  type AppUserCounts,
  type adminReports,
  CLIENT_PLATFORMS,
  type ClientPlatform,
  type EnterpriseUsage,
  type FeatureUsage,
} from '@coach/shared/contract/admin-reports';
import type { ParsedRequestOf } from '@coach/shared/contract/define-call';
import { hasJoined } from '../common/joined.ts';
import { resolveRange } from '../common/report-range.ts';
import type { ServiceContext } from '../context.ts';
import { activeDays, assertEnterprise, completedTasks, viewedVideos } from './internal/platform-sources.ts';
import { count } from './internal/report-sql.ts';

// The admin's usage reports: app user counts, feature usage, and one enterprise's usage.

const platformOf = (value: string): ClientPlatform =>
  (CLIENT_PLATFORMS as readonly string[]).includes(value) ? (value as ClientPlatform) : 'web';
const zeroPlatforms = (): Record<ClientPlatform, number> => ({ web: 0, ios: 0, android: 0 });

/** reports/get-app-user-counts: distinct active members per platform, per day and per enterprise. */
export const appUserCounts = async (
  ctx: ServiceContext,
  input: ParsedRequestOf<typeof adminReports.appUserCounts>,
): Promise<AppUserCounts> => {
  await assertEnterprise(ctx, input.enterpriseId);
  const range = resolveRange(input);
  const [totals, byDay, byEnterprise] = await Promise.all([
    activeDays(ctx, range, input.enterpriseId)
      .select(['ad.platform as platform', (eb) => eb.fn.count('ad.user_id').distinct().as('n')])
      .groupBy('ad.platform')
      .execute(),
    activeDays(ctx, range, input.enterpriseId)
      .select(['ad.day as day', 'ad.platform as platform', (eb) => eb.fn.countAll().as('n')])
      .groupBy(['ad.day', 'ad.platform'])
      .execute(),
    activeDays(ctx, range, input.enterpriseId)
      .innerJoin('enterprises as e', 'e.id', 'ad.enterprise_id')
      .select([
        'e.id as enterprise_id',
        'e.name as enterprise_name',
        'ad.platform as platform',
        (eb) => eb.fn.count('ad.user_id').distinct().as('n'),
      ])
      .groupBy(['e.id', 'e.name', 'ad.platform'])
      .execute(),
  ]);
  const total = zeroPlatforms();
  for (const row of totals) total[platformOf(row.platform)] += count(row.n);
  const days = new Map(range.days.map((day) => [day, zeroPlatforms()]));
  for (const row of byDay) {
    const slot = days.get(row.day);
    if (slot) slot[platformOf(row.platform)] += count(row.n);
  }
  const enterprises = new Map<string, AppUserCounts['enterprises'][number]>();
  for (const row of byEnterprise) {
    const entry = enterprises.get(row.enterprise_id) ?? {
      enterpriseId: row.enterprise_id,
      enterpriseName: row.enterprise_name,
      total: 0,
      ...zeroPlatforms(),
    };
    entry[platformOf(row.platform)] += count(row.n);
    entry.total += count(row.n);
    enterprises.set(row.enterprise_id, entry);
  }
  return {
    from: range.from,
    to: range.to,
    totals: total,
    days: [...days].map(([day, counts]) => ({ day, ...counts })),
    enterprises: [...enterprises.values()].sort(
      (a, b) => b.total - a.total || a.enterpriseName.localeCompare(b.enterpriseName),
    ),
  };
};

/** reports/get-feature-usage: how much each feature was used in the range (routed, not in the menu). */
export const featureUsage = async (
  ctx: ServiceContext,
  input: ParsedRequestOf<typeof adminReports.featureUsage>,
): Promise<FeatureUsage> => {
  await assertEnterprise(ctx, input.enterpriseId);
  const range = resolveRange(input);
  const { enterpriseId } = input;
  let journal = ctx.db
    .selectFrom('content_reviews')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('created_at', '>=', range.fromTs)
    .where('created_at', '<', range.toTs);
  if (enterpriseId) journal = journal.where('enterprise_id', '=', enterpriseId);
  let enrolments = ctx.db
    .selectFrom('enrolments')
    .where('status', '=', 'paid')
    .where('created_at', '>=', range.fromTs)
    .where('created_at', '<', range.toTs);
  if (enterpriseId) enrolments = enrolments.where('enterprise_id', '=', enterpriseId);
  const [
    byType,
    watched,
    liked,
    journalEntries,
    enrolled,
    tasksPerEnterprise,
    videosPerEnterprise,
    enrolPerEnterprise,
  ] = await Promise.all([
    completedTasks(ctx, range, enterpriseId)
      .innerJoin('tasks as t', 't.id', 'ta.task_id')
      .select(['t.type as type', (eb) => eb.fn.countAll().as('n')])
      .groupBy('t.type')
      .execute(),
    viewedVideos(ctx, range, enterpriseId)
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst(),
    viewedVideos(ctx, range, enterpriseId, 'liked')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst(),
    journal.executeTakeFirst(),
    enrolments.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst(),
    completedTasks(ctx, range, enterpriseId)
      .select(['ta.enterprise_id as id', (eb) => eb.fn.countAll().as('n')])
      .groupBy('ta.enterprise_id')
      .execute(),
    viewedVideos(ctx, range, enterpriseId)
      .select(['ca.enterprise_id as id', (eb) => eb.fn.countAll().as('n')])
      .groupBy('ca.enterprise_id')
      .execute(),
    enrolments
      .select(['enterprise_id as id', (eb) => eb.fn.countAll().as('n')])
      .groupBy('enterprise_id')
      .execute(),
  ]);
  const typeCounts = new Map(byType.map((row) => [Number(row.type), count(row.n)]));
  const perEnterprise = new Map<
    string,
    { tasksCompleted: number; videosWatched: number; courseEnrolments: number }
  >();
  const slot = (id: string) => {
    const entry = perEnterprise.get(id) ?? { tasksCompleted: 0, videosWatched: 0, courseEnrolments: 0 };
    perEnterprise.set(id, entry);
    return entry;
  };
  for (const row of tasksPerEnterprise) slot(row.id).tasksCompleted = count(row.n);
  for (const row of videosPerEnterprise) slot(row.id).videosWatched = count(row.n);
  for (const row of enrolPerEnterprise) slot(row.id).courseEnrolments = count(row.n);
  const names = perEnterprise.size
    ? await ctx.db
        .selectFrom('enterprises')
        .select(['id', 'name'])
        .where('id', 'in', [...perEnterprise.keys()])
        .execute()
    : [];
  return {
    from: range.from,
    to: range.to,
    tasksCompletedByType: TASK_TYPE_VALUES.map((type: TaskType) => ({
      type,
      completed: typeCounts.get(type) ?? 0,
    })),
    videosWatched: count(watched?.n),
    videosLiked: count(liked?.n),
    journalEntries: count(journalEntries?.n),
    courseEnrolments: count(enrolled?.n),
    enterprises: names
      .map(({ id, name }) => ({ enterpriseId: id, enterpriseName: name, ...slot(id) }))
      .sort((a, b) => b.tasksCompleted + b.videosWatched - (a.tasksCompleted + a.videosWatched)),
  };
};

/** enterprise/get-enterprise-usage: one enterprise's figures for its detail page. */
export const enterpriseUsage = async (
  ctx: ServiceContext,
  input: ParsedRequestOf<typeof adminReports.enterpriseUsage>,
): Promise<EnterpriseUsage> => {
  await assertEnterprise(ctx, input.enterpriseId);
  const range = resolveRange(input);
  const { enterpriseId } = input;
  // Members who have joined: a pending invitee is neither a member nor an active one yet.
  const [members, active, learners, tasks, minutes, videos, last] = await Promise.all([
    ctx.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('enterprise_id', '=', enterpriseId)
      .where(hasJoined())
      .executeTakeFirst(),
    ctx.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('enterprise_id', '=', enterpriseId)
      .where('status', '=', 'active')
      .where(hasJoined())
      .executeTakeFirst(),
    activeDays(ctx, range, enterpriseId)
      .select((eb) => eb.fn.count('ad.user_id').distinct().as('n'))
      .executeTakeFirst(),
    completedTasks(ctx, range, enterpriseId)
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst(),
    completedTasks(ctx, range, enterpriseId)
      .innerJoin('tasks as t', 't.id', 'ta.task_id')
      .select((eb) => eb.fn.sum('t.time_minutes').as('n'))
      .executeTakeFirst(),
    viewedVideos(ctx, range, enterpriseId)
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst(),
    ctx.db
      .selectFrom('activity_days')
      .select((eb) => eb.fn.max('day').as('d'))
      .where('enterprise_id', '=', enterpriseId)
      .executeTakeFirst(),
  ]);
  return {
    from: range.from,
    to: range.to,
    members: count(members?.n),
    activeMembers: count(active?.n),
    activeLearners: count(learners?.n),
    tasksCompleted: count(tasks?.n),
    minutesPractised: count(minutes?.n),
    videosWatched: count(videos?.n),
    lastActiveDay: (last?.d as string | null | undefined) ?? null,
  };
};
