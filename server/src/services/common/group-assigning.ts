import type { Db } from '../../db/connect.ts';

/**
 * How many people the groups hold now (each counted once, however many of the groups they are in): what a group
 * assignment reached. Zero means the groups are empty (a course's buyers' group before its first sale), so
 * nothing was assigned now; the groups keep what was assigned for the people who join them.
 */
export const peopleInGroups = async (db: Db, enterpriseId: string, groupIds: string[]) => {
  if (groupIds.length === 0) return 0;
  const row = await db
    .selectFrom('group_members')
    .innerJoin('users', 'users.id', 'group_members.user_id')
    .where('users.enterprise_id', '=', enterpriseId)
    .where('group_members.group_id', 'in', groupIds)
    .select((eb) => eb.fn.count<number>('group_members.user_id').distinct().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
};

/**
 * The message of a group assignment (tasks or videos). It says so when nobody is in the groups yet or when
 * everyone in them already had what was assigned, instead of counting no new assignments as if they were.
 */
export const groupAssignedMessage = ({
  groups,
  assigned,
  groupMembers,
}: {
  groups: number;
  assigned: number;
  groupMembers: number;
}) => {
  if (groupMembers === 0)
    return groups === 1
      ? 'Nobody is in this group yet: nothing was assigned now, and people who join it will get these'
      : 'Nobody is in these groups yet: nothing was assigned now, and people who join them will get these';
  if (assigned === 0)
    return groups === 1
      ? 'Everyone in this group already had these: no new assignments'
      : 'Everyone in these groups already had these: no new assignments';
  return `Assigned to ${groups} group${groups === 1 ? '' : 's'} (${assigned} new assignments)`;
};
