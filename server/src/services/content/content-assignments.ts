import type { Db } from '../../db/connect.ts';
import { nowIso } from '../common/clock.ts';
import { queueAssignmentNotices } from '../organisation/notice-queue.ts';

const CHUNK = 400;

/**
 * Inserts the (video, member) pairs that are not assigned yet; answers how many were new. The members are told by
 * mail unless `quiet` (the seed's demo).
 */
export const insertContentAssignments = async (
  db: Db,
  enterpriseId: string,
  pairs: { contentId: string; userId: string }[],
  source: 'direct' | 'group',
  { quiet = false }: { quiet?: boolean } = {},
) => {
  let inserted = 0;
  const at = nowIso();
  for (let start = 0; start < pairs.length; start += CHUNK) {
    const chunk = pairs.slice(start, start + CHUNK);
    const result = await db
      .insertInto('content_assignments')
      .values(
        chunk.map((pair) => ({
          id: crypto.randomUUID(),
          enterprise_id: enterpriseId,
          content_id: pair.contentId,
          user_id: pair.userId,
          source,
          assigned_at: at,
        })),
      )
      .onConflict((oc) => oc.columns(['content_id', 'user_id']).doNothing())
      .returning(['user_id', 'content_id'])
      .execute();
    inserted += result.length;
    if (!quiet) await queueAssignmentNotices(db, enterpriseId, { videos: result });
  }
  return inserted;
};

/**
 * Gives members the videos of their groups that they do not have yet, like syncGroupTasks: called
 * after a group assignment and wherever group membership changes; restricted to the given members or groups.
 * Only videos the enterprise still has count.
 */
export const syncGroupContent = async (
  db: Db,
  enterpriseId: string,
  scope: { userIds?: string[]; groupIds?: string[]; quiet?: boolean },
) => {
  let query = db
    .selectFrom('content_group_assignments as cga')
    .innerJoin('group_members as gm', 'gm.group_id', 'cga.group_id')
    .innerJoin('content_enterprises as ce', (join) =>
      join.onRef('ce.content_id', '=', 'cga.content_id').onRef('ce.enterprise_id', '=', 'cga.enterprise_id'),
    )
    .where('cga.enterprise_id', '=', enterpriseId)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('content_assignments as ca')
            .select('ca.id')
            .whereRef('ca.content_id', '=', 'cga.content_id')
            .whereRef('ca.user_id', '=', 'gm.user_id'),
        ),
      ),
    )
    .select(['cga.content_id', 'gm.user_id'])
    .distinct();
  if (scope.userIds) {
    if (scope.userIds.length === 0) return 0;
    query = query.where('gm.user_id', 'in', scope.userIds);
  }
  if (scope.groupIds) {
    if (scope.groupIds.length === 0) return 0;
    query = query.where('cga.group_id', 'in', scope.groupIds);
  }
  const missing = await query.execute();
  return insertContentAssignments(
    db,
    enterpriseId,
    missing.map((row) => ({ contentId: row.content_id, userId: row.user_id })),
    'group',
    { quiet: scope.quiet ?? false },
  );
};
