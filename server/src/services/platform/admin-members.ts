import {
  ADMIN_MEMBER_PAGE_SIZE,
  type AdminMember,
  type adminMembers,
} from '@coach/shared/contract/admin-members';
import type { ParsedRequestOf } from '@coach/shared/contract/define-call';
import type { MemberListStatus } from '@coach/shared/contract/members';
import { sql } from 'kysely';
import { conflict, notFound } from '../../errors.ts';
import { auditAdminAction } from '../common/audit.ts';
import { isInvitePending } from '../common/joined.ts';
import { containsPattern, pageOf } from '../common/lists.ts';
import type { ServiceContext } from '../context.ts';
import { memberStatusTerm, shownStatus, writeMemberStatus } from '../organisation/members.ts';

type Filters = {
  searchInput?: string | undefined;
  enterpriseId?: string | undefined;
  status?: MemberListStatus | undefined;
  memberId?: string | undefined;
};

const baseQuery = (ctx: ServiceContext, input: Filters) => {
  let query = ctx.db
    .selectFrom('users')
    .innerJoin('enterprises', 'enterprises.id', 'users.enterprise_id')
    .innerJoin('roles', 'roles.id', 'users.role_id');
  if (input.searchInput) {
    const pattern = containsPattern(input.searchInput);
    query = query.where(
      sql<boolean>`(lower(users.name) like ${pattern} escape '\\' or lower(users.email) like ${pattern} escape '\\' or lower(enterprises.name) like ${pattern} escape '\\')`,
    );
  }
  if (input.enterpriseId) query = query.where('users.enterprise_id', '=', input.enterpriseId);
  // As the enterprise's own list: Active is a member who joined, Invited one whose invitation is pending.
  if (input.status) query = query.where(memberStatusTerm(input.status));
  if (input.memberId) query = query.where('users.id', '=', input.memberId);
  return query;
};

const rowsOf = (ctx: ServiceContext, input: Filters) =>
  baseQuery(ctx, input).select([
    'users.id',
    'users.name',
    'users.email',
    'users.status',
    'users.last_active_at',
    'users.is_default_admin',
    'users.invited_at',
    'users.email_verified_at',
    'enterprises.id as enterprise_id',
    'enterprises.name as enterprise_name',
    'roles.id as role_id',
    'roles.name as role_name',
  ]);

type Row = Awaited<ReturnType<ReturnType<typeof rowsOf>['execute']>>[number];
const toMember = (row: Row): AdminMember => ({
  _id: row.id,
  name: row.name,
  email: row.email,
  enterprise: { _id: row.enterprise_id, company_name: row.enterprise_name },
  role: { _id: row.role_id, name: row.role_name },
  status: shownStatus(row.status),
  lastActiveAt: row.last_active_at,
  isDefaultAdmin: row.is_default_admin === 1,
  // As the enterprise's member list says it (organisation/members.ts).
  invitePending: isInvitePending(row),
});

/** Members of every enterprise, by name; the search covers name, email and the enterprise's name. */
export const listAdminMembers = async (ctx: ServiceContext, input: Filters & { currentPage: number }) => {
  const { currentPage } = input;
  const total = Number(
    (
      await baseQuery(ctx, input)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirst()
    )?.n ?? 0,
  );
  const rows = await rowsOf(ctx, input)
    .orderBy(sql`lower(users.name)`)
    .orderBy('users.id')
    .limit(ADMIN_MEMBER_PAGE_SIZE)
    .offset((currentPage - 1) * ADMIN_MEMBER_PAGE_SIZE)
    .execute();
  return pageOf(rows.map(toMember), { currentPage, pageSize: ADMIN_MEMBER_PAGE_SIZE, total });
};

const findMember = async (ctx: ServiceContext, memberId: string) => {
  const row = await rowsOf(ctx, { memberId }).executeTakeFirst();
  if (!row) throw notFound('Member not found');
  return row;
};

/** Reuses the enterprise area's status write, so deactivation ends the member's sessions the same way. */
export const setAdminMemberStatus = async (
  ctx: ServiceContext,
  input: ParsedRequestOf<typeof adminMembers.setStatus>,
) => {
  const member = await findMember(ctx, input.memberId);
  if (input.status === 'Inactive' && member.is_default_admin === 1)
    throw conflict("The enterprise's default admin cannot be deactivated");
  await writeMemberStatus(ctx, member.enterprise_id, input, (trx) =>
    auditAdminAction(trx, ctx, member.enterprise_id, 'member.status-changed', {
      memberId: member.id,
      status: input.status,
    }),
  );
  return toMember(await findMember(ctx, input.memberId));
};
