import { TASK_STATUS } from '@coach/shared/constants/task-status';
import { TASK_TYPE_VALUES, type TaskType } from '@coach/shared/constants/task-types';
import {
  type AdminDashboard,
  type AppUserCounts,
  CLIENT_PLATFORMS,
  type ClientPlatform,
  type EnterpriseUsage,
  type FeatureUsage,
  type MemberUsage,
  USAGE_EXPORT_MAX_ROWS,
  USAGE_PAGE_SIZE,
} from '@coach/shared/contract/admin-reports';
import { type ExpressionBuilder, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { notFound } from '../../errors.ts';
import { csvText } from '../common/csv.ts';
import { containsPattern, pageOf } from '../common/lists.ts';
import { type ReportRange as Range, type ReportRangeInput, resolveRange } from '../common/report-range.ts';
import type { ServiceContext } from '../context.ts';

type RangeInput = ReportRangeInput & { enterpriseId?: string | undefined };

const count = (value: unknown) => Number(value ?? 0);

const assertEnterprise = async (ctx: ServiceContext, enterpriseId: string | undefined) => {
  if (!enterpriseId) return;
  const found = await ctx.db
    .selectFrom('enterprises')
    .select('id')
    .where('id', '=', enterpriseId)
    .executeTakeFirst();
  if (!found) throw notFound('Enterprise not found');
};

// --- the three activity sources, each filtered by range and optionally one enterprise ---------------

const completedTasks = (ctx: ServiceContext, range: Range, enterpriseId?: string) => {
  let q = ctx.db
    .selectFrom('task_assignments as ta')
    .where('ta.status', '=', TASK_STATUS.completed)
    .where('ta.completed_at', '>=', range.fromTs)
    .where('ta.completed_at', '<', range.toTs);
  if (enterpriseId) q = q.where('ta.enterprise_id', '=', enterpriseId);
  return q;
};
const viewedVideos = (ctx: ServiceContext, range: Range, enterpriseId?: string, action = 'viewed') => {
  let q = ctx.db
    .selectFrom('content_actions as ca')
    .where('ca.action', '=', action)
    .where('ca.created_at', '>=', range.fromTs)
    .where('ca.created_at', '<', range.toTs);
  if (enterpriseId) q = q.where('ca.enterprise_id', '=', enterpriseId);
  return q;
};
const activeDays = (ctx: ServiceContext, range: Range, enterpriseId?: string) => {
  let q = ctx.db
    .selectFrom('activity_days as ad')
    .where('ad.day', '>=', range.from)
    .where('ad.day', '<=', range.to);
  if (enterpriseId) q = q.where('ad.enterprise_id', '=', enterpriseId);
  return q;
};

const dayOfTs = (column: string) => sql<string>`substr(${sql.ref(column)}, 1, 10)`;

/** general/my-dashboard: the platform's figures over the range and per day (for the chart). */
export const adminDashboard = async (ctx: ServiceContext, input: RangeInput): Promise<AdminDashboard> => {
  await assertEnterprise(ctx, input.enterpriseId);
  const range = resolveRange(input);
  const { enterpriseId } = input;
  let enterprises = ctx.db.selectFrom('enterprises').select((eb) => eb.fn.countAll().as('n'));
  if (enterpriseId) enterprises = enterprises.where('id', '=', enterpriseId);
  let members = ctx.db.selectFrom('users').select((eb) => eb.fn.countAll().as('n'));
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

// --- all members usage --------------------------------------------------------------------------------

type UsageFilters = RangeInput & { searchInput?: string | undefined };

const usageQuery = (ctx: ServiceContext, input: UsageFilters) => {
  let q = ctx.db.selectFrom('users').innerJoin('enterprises', 'enterprises.id', 'users.enterprise_id');
  if (input.enterpriseId) q = q.where('users.enterprise_id', '=', input.enterpriseId);
  if (input.searchInput) {
    const pattern = containsPattern(input.searchInput);
    q = q.where(
      sql<boolean>`(lower(users.name) like ${pattern} escape '\\' or lower(users.email) like ${pattern} escape '\\')`,
    );
  }
  return q;
};

/**
 * Each member's figures in the range, as correlated counts (only the page's members are counted). Status and
 * action are compared as expressions (`+ 0`, `|| ''`) so SQLite keeps to the per-user indexes here instead of
 * the platform-wide time indexes the dashboard uses, which would scan every completed task for each member.
 */
const usageRows = (ctx: ServiceContext, input: UsageFilters, range: Range) =>
  usageQuery(ctx, input)
    .select([
      'users.id',
      'users.name',
      'users.email',
      'users.enterprise_id',
      'enterprises.name as enterprise_name',
    ])
    .select((eb: ExpressionBuilder<Database, 'users' | 'enterprises'>) => [
      eb
        .selectFrom('task_assignments as ta')
        .select((sub) => sub.fn.countAll().as('n'))
        .whereRef('ta.user_id', '=', 'users.id')
        .where(sql`ta.status + 0`, '=', TASK_STATUS.completed)
        .where('ta.completed_at', '>=', range.fromTs)
        .where('ta.completed_at', '<', range.toTs)
        .as('tasks_completed'),
      eb
        .selectFrom('task_assignments as ta')
        .innerJoin('tasks as t', 't.id', 'ta.task_id')
        .select((sub) => sub.fn.sum('t.time_minutes').as('m'))
        .whereRef('ta.user_id', '=', 'users.id')
        .where(sql`ta.status + 0`, '=', TASK_STATUS.completed)
        .where('ta.completed_at', '>=', range.fromTs)
        .where('ta.completed_at', '<', range.toTs)
        .as('minutes'),
      eb
        .selectFrom('content_actions as ca')
        .select((sub) => sub.fn.countAll().as('n'))
        .whereRef('ca.user_id', '=', 'users.id')
        .where(sql`ca.action || ''`, '=', 'viewed')
        .where('ca.created_at', '>=', range.fromTs)
        .where('ca.created_at', '<', range.toTs)
        .as('videos'),
      eb
        .selectFrom('activity_days as ad')
        .select((sub) => sub.fn.max('ad.day').as('d'))
        .whereRef('ad.user_id', '=', 'users.id')
        .as('last_day'),
    ]);

type UsageRow = Awaited<ReturnType<ReturnType<typeof usageRows>['execute']>>[number];
const toUsage = (row: UsageRow): MemberUsage => ({
  _id: row.id,
  name: row.name,
  email: row.email,
  enterpriseId: row.enterprise_id,
  enterpriseName: row.enterprise_name,
  tasksCompleted: count(row.tasks_completed),
  minutesPractised: count(row.minutes),
  videosWatched: count(row.videos),
  lastActiveDay: (row.last_day as string | null) ?? null,
});

/** reports/get-all-members-usage: a page of members (by name) with their figures in the range. */
export const allMembersUsage = async (ctx: ServiceContext, input: UsageFilters & { currentPage: number }) => {
  await assertEnterprise(ctx, input.enterpriseId);
  const range = resolveRange(input);
  const total = count(
    (
      await usageQuery(ctx, input)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirst()
    )?.n,
  );
  const rows = await usageRows(ctx, input, range)
    .orderBy(sql`lower(users.name)`)
    .orderBy('users.id')
    .limit(USAGE_PAGE_SIZE)
    .offset((input.currentPage - 1) * USAGE_PAGE_SIZE)
    .execute();
  return {
    ...pageOf(rows.map(toUsage), { currentPage: input.currentPage, pageSize: USAGE_PAGE_SIZE, total }),
    from: range.from,
    to: range.to,
  };
};

const CSV_HEADER = [
  'Member',
  'Email',
  'Enterprise',
  'Tasks completed',
  'Minutes practised',
  'Videos watched',
  'Last active',
];

/** reports/export-all-members-usage: the report as CSV text, every matching member up to the cap. */
export const exportAllMembersUsage = async (ctx: ServiceContext, input: UsageFilters) => {
  await assertEnterprise(ctx, input.enterpriseId);
  const range = resolveRange(input);
  const rows = await usageRows(ctx, input, range)
    .orderBy(sql`lower(users.name)`)
    .orderBy('users.id')
    .limit(USAGE_EXPORT_MAX_ROWS + 1)
    .execute();
  const truncated = rows.length > USAGE_EXPORT_MAX_ROWS;
  const usage = rows.slice(0, USAGE_EXPORT_MAX_ROWS).map(toUsage);
  const csv = csvText(
    CSV_HEADER,
    usage.map((u) => [
      u.name,
      u.email,
      u.enterpriseName,
      u.tasksCompleted,
      u.minutesPractised,
      u.videosWatched,
      u.lastActiveDay,
    ]),
  );
  ctx.setMessage(
    truncated
      ? `The first ${USAGE_EXPORT_MAX_ROWS} members exported`
      : `${usage.length} ${usage.length === 1 ? 'member' : 'members'} exported`,
  );
  return {
    filename: `members-usage-${range.from}-to-${range.to}.csv`,
    csv,
    rows: usage.length,
    truncated,
  };
};

// --- app user counts, feature usage, one enterprise's usage -------------------------------------------

const platformOf = (value: string): ClientPlatform =>
  (CLIENT_PLATFORMS as readonly string[]).includes(value) ? (value as ClientPlatform) : 'web';
const zeroPlatforms = (): Record<ClientPlatform, number> => ({ web: 0, ios: 0, android: 0 });

/** reports/get-app-user-counts: distinct active members per platform, per day and per enterprise. */
export const appUserCounts = async (ctx: ServiceContext, input: RangeInput): Promise<AppUserCounts> => {
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
export const featureUsage = async (ctx: ServiceContext, input: RangeInput): Promise<FeatureUsage> => {
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
  input: { enterpriseId: string; startDate?: string | undefined; endDate?: string | undefined },
): Promise<EnterpriseUsage> => {
  await assertEnterprise(ctx, input.enterpriseId);
  const range = resolveRange(input);
  const { enterpriseId } = input;
  const [members, active, learners, tasks, minutes, videos, last] = await Promise.all([
    ctx.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('enterprise_id', '=', enterpriseId)
      .executeTakeFirst(),
    ctx.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('enterprise_id', '=', enterpriseId)
      .where('status', '=', 'active')
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

/** general/sync-firebase-data: there is no mobile push service to synchronise with; it says so. */
export const syncFirebaseData = async (ctx: ServiceContext) => {
  ctx.setMessage('No mobile push service is configured, so nothing was synchronised');
  return { configured: false, synchronised: 0 };
};
