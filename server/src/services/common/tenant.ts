import type { Db } from '../../db/connect.ts';
import { notFound } from '../../errors.ts';

const CHUNK = 400;

/** Throws 404 unless the group belongs to the enterprise (another tenant's group looks like a missing one). */
export const assertGroupInEnterprise = async (db: Db, enterpriseId: string, groupId: string) => {
  const row = await db
    .selectFrom('groups')
    .select('id')
    .where('id', '=', groupId)
    .where('enterprise_id', '=', enterpriseId)
    .executeTakeFirst();
  if (!row) throw notFound('Group not found');
};

/** Throws 404 unless every id is a member of the enterprise; answers the ids without repeats. */
export const assertMembersInEnterprise = async (db: Db, enterpriseId: string, userIds: string[]) => {
  const unique = [...new Set(userIds)];
  for (let start = 0; start < unique.length; start += CHUNK) {
    const chunk = unique.slice(start, start + CHUNK);
    const found = await db
      .selectFrom('users')
      .select('id')
      .where('enterprise_id', '=', enterpriseId)
      .where('id', 'in', chunk)
      .execute();
    if (found.length !== chunk.length) throw notFound('Member not found');
  }
  return unique;
};
