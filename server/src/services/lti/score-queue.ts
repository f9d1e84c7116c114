import type { Db } from '../../db/connect.ts';
import { enqueue } from '../../jobs/queue.ts';

/**
 * Scores on their way to LMS gradebooks (LTI AGS, sent by grades.ts): one job per LMS activity that links the
 * assignment's task and knows its learner, written in the caller's transaction with the score it sends.
 */

export type ScoreJob = { linkId: string; assignmentId: string };

/** Queues a score for every LMS activity that links the assignment's task and knows its learner. db may be a transaction. */
export const queueLtiScores = async (db: Db, assignmentId: string) => {
  const links = await db
    .selectFrom('task_assignments as a')
    .innerJoin('lti_links as l', 'l.task_id', 'a.task_id')
    .innerJoin('lti_platforms as p', (join) =>
      join.onRef('p.id', '=', 'l.platform_id').onRef('p.enterprise_id', '=', 'a.enterprise_id'),
    )
    .innerJoin('lti_accounts as acc', (join) =>
      join.onRef('acc.platform_id', '=', 'l.platform_id').onRef('acc.user_id', '=', 'a.user_id'),
    )
    .select('l.id')
    .where('a.id', '=', assignmentId)
    .where((eb) => eb.or([eb('l.lineitem_url', 'is not', null), eb('l.lineitems_url', 'is not', null)]))
    .execute();
  for (const link of links)
    await enqueue(db, 'lti-score', { linkId: link.id, assignmentId } satisfies ScoreJob);
  return links.length;
};
