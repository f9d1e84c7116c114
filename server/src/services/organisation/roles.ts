import type { ParsedRequestOf } from '@coach/shared/contract/define-call';
import { permissionCountOf, ROLE_PAGE_SIZE, type Role, type roles } from '@coach/shared/contract/roles';
import { PERMISSION_KEYS, type PermissionKey } from '@coach/shared/permissions';
import { sql } from 'kysely';
import { conflict, notFound, validation } from '../../errors.ts';
import { enterpriseSession } from '../../session/session.ts';
import { hasJoined, invitePending } from '../common/joined.ts';
import { containsPattern } from '../common/lists.ts';
import type { ServiceContext } from '../context.ts';
import { assertMayDefineRole, mayGrant } from './grants.ts';

type RoleRow = {
  id: string;
  name: string;
  permissions: string;
  member_count: number | string | bigint;
  invited_count: number | string | bigint;
};

/**
 * The roles of the caller's enterprise with how many members hold each: those who have joined, and apart the people
 * invited, not joined yet (`users.id` is null for a role nobody holds, so it counts none).
 */
const rolesQuery = (ctx: ServiceContext, enterpriseId: string) =>
  ctx.db
    .selectFrom('roles')
    .leftJoin('users', (join) =>
      join.onRef('users.role_id', '=', 'roles.id').on('users.enterprise_id', '=', enterpriseId),
    )
    .where('roles.enterprise_id', '=', enterpriseId)
    .groupBy(['roles.id', 'roles.name', 'roles.permissions'])
    .select(['roles.id', 'roles.name', 'roles.permissions'])
    .select([
      sql<number>`count(case when ${hasJoined()} then ${sql.ref('users.id')} end)`.as('member_count'),
      sql<number>`count(case when ${invitePending()} then ${sql.ref('users.id')} end)`.as('invited_count'),
    ]);

/** The id of the role the enterprise's default admin holds (it keeps every permission). */
const defaultAdminRoleId = async (ctx: ServiceContext, enterpriseId: string) =>
  (
    await ctx.db
      .selectFrom('users')
      .select('role_id')
      .where('enterprise_id', '=', enterpriseId)
      .where('is_default_admin', '=', 1)
      .executeTakeFirst()
  )?.role_id ?? null;

const toRole = (row: RoleRow, adminRoleId: string | null): Role => ({
  _id: row.id,
  name: row.name,
  permissions: (JSON.parse(row.permissions) as string[]).filter((key): key is PermissionKey =>
    (PERMISSION_KEYS as readonly string[]).includes(key),
  ),
  memberCount: Number(row.member_count),
  invitedCount: Number(row.invited_count),
  isDefaultAdminRole: row.id === adminRoleId,
});

const findRole = async (ctx: ServiceContext, enterpriseId: string, roleId: string) => {
  const row = await rolesQuery(ctx, enterpriseId).where('roles.id', '=', roleId).executeTakeFirst();
  // Another enterprise's role is indistinguishable from a missing one.
  if (!row) throw notFound('Role not found');
  return row;
};

const assertNameFree = async (ctx: ServiceContext, enterpriseId: string, name: string, exceptId?: string) => {
  let query = ctx.db
    .selectFrom('roles')
    .select('id')
    .where('enterprise_id', '=', enterpriseId)
    .where(sql<boolean>`lower(name) = ${name.toLowerCase()}`);
  if (exceptId) query = query.where('id', '!=', exceptId);
  if (await query.executeTakeFirst()) throw validation('name', 'A role with this name already exists');
};

export const listRoles = async (ctx: ServiceContext, input: ParsedRequestOf<typeof roles.list>) => {
  const { enterpriseId } = enterpriseSession(ctx);
  const currentPage = input.currentPage ?? 1;
  const direction = input.sort_type ?? 'asc';
  let filtered = ctx.db.selectFrom('roles').where('roles.enterprise_id', '=', enterpriseId);
  let query = rolesQuery(ctx, enterpriseId);
  if (input.searchInput) {
    const pattern = containsPattern(input.searchInput);
    filtered = filtered.where(sql<boolean>`lower(roles.name) like ${pattern} escape '\\'`);
    query = query.where(sql<boolean>`lower(roles.name) like ${pattern} escape '\\'`);
  }
  const total = Number((await filtered.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst())?.n ?? 0);
  const ordered =
    input.sort_by === 'members'
      ? query.orderBy('member_count', direction).orderBy('roles.name', 'asc')
      : query.orderBy(sql`lower(roles.name)`, direction);
  const rows = await ordered
    .orderBy('roles.id')
    .limit(ROLE_PAGE_SIZE)
    .offset((currentPage - 1) * ROLE_PAGE_SIZE)
    .execute();
  const adminRoleId = await defaultAdminRoleId(ctx, enterpriseId);
  return {
    currentPage,
    totalPages: Math.ceil(total / ROLE_PAGE_SIZE),
    totalCount: total,
    listdata: rows.map((row) => toRole(row, adminRoleId)),
  };
};

export const roleOptions = async (ctx: ServiceContext) => {
  const { enterpriseId } = enterpriseSession(ctx);
  const rows = await ctx.db
    .selectFrom('roles')
    .select(['id', 'name', 'permissions'])
    .where('enterprise_id', '=', enterpriseId)
    .orderBy(sql`lower(name)`)
    .execute();
  return rows.map((row) => {
    const permissions = JSON.parse(row.permissions) as string[];
    return {
      _id: row.id,
      name: row.name,
      grantable: mayGrant(ctx, { ...row, permissions }),
      permissionCount: permissionCountOf(permissions),
    };
  });
};

export const addRole = async (
  ctx: ServiceContext,
  input: ParsedRequestOf<typeof roles.add>,
): Promise<Role> => {
  const { enterpriseId } = enterpriseSession(ctx);
  assertMayDefineRole(ctx, input);
  await assertNameFree(ctx, enterpriseId, input.name);
  const id = crypto.randomUUID();
  await ctx.db
    .insertInto('roles')
    .values({
      id,
      enterprise_id: enterpriseId,
      name: input.name,
      permissions: JSON.stringify(input.permissions),
      is_system: 0,
    })
    .execute();
  ctx.setMessage('Role created successfully');
  return toRole(await findRole(ctx, enterpriseId, id), await defaultAdminRoleId(ctx, enterpriseId));
};

/** Holders of the role see the change on their next request (the session is read fresh every call). */
export const editRole = async (
  ctx: ServiceContext,
  input: ParsedRequestOf<typeof roles.edit>,
): Promise<Role> => {
  const { enterpriseId } = enterpriseSession(ctx);
  const before = await findRole(ctx, enterpriseId, input.roleId);
  assertMayDefineRole(ctx, {
    id: input.roleId,
    name: input.name,
    permissions: input.permissions,
    before: { ...before, permissions: JSON.parse(before.permissions) as string[] },
  });
  const adminRoleId = await defaultAdminRoleId(ctx, enterpriseId);
  if (input.roleId === adminRoleId && input.permissions.length < PERMISSION_KEYS.length)
    throw validation('permissions', "The default admin's role keeps every permission");
  await assertNameFree(ctx, enterpriseId, input.name, input.roleId);
  await ctx.db
    .updateTable('roles')
    .set({ name: input.name, permissions: JSON.stringify(input.permissions) })
    .where('id', '=', input.roleId)
    .where('enterprise_id', '=', enterpriseId)
    .execute();
  ctx.setMessage('Role updated successfully');
  return toRole(await findRole(ctx, enterpriseId, input.roleId), adminRoleId);
};

export const deleteRole = async (ctx: ServiceContext, { roleId }: { roleId: string }) => {
  const { enterpriseId } = enterpriseSession(ctx);
  const row = await findRole(ctx, enterpriseId, roleId);
  if (roleId === (await defaultAdminRoleId(ctx, enterpriseId)))
    throw conflict("The default admin's role cannot be deleted");
  // An invitee holds the role too: they get it on accepting the invitation, so they keep the role from deletion.
  const holders = Number(row.member_count);
  if (holders > 0)
    throw conflict(
      `${holders} member${holders === 1 ? ' holds' : 's hold'} this role. Give them another role first.`,
    );
  const invited = Number(row.invited_count);
  if (invited > 0)
    throw conflict(
      `${invited} invited ${invited === 1 ? 'person, not joined yet, holds' : 'people, not joined yet, hold'} this role. Give them another role first.`,
    );
  await ctx.db
    .deleteFrom('roles')
    .where('id', '=', roleId)
    .where('enterprise_id', '=', enterpriseId)
    .execute();
  ctx.setMessage('Role deleted successfully');
  return { _id: roleId };
};
