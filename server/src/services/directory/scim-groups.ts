import { GROUP_NAME_MAX } from '@coach/shared/contract/groups';
import { sql } from 'kysely';
import SCIMMY from 'scimmy';
import type { Db } from '../../db/connect.ts';
import { isUniqueViolation } from '../../errors.ts';
import { nowIso } from '../common/clock.ts';
import { setGroupMembers } from '../organisation/group-members.ts';
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
 * SCIM Groups (RFC 7643 §4.2) as the enterprise's groups: `displayName` is the group's name (unique in the
 * enterprise, any case), `members` its members (`value` a member's id; a group inside a group is refused), and
 * `externalId` the directory's own id. A membership change brings the tasks and videos assigned to the group, as
 * an edit in the dashboard does.
 */

type GroupRow = { id: string; name: string; created_at: string; scim_external_id: string | null };
type MemberRef = { value: string; display: string };

const toScimGroup = (row: GroupRow, members: MemberRef[]) =>
  versioned({
    id: row.id,
    ...(row.scim_external_id ? { externalId: row.scim_external_id } : {}),
    displayName: row.name,
    members: members.map((m) => ({ value: m.value, display: m.display, type: 'User' })),
    meta: { created: row.created_at },
  });

const groupsOf = (db: Db, enterpriseId: string) =>
  db
    .selectFrom('groups')
    .select(['id', 'name', 'created_at', 'scim_external_id'])
    .where('enterprise_id', '=', enterpriseId);

/** The members of these groups, by group. */
const membersOf = async (db: Db, groupIds: string[]) => {
  const byGroup = new Map<string, MemberRef[]>(groupIds.map((id) => [id, []]));
  for (let start = 0; start < groupIds.length; start += 500) {
    const rows = await db
      .selectFrom('group_members')
      .innerJoin('users', 'users.id', 'group_members.user_id')
      .select(['group_members.group_id', 'users.id', 'users.name'])
      .where('group_members.group_id', 'in', groupIds.slice(start, start + 500))
      .orderBy('users.name')
      .execute();
    for (const row of rows) byGroup.get(row.group_id)?.push({ value: row.id, display: row.name });
  }
  return byGroup;
};

const withMembers = async (db: Db, rows: GroupRow[]) => {
  const members = await membersOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => toScimGroup(row, members.get(row.id) ?? []));
};

const FILTER_COLUMNS = { id: 'id', displayname: 'name', externalid: 'scim_external_id' };

/** What a PATCH path may name: what a group keeps. */
const WRITABLE: ScimAttributes = ['displayName', 'externalId', 'members.value'];
/** What a filter may name: every attribute toScimGroup gives. */
const FILTERABLE: ScimAttributes = [...WRITABLE, 'id', 'members.display', 'members.type', 'meta.created'];

/** One page of the enterprise's groups matching the filter, oldest first, and how many match in all. */
export const listScimGroups = async (
  sc: ScimContext,
  filter: SCIMMY.Types.Filter | undefined,
  startIndex: number,
  count: number,
) =>
  guarded(async () => {
    const db = sc.service.db;
    const simple = filter ? simpleEquality(filter, FILTER_COLUMNS) : null;
    if (!filter || simple) {
      let query = groupsOf(db, sc.enterpriseId);
      if (simple)
        query =
          simple.column === 'name'
            ? query.where(sql<string>`lower(name)`, '=', simple.value.toLowerCase())
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
      return { resources: await withMembers(db, rows), total: Number(total.n) };
    }
    const all = await groupsOf(db, sc.enterpriseId)
      .orderBy('created_at')
      .orderBy('id')
      .limit(IN_MEMORY_FILTER_LIMIT + 1)
      .execute();
    if (all.length > IN_MEMORY_FILTER_LIMIT) throw tooManyToFilter();
    const matching = filter.match(await withMembers(db, all));
    return { resources: matching.slice(startIndex - 1, startIndex - 1 + count), total: matching.length };
  });

const findGroup = async (sc: ScimContext, id: string) => {
  const row = await groupsOf(sc.service.db, sc.enterpriseId).where('id', '=', id).executeTakeFirst();
  if (!row) throw scimError(404, null, `Group ${id} not found`);
  return row;
};

export const readScimGroup = async (sc: ScimContext, id: string) =>
  guarded(async () => {
    const row = await findGroup(sc, id);
    return toScimGroup(row, (await membersOf(sc.service.db, [id])).get(id) ?? []);
  });

type GroupInput = {
  displayName?: string;
  externalId?: string;
  members?: { value?: string; type?: string }[];
};

const groupFields = async (sc: ScimContext, group: GroupInput) => {
  const name = group.displayName?.trim() ?? '';
  if (!name) throw scimError(400, 'invalidValue', 'displayName must hold the group’s name');
  assertWithinLimit('displayName', name, GROUP_NAME_MAX);
  const refs = group.members ?? [];
  if (refs.some((m) => m.type && m.type !== 'User'))
    throw scimError(400, 'invalidValue', 'members: only Users can be members of a group here, not Groups');
  const ids = [...new Set(refs.map((m) => m.value ?? ''))];
  for (let start = 0; start < ids.length; start += 500) {
    const chunk = ids.slice(start, start + 500);
    const found = await sc.service.db
      .selectFrom('users')
      .select('id')
      .where('enterprise_id', '=', sc.enterpriseId)
      .where('id', 'in', chunk)
      .execute();
    if (found.length !== chunk.length) {
      const known = new Set(found.map((f) => f.id));
      const unknown = chunk.filter((id) => !known.has(id)).slice(0, 5);
      throw scimError(400, 'invalidValue', `members: no User ${unknown.map((id) => `"${id}"`).join(', ')}`);
    }
  }
  const externalId = group.externalId?.trim() ?? '';
  assertWithinLimit('externalId', externalId, EXTERNAL_ID_MAX);
  return { name, memberIds: ids, externalId: externalId || null };
};

const nameTaken = () => scimError(409, 'uniqueness', 'A group with this displayName already exists');

const assertNameFree = async (db: Db, enterpriseId: string, name: string, exceptId?: string) => {
  let query = groupsOf(db, enterpriseId).where(sql<string>`lower(name)`, '=', name.toLowerCase());
  if (exceptId) query = query.where('id', '!=', exceptId);
  if (await query.executeTakeFirst()) throw nameTaken();
};

export const createScimGroup = async (sc: ScimContext, group: GroupInput) =>
  guarded(async () => {
    const db = sc.service.db;
    const fields = await groupFields(sc, group);
    await assertNameFree(db, sc.enterpriseId, fields.name);
    const id = crypto.randomUUID();
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('groups')
        .values({
          id,
          enterprise_id: sc.enterpriseId,
          name: fields.name,
          created_at: nowIso(),
          scim_external_id: fields.externalId,
        })
        .execute();
      await setGroupMembers(trx, sc.enterpriseId, id, fields.memberIds);
    });
    sc.changes.push(`created group ${id} with ${fields.memberIds.length} members`);
    return readScimGroup(sc, id);
  });

/** PUT /Groups/{id} (and a PATCH, which scimmy applies to the current Group and hands here). */
export const replaceScimGroup = async (sc: ScimContext, id: string, group: GroupInput) =>
  guarded(async () => {
    const db = sc.service.db;
    await findGroup(sc, id);
    const fields = await groupFields(sc, group);
    await assertNameFree(db, sc.enterpriseId, fields.name, id);
    try {
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('groups')
          .set({ name: fields.name, scim_external_id: fields.externalId })
          .where('id', '=', id)
          .where('enterprise_id', '=', sc.enterpriseId)
          .execute();
        await setGroupMembers(trx, sc.enterpriseId, id, fields.memberIds);
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw nameTaken();
      throw error;
    }
    sc.changes.push(`updated group ${id}: ${fields.memberIds.length} members`);
    return readScimGroup(sc, id);
  });

export const deleteScimGroup = async (sc: ScimContext, id: string) =>
  guarded(async () => {
    await findGroup(sc, id);
    await sc.service.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('group_members').where('group_id', '=', id).execute();
      await trx
        .deleteFrom('groups')
        .where('id', '=', id)
        .where('enterprise_id', '=', sc.enterpriseId)
        .execute();
    });
    sc.changes.push(`deleted group ${id}`);
  });

/** The Groups resource type, for scim.ts. */
export const scimGroups: ScimResourceHandlers = {
  attributes: {
    filter: FILTERABLE,
    patch: WRITABLE,
    declared: [
      { prefix: 'urn:ietf:params:scim:schemas:core:2.0:Group:', definition: SCIMMY.Schemas.Group.definition },
    ],
  },
  list: listScimGroups,
  read: readScimGroup,
  create: (sc, data) => createScimGroup(sc, data as GroupInput),
  replace: (sc, id, data) => replaceScimGroup(sc, id, data as GroupInput),
  remove: deleteScimGroup,
};
