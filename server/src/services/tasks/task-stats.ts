import { TASK_STATUS } from '@coach/shared/constants/task-status';
import type { TaskFigures, VideoFigures } from '@coach/shared/contract/general';
import { sql } from 'kysely';
import type { Db } from '../../db/connect.ts';
import { nowIso } from '../common/clock.ts';
import { hasJoined } from '../common/joined.ts';

/**
 * Only what was given to people who joined: an invitee's assignments wait for them, as they are counted apart from
 * the members (the dashboard, like the reports).
 */
const toMembers = sql<boolean>`a.user_id in (select users.id from users where ${hasJoined()})`;

/**
 * Task figures for the dashboard, a member's detail page and a group's detail page: how
 * many assignments there are, how many are in progress, completed (within the range when one is given),
 * overdue, and completed but not reviewed yet.
 */
export const taskFigures = async (
  db: Db,
  {
    enterpriseId,
    userId,
    groupId,
    throughGroupId,
    completedFrom,
    completedBefore,
    membersOnly = false,
  }: {
    enterpriseId: string;
    /** Leave out the assignments of invitees who have not joined yet (see toMembers). */
    membersOnly?: boolean;
    userId?: string | undefined;
    /** The people in this group (the top-bar group filter): every assignment they have, however made. */
    groupId?: string | undefined;
    /** What this group gave (a group's detail page): see `givenThroughGroup`. */
    throughGroupId?: string | undefined;
    completedFrom?: string | undefined;
    completedBefore?: string | undefined;
  },
): Promise<TaskFigures> => {
  const now = nowIso();
  const completed = TASK_STATUS.completed;
  let query = db.selectFrom('task_assignments as a').where('a.enterprise_id', '=', enterpriseId);
  if (userId) query = query.where('a.user_id', '=', userId);
  if (groupId)
    query = query.where('a.user_id', 'in', (eb) =>
      eb.selectFrom('group_members').select('user_id').where('group_id', '=', groupId),
    );
  if (throughGroupId) query = query.where(givenThroughGroup('a', 'task', throughGroupId));
  if (membersOnly) query = query.where(toMembers);
  const inRange =
    completedFrom && completedBefore
      ? sql<boolean>`a.completed_at >= ${completedFrom} and a.completed_at < ${completedBefore}`
      : sql<boolean>`1 = 1`;
  const row = await query
    .select([
      (eb) => eb.fn.countAll().as('assigned'),
      sql<number>`sum(case when a.status = ${TASK_STATUS.inProgress} then 1 else 0 end)`.as('in_progress'),
      sql<number>`sum(case when a.status = ${completed} and ${inRange} then 1 else 0 end)`.as('completed'),
      sql<number>`sum(case when a.status <> ${completed} and a.due_at < ${now} then 1 else 0 end)`.as(
        'overdue',
      ),
      sql<number>`sum(case when a.status = ${completed} and a.reviewed_at is null then 1 else 0 end)`.as(
        'pending_review',
      ),
    ])
    .executeTakeFirst();
  return {
    assigned: Number(row?.assigned ?? 0),
    inProgress: Number(row?.in_progress ?? 0),
    completed: Number(row?.completed ?? 0),
    overdue: Number(row?.overdue ?? 0),
    pendingReview: Number(row?.pending_review ?? 0),
  };
};

/**
 * An assignment given through a group: made by a group (`source = 'group'`), of a task (or video) the group
 * holds, to someone in it now. The row does not store which group made it, so a member in two groups holding
 * the same task counts in both (either group would have given it), and someone who left the group stops
 * counting; an assignment made to the member directly (`source = 'direct'`) never counts, even when the group
 * holds that task too.
 */
const givenThroughGroup = (alias: 'a', kind: 'task' | 'content', groupId: string) => {
  const held =
    kind === 'task'
      ? sql`select task_id from task_group_assignments where group_id = ${groupId}`
      : sql`select content_id from content_group_assignments where group_id = ${groupId}`;
  const itemColumn = sql.ref(`${alias}.${kind}_id`);
  return sql<boolean>`${sql.ref(`${alias}.source`)} = 'group' and ${itemColumn} in (${held}) and ${sql.ref(
    `${alias}.user_id`,
  )} in (select user_id from group_members where group_id = ${groupId})`;
};

/**
 * Videos assigned, and how many of those the person they were given to watched (viewed past 80 %, within the range
 * when one is given). Only assigned videos count as watched, so "watched" never exceeds "assigned":
 * a view of a library video nobody was given, or a person's repeat view, adds nothing.
 */
export const videoFigures = async (
  db: Db,
  {
    enterpriseId,
    userId,
    groupId,
    throughGroupId,
    watchedFrom,
    watchedBefore,
    membersOnly = false,
  }: {
    enterpriseId: string;
    /** Leave out the videos given to invitees who have not joined yet (see toMembers). */
    membersOnly?: boolean;
    userId?: string | undefined;
    groupId?: string | undefined;
    /** Videos the group gave (its detail page), and how many of those its people watched. */
    throughGroupId?: string | undefined;
    watchedFrom?: string | undefined;
    watchedBefore?: string | undefined;
  },
): Promise<VideoFigures> => {
  let assigned = db.selectFrom('content_assignments as a').where('a.enterprise_id', '=', enterpriseId);
  if (userId) assigned = assigned.where('a.user_id', '=', userId);
  if (groupId)
    assigned = assigned.where(
      sql<boolean>`a.user_id in (select user_id from group_members where group_id = ${groupId})`,
    );
  if (throughGroupId) assigned = assigned.where(givenThroughGroup('a', 'content', throughGroupId));
  if (membersOnly) assigned = assigned.where(toMembers);
  const watched = assigned.where(({ exists, selectFrom }) =>
    exists(
      selectFrom('content_actions as v')
        .select('v.id')
        .whereRef('v.user_id', '=', 'a.user_id')
        .whereRef('v.content_id', '=', 'a.content_id')
        .where('v.enterprise_id', '=', enterpriseId)
        .where('v.action', '=', 'viewed')
        .$if(Boolean(watchedFrom && watchedBefore), (q) =>
          q.where('v.created_at', '>=', watchedFrom ?? '').where('v.created_at', '<', watchedBefore ?? ''),
        ),
    ),
  );
  const [a, w] = await Promise.all([
    assigned.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst(),
    watched.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst(),
  ]);
  return { assigned: Number(a?.n ?? 0), watched: Number(w?.n ?? 0) };
};
