import type { ParsedRequestOf } from '@coach/shared/contract/define-call';
import {
  MEMBER_PAGE_SIZE,
  type Member,
  type MemberListStatus,
  type members,
} from '@coach/shared/contract/members';
import { type RawBuilder, type SelectQueryBuilder, sql } from 'kysely';
import type { Db } from '../../db/connect.ts';
import { conflict, forbidden, notFound, validation } from '../../errors.ts';
import { endSessionsOf, enterpriseSession } from '../../session/session.ts';
import {
  cappedPage,
  filterOnly,
  MEMBER_WALK,
  memberHits,
  memberMatches,
  SEARCH_CAP,
} from '../common/capped-search.ts';
import { hasJoined, invitePending, isInvitePending, joinedAt } from '../common/joined.ts';
import { pageOf } from '../common/lists.ts';
import { assertGroupInEnterprise } from '../common/tenant.ts';
import { syncGroupContent } from '../content/content-assignments.ts';
import { removeAvatar } from '../content/image-variants.ts';
import type { ServiceContext } from '../context.ts';
import { weeklyActivity } from '../identity/activity.ts';
import { emitEvent } from '../integrations/integration-events.ts';
import { syncGroupTasks } from '../tasks/group-task-sync.ts';
import { taskFigures, videoFigures } from '../tasks/task-stats.ts';
import { assertMayChangeRole, mayGrant } from './grants.ts';

/** A member's status as the contract names it (spec: Active, Inactive). */
export type MemberStatus = 'Active' | 'Inactive';
/** The contract's status as the users table stores it, and back. */
export const storedStatus = (status: MemberStatus) => (status === 'Active' ? 'active' : 'inactive');
export const shownStatus = (stored: string): MemberStatus => (stored === 'active' ? 'Active' : 'Inactive');

const SORT_COLUMNS = {
  name: sql`lower(users.name)`,
  email: sql`lower(users.email)`,
  status: sql`users.status`,
  last_active: sql`users.last_active_at`,
} as const;

export const listMembers = async (
  ctx: ServiceContext,
  input: {
    searchInput?: string | undefined;
    currentPage?: number | undefined;
    limit?: number | undefined;
    sort_by?: keyof typeof SORT_COLUMNS | undefined;
    sort_type?: 'asc' | 'desc' | undefined;
    selected_group?: string | undefined;
    /** One status as the screens show it, or several (either of them: the assign pickers take Active and Invited). */
    status?: MemberListStatus | readonly MemberListStatus[] | undefined;
  },
) => {
  const { enterpriseId } = enterpriseSession(ctx);
  const currentPage = input.currentPage ?? 1;
  const pageSize = input.limit ?? MEMBER_PAGE_SIZE;
  const direction = input.sort_type ?? 'asc';
  if (input.selected_group) await assertGroupInEnterprise(ctx.db, enterpriseId, input.selected_group);

  const filters = { groupId: input.selected_group, status: input.status };
  const order = { sortBy: input.sort_by ?? 'name', direction } as const;
  const found = input.searchInput
    ? await searchPage(ctx, enterpriseId, input.searchInput, filters, order, { currentPage, pageSize })
    : await memberPage(ctx, enterpriseId, filters, order, { currentPage, pageSize });
  if (!found) return pageOf([], { currentPage, pageSize, total: 0 });
  const { rows, total, capped } = found;

  const ids = rows.map((row) => row.id);
  const memberships = ids.length
    ? await ctx.db
        // From the page's (at most 100) members to their groups, read first on their own: both databases would
        // otherwise walk every group of the tenant and probe it for each member (SQLite 2 ms instead of 0.1,
        // PostgreSQL 3.9 ms instead of 0.5, on 100,000 members).
        .with(
          (cte) => cte('m').materialized(),
          (db) =>
            db
              .selectFrom('group_members')
              .select(['group_members.user_id', 'group_members.group_id'])
              .where('group_members.user_id', 'in', ids),
        )
        .selectFrom('m')
        .innerJoin('groups', 'groups.id', 'm.group_id')
        .select(['m.user_id', 'groups.id', 'groups.name'])
        .where(filterOnly(ctx, 'groups.enterprise_id', enterpriseId))
        .orderBy(sql`lower(groups.name)`)
        .execute()
    : [];
  const groupsOf = new Map<string, { _id: string; name: string }[]>();
  for (const m of memberships) {
    const list = groupsOf.get(m.user_id) ?? [];
    list.push({ _id: m.id, name: m.name });
    groupsOf.set(m.user_id, list);
  }
  const listdata: Member[] = rows.map((row) => ({
    _id: row.id,
    name: row.name,
    email: row.email,
    role: { _id: row.role_id, name: row.role_name },
    groups: groupsOf.get(row.id) ?? [],
    status: shownStatus(row.status),
    lastActiveAt: row.last_active_at,
    isDefaultAdmin: row.is_default_admin === 1,
    invitePending: isInvitePending(row),
  }));
  return cappedPage(listdata, { currentPage, pageSize, matched: total, capped });
};

/** One member of the caller's enterprise as the list shows it; another tenant's id is 404. */
export const loadMember = async (
  ctx: ServiceContext,
  enterpriseId: string,
  memberId: string,
): Promise<Member> => {
  const found = await ctx.db
    .selectFrom('users')
    .select('email')
    .where('id', '=', memberId)
    .where('enterprise_id', '=', enterpriseId)
    .executeTakeFirst();
  if (!found) throw notFound('Member not found');
  const page = await listMembers(ctx, { searchInput: found.email, limit: 100 });
  const member = page.listdata.find((m) => m._id === memberId);
  if (!member) throw notFound('Member not found');
  return member;
};

/** What a member may have done to them by someone other than the platform's staff. */
type MemberAction = 'deactivated' | 'activated' | 'deleted' | 'invited again';

/**
 * The default admin and the caller themself are protected from status changes and deletion, and a member whose role
 * the caller could not give (an admin, to a member who manages people but is no admin) is out of the caller's reach:
 * inviting them again too, since the new link ends the one they were sent.
 */
export const assertChangeable = async (ctx: ServiceContext, member: Member, action: MemberAction) => {
  const { user, enterpriseId } = enterpriseSession(ctx);
  if (action === 'deactivated' || action === 'deleted') {
    if (member.isDefaultAdmin) throw conflict(`The default admin cannot be ${action}`);
    if (member._id === user.id)
      throw conflict(`You cannot ${action === 'deleted' ? 'delete' : 'deactivate'} yourself`);
  }
  const role = await ctx.db
    .selectFrom('roles')
    .select(['id', 'name', 'permissions'])
    .where('id', '=', member.role._id)
    .where('enterprise_id', '=', enterpriseId)
    .executeTakeFirstOrThrow();
  const held = { id: role.id, name: role.name, permissions: JSON.parse(role.permissions) as string[] };
  if (mayGrant(ctx, held)) return;
  if (action === 'deleted') throw forbidden('You cannot delete a member whose role you could not give');
  if (action === 'activated') throw forbidden('You cannot activate a member whose role you could not give');
  if (action === 'invited again')
    throw forbidden('You cannot resend the invitation of a member whose role you could not give');
  throw forbidden('You cannot deactivate a member whose role you could not give');
};

export const updateMember = async (ctx: ServiceContext, input: ParsedRequestOf<typeof members.update>) => {
  const { enterpriseId } = enterpriseSession(ctx);
  const member = await loadMember(ctx, enterpriseId, input.memberId);
  const roles = await ctx.db
    .selectFrom('roles')
    .select(['id', 'name', 'permissions'])
    .where('id', 'in', [input.roleId, member.role._id])
    .where('enterprise_id', '=', enterpriseId)
    .execute();
  const grantable = (id: string) => {
    const row = roles.find((r) => r.id === id);
    return row && { id: row.id, name: row.name, permissions: JSON.parse(row.permissions) as string[] };
  };
  const to = grantable(input.roleId);
  const from = grantable(member.role._id);
  if (!to || !from) throw validation('roleId', 'Choose one of your roles');
  if (member.isDefaultAdmin && member.role._id !== input.roleId)
    throw validation('roleId', "The default admin's role cannot be changed");
  assertMayChangeRole(ctx, { memberId: member._id, from, to });
  if (input.groupIds.length) {
    const found = await ctx.db
      .selectFrom('groups')
      .select('id')
      .where('enterprise_id', '=', enterpriseId)
      .where('id', 'in', input.groupIds)
      .execute();
    if (found.length !== input.groupIds.length)
      throw validation('groupIds', 'Some chosen groups were not found');
  }
  await ctx.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('users')
      .set({ role_id: input.roleId })
      .where('id', '=', input.memberId)
      .where('enterprise_id', '=', enterpriseId)
      .execute();
    await trx.deleteFrom('group_members').where('user_id', '=', input.memberId).execute();
    if (input.groupIds.length)
      await trx
        .insertInto('group_members')
        .values(input.groupIds.map((groupId) => ({ group_id: groupId, user_id: input.memberId })))
        .execute();
    // Joining a group brings its assigned tasks.
    await syncGroupTasks(trx, enterpriseId, { userIds: [input.memberId] });
    await syncGroupContent(trx, enterpriseId, { userIds: [input.memberId] });
  });
  ctx.setMessage('Member updated successfully');
  return loadMember(ctx, enterpriseId, input.memberId);
};

export const changeMemberStatus = async (
  ctx: ServiceContext,
  input: ParsedRequestOf<typeof members.changeStatus>,
) => {
  const { enterpriseId } = enterpriseSession(ctx);
  const member = await loadMember(ctx, enterpriseId, input.memberId);
  await assertChangeable(ctx, member, input.status === 'Inactive' ? 'deactivated' : 'activated');
  await writeMemberStatus(ctx, enterpriseId, input);
  return loadMember(ctx, enterpriseId, input.memberId);
};

/**
 * Stores the status and, on deactivation, ends the member's sessions, so reactivating them later does not
 * revive an old token. Callers check who may be changed (the admin area's members list reuses this).
 */
export const writeMemberStatus = async (
  ctx: ServiceContext,
  enterpriseId: string,
  input: { memberId: string; status: MemberStatus },
  /** More of the same write, in its transaction (the admin area's audit row). */
  alsoInTransaction?: (trx: Db) => Promise<void>,
) => {
  await ctx.db.transaction().execute(async (trx) => {
    const changed = await trx
      .updateTable('users')
      .set({ status: storedStatus(input.status) })
      .where('id', '=', input.memberId)
      .where('enterprise_id', '=', enterpriseId)
      .where('status', '!=', storedStatus(input.status))
      .executeTakeFirst();
    // Only a member who was active: deactivating twice reports once.
    if (input.status === 'Inactive' && Number(changed.numUpdatedRows) > 0)
      await emitEvent(trx, { enterpriseId, type: 'member.deactivated', memberId: input.memberId, data: {} });
    await alsoInTransaction?.(trx);
  });
  if (input.status === 'Inactive') await endSessionsOf(ctx.db, 'enterprise', input.memberId, 'deactivated');
  ctx.setMessage(input.status === 'Active' ? 'Member activated' : 'Member deactivated');
};

export const deleteMember = async (ctx: ServiceContext, { memberId }: { memberId: string }) => {
  const { enterpriseId } = enterpriseSession(ctx);
  const member = await loadMember(ctx, enterpriseId, memberId);
  await assertChangeable(ctx, member, 'deleted');
  const avatarUrl = await ctx.db.transaction().execute((trx) => removeMember(trx, enterpriseId, memberId));
  await removeAvatar(ctx, avatarUrl, 'delete-member');
  ctx.setMessage('Member deleted successfully');
  return { _id: memberId };
};

/**
 * Deletes a member of the enterprise with their group places and passkeys, and ends their sessions, on the caller's
 * transaction. Callers check who may be deleted (a SCIM directory's delete reuses this), and once it has committed
 * let go of the profile picture it answers (removeAvatar).
 */
export const removeMember = async (trx: Db, enterpriseId: string, memberId: string) => {
  const avatar = await trx
    .selectFrom('users')
    .select('avatar_url')
    .where('id', '=', memberId)
    .where('enterprise_id', '=', enterpriseId)
    .executeTakeFirst();
  await trx.deleteFrom('group_members').where('user_id', '=', memberId).execute();
  // Their passkeys go with them: a key of a deleted account must not count or linger.
  await trx
    .deleteFrom('passkeys')
    .where('audience', '=', 'enterprise')
    .where('subject_id', '=', memberId)
    .execute();
  await trx
    .deleteFrom('users')
    .where('id', '=', memberId)
    .where('enterprise_id', '=', enterpriseId)
    .execute();
  await endSessionsOf(trx, 'enterprise', memberId, 'deleted');
  return avatar?.avatar_url ?? null;
};

/** /enterprise/member/detail/{id}: the list's fields plus contact, avatar and weekly activity. */
export const getMember = async (ctx: ServiceContext, { memberId }: { memberId: string }) => {
  const { enterpriseId } = enterpriseSession(ctx);
  const member = await loadMember(ctx, enterpriseId, memberId);
  const extra = await ctx.db
    .selectFrom('users')
    .select(['mobile', 'avatar_url', 'created_at', 'invited_at', joinedAt().as('joined_at')])
    .where('id', '=', memberId)
    .where('enterprise_id', '=', enterpriseId)
    .executeTakeFirstOrThrow();
  return {
    ...member,
    mobile: extra.mobile,
    avatarUrl: extra.avatar_url,
    createdAt: extra.created_at,
    // Invited is not joined: null while the invitation is pending (the reports' rule, common/joined.ts).
    joinedAt: extra.joined_at,
    invitedAt: extra.invited_at,
    activity: await weeklyActivity(ctx.db, memberId),
    tasks: await taskFigures(ctx.db, { enterpriseId, userId: memberId }),
    videos: await videoFigures(ctx.db, { enterpriseId, userId: memberId }),
  };
};

type MemberFilters = {
  groupId?: string | undefined;
  status?: MemberListStatus | readonly MemberListStatus[] | undefined;
};
/**
 * Each status the list filters on, as the screens show a member's one status (widgets/member-status.tsx): invited is
 * not joined (common/joined.ts), so Active is an active member who joined and Invited an active one whose invitation
 * is pending; a deactivated invitee is Inactive, like any deactivated member.
 */
const STATUS_TERMS: Record<MemberListStatus, RawBuilder<boolean>> = {
  Active: sql<boolean>`(users.status = ${storedStatus('Active')} and ${hasJoined()})`,
  Invited: sql<boolean>`(users.status = ${storedStatus('Active')} and ${invitePending()})`,
  Inactive: sql<boolean>`users.status = ${storedStatus('Inactive')}`,
};
export const memberStatusTerm = (status: MemberListStatus | readonly MemberListStatus[]) => {
  const statuses: readonly MemberListStatus[] = typeof status === 'string' ? [status] : status;
  return sql<boolean>`(${sql.join(
    statuses.map((one) => STATUS_TERMS[one]),
    sql` or `,
  )})`;
};
/** The list's group and status filters, as terms on the users table. */
const filterTerms = ({ groupId, status }: MemberFilters) => [
  ...(groupId
    ? [
        sql<boolean>`users.id in (select group_members.user_id from group_members where group_members.group_id = ${groupId})`,
      ]
    : []),
  ...(status?.length ? [memberStatusTerm(status)] : []),
];
type MemberOrder = { sortBy: keyof typeof SORT_COLUMNS; direction: 'asc' | 'desc' };
type Paging = { currentPage: number; pageSize: number };

/** A member's columns a page shows (with the role's, PAGE_COLUMNS). */
const MEMBER_COLUMNS = [
  'users.id',
  'users.name',
  'users.email',
  'users.status',
  'users.last_active_at',
  'users.is_default_admin',
  'users.invited_at',
  'users.email_verified_at',
] as const;
const PAGE_COLUMNS = [...MEMBER_COLUMNS, 'roles.id as role_id', 'roles.name as role_name'] as const;

/** The list's order: the sort column (never-active members last whichever the direction), then the id. */
const orderedPage = <DB, TB extends keyof DB, O>(query: SelectQueryBuilder<DB, TB, O>, order: MemberOrder) =>
  query
    .$if(order.sortBy === 'last_active', (q) =>
      q.orderBy(sql`case when users.last_active_at is null then 1 else 0 end`),
    )
    .orderBy(SORT_COLUMNS[order.sortBy], order.direction)
    .orderBy(sql.ref('users.id'));

/** A page of the tenant's members (filtered, sorted) with their count. */
const memberPage = async (
  ctx: ServiceContext,
  enterpriseId: string,
  filters: MemberFilters,
  order: MemberOrder,
  { currentPage, pageSize }: Paging,
) => {
  const query = filterTerms(filters).reduce(
    (narrowed, term) => narrowed.where(term),
    ctx.db.selectFrom('users').where('users.enterprise_id', '=', enterpriseId),
  );
  const total = Number((await query.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst())?.n ?? 0);
  const rows = await query
    .innerJoin('roles', 'roles.id', 'users.role_id')
    .select(PAGE_COLUMNS)
    .$call((q) => orderedPage(q, order))
    .limit(pageSize)
    .offset((currentPage - 1) * pageSize)
    .execute();
  return { rows, total, capped: false };
};

/**
 * A search's page in one statement: the capped matches are read once with the columns the page shows,
 * and the page is sorted and counted from those rows; null when nothing matches. PostgreSQL reads them from its
 * pg_trgm index (or a scan that stops at SEARCH_CAP + 1); SQLite walks its FTS5 index (memberHits), CROSS JOIN
 * keeping that order, and looks each match up by id. Sending the matches' ids back to look them up again cost
 * PostgreSQL 2.5 ms of the 3 a search took on 100,000 members, and SQLite 0.5 of 1.8. The group and status filters
 * narrow the matches before the cap, so members outside them do not use it up (on SQLite the walk then goes on
 * for up to MEMBER_WALK members).
 */
const searchPage = async (
  ctx: ServiceContext,
  enterpriseId: string,
  search: string,
  filters: MemberFilters,
  order: MemberOrder,
  { currentPage, pageSize }: Paging,
) => {
  const terms = filterTerms(filters);
  const matches =
    ctx.dbKind === 'postgres'
      ? ctx.db
          .selectFrom('users')
          .where('users.enterprise_id', '=', enterpriseId)
          .where(await memberMatches(ctx, search))
      : ctx.db
          .selectFrom(
            sql<{
              user_id: string;
            }>`(${await memberHits(ctx, enterpriseId, search, terms.length > 0 ? MEMBER_WALK : SEARCH_CAP + 1)})`.as(
              'h',
            ),
          )
          .crossJoin('users')
          .whereRef('users.id', '=', 'h.user_id');
  const hits = terms
    .reduce((narrowed, term) => narrowed.where(term), matches)
    .select([...MEMBER_COLUMNS, 'users.role_id'])
    .limit(SEARCH_CAP + 1);
  const page = (offset: number) =>
    ctx.db
      .with(
        (cte) => cte('hits').materialized(),
        () => hits,
      )
      .with('kept', (db) => db.selectFrom('hits').selectAll().limit(SEARCH_CAP))
      .selectFrom('kept as users')
      .innerJoin('roles', 'roles.id', 'users.role_id')
      .select(PAGE_COLUMNS)
      .select(sql<string>`(select count(*) from hits)`.as('hit_count'))
      .$call((q) => orderedPage(q, order))
      .limit(pageSize)
      .offset(offset)
      .execute();
  const rows = await page((currentPage - 1) * pageSize);
  // A page past the end has no row to carry the count: the first page does (or there is no match at all).
  const counted = rows[0] ?? (currentPage > 1 ? (await page(0))[0] : undefined);
  if (!counted) return null;
  const hitCount = Number(counted.hit_count);
  return { rows, total: Math.min(hitCount, SEARCH_CAP), capped: hitCount > SEARCH_CAP };
};
