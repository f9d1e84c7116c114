import type { Db } from '../../db/connect.ts';
import { syncGroupContent } from '../content/content-assignments.ts';
import { syncGroupTasks } from '../tasks/group-task-sync.ts';

/**
 * Sets a group's members to these (a directory's or a course roster's view of it), and brings the group's tasks and
 * videos to those who joined. trx is the caller's transaction.
 */
export const setGroupMembers = async (
  trx: Db,
  enterpriseId: string,
  groupId: string,
  memberIds: string[],
) => {
  await trx.deleteFrom('group_members').where('group_id', '=', groupId).execute();
  for (let start = 0; start < memberIds.length; start += 500)
    await trx
      .insertInto('group_members')
      .values(memberIds.slice(start, start + 500).map((userId) => ({ group_id: groupId, user_id: userId })))
      .execute();
  await syncGroupTasks(trx, enterpriseId, { groupIds: [groupId] });
  await syncGroupContent(trx, enterpriseId, { groupIds: [groupId] });
};
