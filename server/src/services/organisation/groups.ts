import type { ParsedRequestOf } from '@coach/shared/contract/define-call';
import { GROUP_PAGE_SIZE, type GroupSummary, type groups } from '@coach/shared/contract/groups';
import { sql } from 'kysely';
import type { Db } from '../../db/connect.ts';
import { conflict, notFound, validation } from '../../errors.ts';
import { enterpriseSession } from '../../session/session.ts';
import { nowIso } from '../common/clock.ts';
import { hasJoined, invitePending } from '../common/joined.ts';
import { containsPattern, pageOf } from '../common/lists.ts';
import { syncGroupContent } from '../content/content-assignments.ts';
import type { ServiceContext } from '../context.ts';
import { syncGroupTasks } from '../tasks/group-task-sync.ts';
import { taskFigures, videoFigures } from '../tasks/task-stats.ts';

type SummaryRow = {
  id: string;
  name: string;
  created_at: string;
  member_count: number | string | bigint;
  invited_count: number | string | bigint;
  course_id: string | null;
  course_name: string | null;
};

const toSummary = (row: SummaryRow): GroupSummary => ({
  _id: row.id,
  name: row.name,
  memberCount: Number(row.member_count),
  invitedCount: Number(row.invited_count),
  createdAt: row.created_at,
  course: row.course_id && row.course_name ? { _id: row.course_id, name: row.course_name } : null,
});

const summaries = (db: Db, enterpriseId: string) =>
  db
    .selectFrom('groups')
    .leftJoin('group_members', 'group_members.group_id', 'groups.id')
    .leftJoin('users', (join) =>
      join.onRef('users.id', '=', 'group_members.user_id').on('users.enterprise_id', '=', enterpriseId),
    )
    // A course's buyers' group (course delivery made it and remembers it on the course).
    .leftJoin('courses', (join) =>
      join.onRef('courses.group_id', '=', 'groups.id').on('courses.enterprise_id', '=', enterpriseId),
    )
    .where('groups.enterprise_id', '=', enterpriseId)
    .groupBy(['groups.id', 'groups.name', 'groups.created_at', 'courses.id', 'courses.name'])
    .select([
      'groups.id',
      'groups.name',
      'groups.created_at',
      'courses.id as course_id',
      'courses.name as course_name',
    ])
    // Invited is not joined: an invitee in the group is counted apart until they accept (`users.id` is null
    // without a member, so an empty group counts none).
    .select([
      sql<number>`count(case when ${hasJoined()} then ${sql.ref('users.id')} end)`.as('member_count'),
      sql<number>`count(case when ${invitePending()} then ${sql.ref('users.id')} end)`.as('invited_count'),
    ]);

const findGroup = async (ctx: ServiceContext, enterpriseId: string, groupId: string) => {
  const row = await summaries(ctx.db, enterpriseId).where('groups.id', '=', groupId).executeTakeFirst();
  // Another enterprise's group is indistinguishable from a missing one.
  if (!row) throw notFound('Group not found');
  return row;
};

const assertNameFree = async (ctx: ServiceContext, enterpriseId: string, name: string, exceptId?: string) => {
  let query = ctx.db
    .selectFrom('groups')
    .select('id')
    .where('enterprise_id', '=', enterpriseId)
    .where(sql<boolean>`lower(name) = ${name.toLowerCase()}`);
  if (exceptId) query = query.where('id', '!=', exceptId);
  if (await query.executeTakeFirst()) throw validation('name', 'A group with this name already exists');
};

/** Every id must be a member of the caller's enterprise; another tenant's user id is refused by name. */
const assertMembersInEnterprise = async (ctx: ServiceContext, enterpriseId: string, ids: string[]) => {
  for (let start = 0; start < ids.length; start += 500) {
    const chunk = ids.slice(start, start + 500);
    const found = await ctx.db
      .selectFrom('users')
      .select('id')
      .where('enterprise_id', '=', enterpriseId)
      .where('id', 'in', chunk)
      .execute();
    if (found.length !== chunk.length) throw validation('memberIds', 'Some chosen members were not found');
  }
};

const setMembers = async (db: Db, groupId: string, ids: string[]) => {
  await db.deleteFrom('group_members').where('group_id', '=', groupId).execute();
  for (let start = 0; start < ids.length; start += 500) {
    const chunk = ids.slice(start, start + 500);
    await db
      .insertInto('group_members')
      .values(chunk.map((userId) => ({ group_id: groupId, user_id: userId })))
      .execute();
  }
};

export const listGroups = async (
  ctx: ServiceContext,
  input: {
    searchInput?: string | undefined;
    currentPage?: number | undefined;
    sort_by?: 'name' | 'members' | 'created' | undefined;
    sort_type?: 'asc' | 'desc' | undefined;
    /** Rows per page: the list's page size unless a caller (the assign pickers) wants more at once. */
    limit?: number | undefined;
  },
) => {
  const { enterpriseId } = enterpriseSession(ctx);
  const currentPage = input.currentPage ?? 1;
  const pageSize = input.limit ?? GROUP_PAGE_SIZE;
  const direction = input.sort_type ?? 'asc';
  let counted = ctx.db.selectFrom('groups').where('enterprise_id', '=', enterpriseId);
  let query = summaries(ctx.db, enterpriseId);
  if (input.searchInput) {
    const matches = sql<boolean>`lower(groups.name) like ${containsPattern(input.searchInput)} escape '\\'`;
    counted = counted.where(matches);
    query = query.where(matches);
  }
  const total = Number((await counted.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst())?.n ?? 0);
  const ordered =
    input.sort_by === 'members'
      ? query.orderBy('member_count', direction).orderBy(sql`lower(groups.name)`)
      : input.sort_by === 'created'
        ? query.orderBy('groups.created_at', direction)
        : query.orderBy(sql`lower(groups.name)`, direction);
  const rows = await ordered
    .orderBy('groups.id')
    .limit(pageSize)
    .offset((currentPage - 1) * pageSize)
    .execute();
  return pageOf(rows.map(toSummary), { currentPage, pageSize, total });
};

export const getGroup = async (ctx: ServiceContext, { groupId }: { groupId: string }) => {
  const { enterpriseId } = enterpriseSession(ctx);
  const row = await findGroup(ctx, enterpriseId, groupId);
  const people = await ctx.db
    .selectFrom('group_members')
    .innerJoin('users', 'users.id', 'group_members.user_id')
    .select(['users.id', 'users.name', 'users.email', invitePending().as('invite_pending')])
    .where('group_members.group_id', '=', groupId)
    .where('users.enterprise_id', '=', enterpriseId)
    .orderBy(sql`lower(users.name)`)
    .execute();
  const [tasks, figures, videos] = await Promise.all([
    ctx.db
      .selectFrom('task_group_assignments')
      .innerJoin('tasks', 'tasks.id', 'task_group_assignments.task_id')
      .select(['tasks.id', 'tasks.title', 'tasks.type'])
      .where('task_group_assignments.group_id', '=', groupId)
      .where('tasks.enterprise_id', '=', enterpriseId)
      .orderBy('task_group_assignments.assigned_at', 'desc')
      .limit(100)
      .execute(),
    // What the group gave its people, not everything its people have.
    taskFigures(ctx.db, { enterpriseId, throughGroupId: groupId }),
    videoFigures(ctx.db, { enterpriseId, throughGroupId: groupId }),
  ]);
  return {
    ...toSummary(row),
    members: people.map((p) => ({
      _id: p.id,
      name: p.name,
      email: p.email,
      // SQLite answers 1 or 0, PostgreSQL true or false.
      invitePending: Boolean(p.invite_pending),
    })),
    tasks: tasks.map((t) => ({ _id: t.id, title: t.title, type: Number(t.type) })),
    taskFigures: figures,
    videoFigures: videos,
  };
};

export const addGroup = async (ctx: ServiceContext, input: ParsedRequestOf<typeof groups.add>) => {
  const { enterpriseId } = enterpriseSession(ctx);
  await assertNameFree(ctx, enterpriseId, input.name);
  await assertMembersInEnterprise(ctx, enterpriseId, input.memberIds);
  const id = crypto.randomUUID();
  await ctx.db.transaction().execute(async (trx) => {
    await trx
      .insertInto('groups')
      .values({ id, enterprise_id: enterpriseId, name: input.name, created_at: nowIso() })
      .execute();
    await setMembers(trx, id, input.memberIds);
  });
  ctx.setMessage('Group created successfully');
  return toSummary(await findGroup(ctx, enterpriseId, id));
};

export const editGroup = async (ctx: ServiceContext, input: ParsedRequestOf<typeof groups.edit>) => {
  const { enterpriseId } = enterpriseSession(ctx);
  const before = await findGroup(ctx, enterpriseId, input.groupId);
  // A course's buyers' group keeps the course's name (it follows the course); its members may change.
  if (before.course_id && input.name !== before.name)
    throw validation('name', 'This group is named after its course: rename the course to rename it');
  await assertNameFree(ctx, enterpriseId, input.name, input.groupId);
  await assertMembersInEnterprise(ctx, enterpriseId, input.memberIds);
  await ctx.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('groups')
      .set({ name: input.name })
      .where('id', '=', input.groupId)
      .where('enterprise_id', '=', enterpriseId)
      .execute();
    await setMembers(trx, input.groupId, input.memberIds);
    // New members get the tasks already assigned to the group.
    await syncGroupTasks(trx, enterpriseId, { groupIds: [input.groupId] });
    // ...and the videos assigned to it.
    await syncGroupContent(trx, enterpriseId, { groupIds: [input.groupId] });
  });
  ctx.setMessage('Group updated successfully');
  return toSummary(await findGroup(ctx, enterpriseId, input.groupId));
};

export const deleteGroup = async (ctx: ServiceContext, { groupId }: { groupId: string }) => {
  const { enterpriseId } = enterpriseSession(ctx);
  const group = await findGroup(ctx, enterpriseId, groupId);
  // Like the default admin's role, a group the product keeps is refused: the course's next sale would make a new,
  // empty one, without the tasks and videos assigned to this one.
  if (group.course_id)
    throw conflict(
      "This group is a course's buyers' group: people who buy the course join it, so it cannot be deleted",
    );
  await ctx.db.transaction().execute(async (trx) => {
    await trx.deleteFrom('group_members').where('group_id', '=', groupId).execute();
    await trx
      .deleteFrom('groups')
      .where('id', '=', groupId)
      .where('enterprise_id', '=', enterpriseId)
      .execute();
  });
  ctx.setMessage('Group deleted successfully');
  return { _id: groupId };
};
