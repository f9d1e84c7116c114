import { emailField } from '@coach/shared/contract/auth';
import { members as memberCalls } from '@coach/shared/contract/members';
import { sql } from 'kysely';
import SCIMMY from 'scimmy';
import type { Db } from '../../db/connect.ts';
import { isUniqueViolation } from '../../errors.ts';
import { removeAvatar } from '../content/image-variants.ts';
import { whyGiverCannotGive } from '../organisation/grants.ts';
import { learnerRole } from '../organisation/learner-role.ts';
import { removeMember, writeMemberStatus } from '../organisation/members.ts';
import { insertVouchedMember } from '../organisation/vouched-member.ts';
import {
  assertWithinLimit,
  EXTERNAL_ID_MAX,
  guarded,
  IN_MEMORY_FILTER_LIMIT,
  type ScimAttributes,
  type ScimContext,
  type ScimResourceHandlers,
  scimError,
  simpleEquality,
  tooManyToFilter,
  versioned,
} from './scim-context.ts';

/**
 * SCIM Users (RFC 7643 §4.1) as the enterprise's members: `id` is the member's id, `userName` and the primary
 * email are their sign-in address, `displayName` (or name.formatted, or given and family name) their name, `active`
 * their status (false deactivates them and ends their sessions at once), `externalId` the directory's own id.
 * A member has one name: `name.givenName` is its first word and `name.familyName` the rest, and a given or family
 * name the directory sends is joined back into it (so "Ada" and "King" read back as they were written).
 * Values longer than the dashboard allows are refused (400), not cut.
 * Members made here get single sign-on's role for new members, else the role named Learner; their address counts as
 * verified (the directory vouches for it) and they sign in through single sign-on or set a password by "Forgot
 * password". The default admin is never deactivated, deleted or given another address from here.
 */

/** A text field's longest value in the REST contract, so a directory meets the dashboard's limits. */
const maxLengthOf = (field: { maxLength: number | null }, name: string) => {
  if (field.maxLength === null) throw new Error(`The contract sets no maximum length for ${name}`);
  return field.maxLength;
};
const NAME_MAX = maxLengthOf(memberCalls.invite.request.shape.name, 'a member name');
const EMAIL_MAX = maxLengthOf(emailField, 'an email address');

/** The stored name as SCIM's given and family name: the first word, and the rest (absent for a one-word name). */
export const nameParts = (name: string) => {
  const [givenName = '', ...rest] = name.trim().split(/\s+/);
  return { givenName, ...(rest.length ? { familyName: rest.join(' ') } : {}) };
};

/** A given and a family name as one name (either may be missing). */
const joinedName = (givenName?: unknown, familyName?: unknown) =>
  [givenName, familyName]
    .map((part) => (typeof part === 'string' ? part.trim() : ''))
    .filter(Boolean)
    .join(' ');

const userColumns = [
  'id',
  'name',
  'email',
  'status',
  'created_at',
  'scim_external_id',
  'is_default_admin',
] as const;

type UserRow = {
  id: string;
  name: string;
  email: string;
  status: string;
  created_at: string;
  scim_external_id: string | null;
  is_default_admin: number;
};

export const toScimUser = (row: UserRow) =>
  versioned({
    id: row.id,
    ...(row.scim_external_id ? { externalId: row.scim_external_id } : {}),
    userName: row.email,
    displayName: row.name,
    name: { formatted: row.name, ...nameParts(row.name) },
    emails: [{ value: row.email, type: 'work', primary: true }],
    active: row.status === 'active',
    meta: { created: row.created_at },
  });

const members = (db: Db, enterpriseId: string) =>
  db.selectFrom('users').select(userColumns).where('enterprise_id', '=', enterpriseId);

const FILTER_COLUMNS = { id: 'id', username: 'email', externalid: 'scim_external_id' };

/** What a PATCH path may name: what a member keeps (see memberFields). */
const WRITABLE: ScimAttributes = [
  'userName',
  'displayName',
  'name.formatted',
  'name.givenName',
  'name.familyName',
  'emails.value',
  'emails.primary',
  'active',
  'externalId',
];
/** What a filter may name: every attribute toScimUser gives. */
const FILTERABLE: ScimAttributes = [...WRITABLE, 'id', 'emails.type', 'meta.created'];

/** One page of the enterprise's members matching the filter, oldest first, and how many match in all. */
export const listScimUsers = async (
  sc: ScimContext,
  filter: SCIMMY.Types.Filter | undefined,
  startIndex: number,
  count: number,
) =>
  guarded(async () => {
    const db = sc.service.db;
    const simple = filter ? simpleEquality(filter, FILTER_COLUMNS) : null;
    if (!filter || simple) {
      let query = members(db, sc.enterpriseId);
      if (simple)
        query =
          simple.column === 'email'
            ? query.where(sql<string>`lower(email)`, '=', simple.value.toLowerCase())
            : query.where(simple.column as 'id' | 'scim_external_id', '=', simple.value);
      const total = await db
        .selectFrom(query.as('matching'))
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow();
      const rows =
        count === 0
          ? []
          : await query
              .orderBy('created_at')
              .orderBy('id')
              .offset(startIndex - 1)
              .limit(count)
              .execute();
      return { resources: rows.map(toScimUser), total: Number(total.n) };
    }
    const all = await members(db, sc.enterpriseId)
      .orderBy('created_at')
      .orderBy('id')
      .limit(IN_MEMORY_FILTER_LIMIT + 1)
      .execute();
    if (all.length > IN_MEMORY_FILTER_LIMIT) throw tooManyToFilter();
    const matching = filter.match(all.map(toScimUser));
    return { resources: matching.slice(startIndex - 1, startIndex - 1 + count), total: matching.length };
  });

/**
 * 403 unless the token's admin could give the member's role: a directory readdresses, switches off or deletes only
 * those members (an admin's token never reaches a member whose role has no limits, which the default admin alone
 * gives). Renaming and an unchanged status pass, so a sync that repeats what a member is never fails.
 */
const assertWithinCreator = async (sc: ScimContext, memberId: string) => {
  const role = await sc.service.db
    .selectFrom('users')
    .innerJoin('roles', 'roles.id', 'users.role_id')
    .select(['roles.id', 'roles.name', 'roles.permissions'])
    .where('users.id', '=', memberId)
    .where('users.enterprise_id', '=', sc.enterpriseId)
    .executeTakeFirst();
  if (!role) throw scimError(404, null, `User ${memberId} not found`);
  const why = whyGiverCannotGive(sc.creator, {
    id: role.id,
    name: role.name,
    permissions: JSON.parse(role.permissions) as string[],
  });
  if (why)
    throw scimError(
      403,
      null,
      `The admin who created this token cannot change this member: ${why.replace(/^You/, 'they')}`,
    );
};

const findMember = async (sc: ScimContext, id: string) => {
  const row = await members(sc.service.db, sc.enterpriseId).where('id', '=', id).executeTakeFirst();
  if (!row) throw scimError(404, null, `User ${id} not found`);
  return row;
};

/** The member as a SCIM User, or 404 (another enterprise's member is as missing as one that never was). */
export const readScimUser = async (sc: ScimContext, id: string) =>
  guarded(async () => toScimUser(await findMember(sc, id)));

type UserInput = {
  userName?: string;
  displayName?: string;
  externalId?: string;
  active?: boolean;
  name?: { formatted?: string; givenName?: string; familyName?: string };
  emails?: { value?: string; primary?: boolean }[];
};

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The member's name from a SCIM User: for a new member its displayName, else name.formatted, else the given and
 * family name joined, else the address's local part; for a member, the first of those the directory changed (a
 * PATCH of `name.givenName` arrives as the whole User with only that part new), else the name they have.
 */
const nameOf = (user: UserInput, email: string, current?: string) => {
  const parts = current === undefined ? undefined : nameParts(current);
  const offered = [
    { attribute: 'displayName', value: user.displayName?.trim() ?? '', was: current },
    { attribute: 'name.formatted', value: user.name?.formatted?.trim() ?? '', was: current },
    {
      attribute: 'name.givenName and name.familyName',
      value: joinedName(user.name?.givenName, user.name?.familyName),
      was: parts && joinedName(parts.givenName, parts.familyName),
    },
  ].filter(({ value, was }) => value !== '' && value !== was);
  for (const { attribute, value } of offered) assertWithinLimit(attribute, value, NAME_MAX);
  return offered[0]?.value ?? current ?? (email.split('@')[0] || email).slice(0, NAME_MAX);
};

/**
 * The member's fields from a SCIM User. The address: for a new member the primary email (else the first, else
 * userName); for a member, whichever of userName and the primary email the directory changed (Entra ID changes
 * `emails` when a mailbox moves and `userName` when the sign-in name does), else the address they have.
 */
const memberFields = (user: UserInput, current?: { email: string; name: string }) => {
  const emails = user.emails ?? [];
  const userName = (user.userName ?? '').trim().toLowerCase();
  assertWithinLimit('userName', userName, EMAIL_MAX);
  for (const { value } of emails) assertWithinLimit('emails.value', (value ?? '').trim(), EMAIL_MAX);
  const primary = (emails.find((e) => e.primary)?.value ?? emails[0]?.value ?? '').trim().toLowerCase();
  const changed = [userName, primary].find((value) => EMAIL.test(value) && value !== current?.email);
  const email = current === undefined ? primary || userName : (changed ?? current.email);
  if (!EMAIL.test(email))
    throw scimError(400, 'invalidValue', 'userName or a primary email must hold the member’s email address');
  const externalId = user.externalId?.trim() ?? '';
  assertWithinLimit('externalId', externalId, EXTERNAL_ID_MAX);
  return {
    email,
    name: nameOf(user, email, current?.name),
    externalId: externalId || null,
    active: user.active,
  };
};

/** The role of a member the directory makes: single sign-on's role for new members, else the role named Learner. */
const newMemberRole = async (db: Db, enterpriseId: string) => {
  const sso = await db
    .selectFrom('sso_connections')
    .innerJoin('roles', (join) =>
      join
        .onRef('roles.id', '=', 'sso_connections.default_role_id')
        .onRef('roles.enterprise_id', '=', 'sso_connections.enterprise_id'),
    )
    .select('roles.id')
    .where('sso_connections.enterprise_id', '=', enterpriseId)
    .executeTakeFirst();
  return sso?.id ?? learnerRole(db, enterpriseId);
};

const addressTaken = () =>
  scimError(409, 'uniqueness', 'A Coach account with this userName (email address) already exists');

const assertAddressFree = async (db: Db, email: string, exceptId?: string) => {
  let query = db.selectFrom('users').select('id').where(sql<string>`lower(email)`, '=', email);
  if (exceptId) query = query.where('id', '!=', exceptId);
  if (await query.executeTakeFirst()) throw addressTaken();
};

/** POST /Users: a new member (409 uniqueness when the address has an account, here or in another organisation). */
export const createScimUser = async (sc: ScimContext, user: UserInput) =>
  guarded(async () => {
    const db = sc.service.db;
    const fields = memberFields(user);
    await assertAddressFree(db, fields.email);
    const roleId = await newMemberRole(db, sc.enterpriseId);
    let id: string;
    try {
      ({ id } = await insertVouchedMember(db, {
        enterpriseId: sc.enterpriseId,
        roleId,
        name: fields.name,
        email: fields.email,
        active: fields.active !== false,
        scimExternalId: fields.externalId,
      }));
    } catch (error) {
      if (isUniqueViolation(error)) throw addressTaken();
      throw error;
    }
    sc.changes.push(`created user ${id}`);
    return toScimUser(await findMember(sc, id));
  });

/**
 * PUT /Users/{id} (and a PATCH, which scimmy applies to the current User and hands here): the address, name,
 * externalId and status as given. Deactivating ends the member's sessions at once.
 */
export const replaceScimUser = async (sc: ScimContext, id: string, user: UserInput) =>
  guarded(async () => {
    const db = sc.service.db;
    const current = await findMember(sc, id);
    const fields = memberFields(user, { email: current.email.toLowerCase(), name: current.name });
    const protectedAdmin = current.is_default_admin === 1;
    if (protectedAdmin && fields.email !== current.email.toLowerCase())
      throw scimError(403, null, 'The default admin’s address cannot be changed by the directory');
    if (protectedAdmin && fields.active === false)
      throw scimError(403, null, 'The default admin cannot be deactivated');
    const readdressed = fields.email !== current.email.toLowerCase();
    const switched = fields.active !== undefined && fields.active !== (current.status === 'active');
    if (readdressed || switched) await assertWithinCreator(sc, id);
    if (readdressed) await assertAddressFree(db, fields.email, id);
    try {
      await db
        .updateTable('users')
        .set({ name: fields.name, email: fields.email, scim_external_id: fields.externalId })
        .where('id', '=', id)
        .where('enterprise_id', '=', sc.enterpriseId)
        .execute();
    } catch (error) {
      if (isUniqueViolation(error)) throw addressTaken();
      throw error;
    }
    const wasActive = current.status === 'active';
    if (fields.active !== undefined && fields.active !== wasActive) {
      await writeMemberStatus(sc.service, sc.enterpriseId, {
        memberId: id,
        status: fields.active ? 'Active' : 'Inactive',
      });
      sc.changes.push(`${fields.active ? 'activated' : 'deactivated'} user ${id}`);
    }
    sc.changes.push(`updated user ${id}`);
    return toScimUser(await findMember(sc, id));
  });

/** DELETE /Users/{id}: the member is deleted and signed out (the default admin never). */
export const deleteScimUser = async (sc: ScimContext, id: string) =>
  guarded(async () => {
    const current = await findMember(sc, id);
    if (current.is_default_admin === 1) throw scimError(403, null, 'The default admin cannot be deleted');
    await assertWithinCreator(sc, id);
    const avatarUrl = await sc.service.db
      .transaction()
      .execute((trx) => removeMember(trx, sc.enterpriseId, id));
    await removeAvatar(sc.service, avatarUrl, 'scim-delete-user');
    sc.changes.push(`deleted user ${id}`);
  });

/** The Users resource type, for scim.ts. */
export const scimUsers: ScimResourceHandlers = {
  attributes: {
    filter: FILTERABLE,
    patch: WRITABLE,
    declared: [
      { prefix: 'urn:ietf:params:scim:schemas:core:2.0:User:', definition: SCIMMY.Schemas.User.definition },
      {
        prefix: 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User:',
        definition: SCIMMY.Schemas.EnterpriseUser.definition,
      },
    ],
  },
  list: listScimUsers,
  read: readScimUser,
  create: (sc, data) => createScimUser(sc, data as UserInput),
  replace: (sc, id, data) => replaceScimUser(sc, id, data as UserInput),
  remove: deleteScimUser,
};
