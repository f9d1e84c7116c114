import { isScoredTaskType, type PronunciationResult } from '@coach/shared/contract/tasks';
import type { Job } from '../../jobs/queue.ts';
import { audit } from '../common/audit.ts';
import { nowIso } from '../common/clock.ts';
import {
  AGS_SCOPES,
  beneath,
  type PlatformCallDeps,
  PlatformCallError,
  platformCall,
} from './platform-calls.ts';
import { platformById } from './platforms.ts';
import type { ScoreJob } from './score-queue.ts';

/**
 * LTI Assignment and Grade Services (AGS 2.0): when a learner finishes a task that an LMS activity links to, the
 * score goes to that activity's column of the course gradebook. A scored task (Pronunciation, Read & Record) sends
 * its counting score (best or latest try, as the group counts them) once its recordings are heard; any other task
 * sends 1 when completed. The score is 0–1 with the coach's one-line comment. Sending is a job of the durable
 * queue, written with the score: an LMS that is down gets it again with backoff (the webhook policy). A link
 * without a line item of its own gets one made in the course's line items, once, when the platform grants it.
 */

const SCORE_TYPE = 'application/vnd.ims.lis.v1.score+json';
const LINE_ITEM_TYPE = 'application/vnd.ims.lis.v2.lineitem+json';

/** The score a finished assignment sends, or null while it has none yet (recordings not all heard). */
const scoreOf = (row: {
  type: number;
  status: number;
  report: string | null;
  counting_result: string | null;
}) => {
  if (Number(row.status) !== 2) return null;
  if (!isScoredTaskType(row.type as never)) return { given: 1, comment: 'Completed in Coach.' };
  const report = row.report ? (JSON.parse(row.report) as { pronunciationResult?: PronunciationResult }) : {};
  const counting = row.counting_result
    ? (JSON.parse(row.counting_result) as PronunciationResult)
    : report.pronunciationResult;
  if (!counting) return null;
  const given = Math.min(1, Math.max(0, counting.score / 100));
  return {
    given: Math.round(given * 1000) / 1000,
    comment: `Pronunciation ${counting.score} of 100 (passing ${counting.passingScore}): ${
      counting.passed ? 'passed' : 'not passed yet'
    }.`,
  };
};

const lineItemOf = async (
  deps: PlatformCallDeps,
  link: {
    id: string;
    resource_link_id: string;
    lineitem_url: string | null;
    lineitems_url: string | null;
    title: string;
    task_id: string | null;
  },
  platform: NonNullable<Awaited<ReturnType<typeof platformById>>>,
) => {
  if (link.lineitem_url) return link.lineitem_url;
  if (!link.lineitems_url)
    throw new PlatformCallError(0, 'The activity has no line item and no line items URL');
  const res = await platformCall(deps, platform, [AGS_SCOPES.lineItem], link.lineitems_url, {
    method: 'POST',
    accept: LINE_ITEM_TYPE,
    contentType: LINE_ITEM_TYPE,
    body: {
      scoreMaximum: 1,
      label: link.title,
      resourceLinkId: link.resource_link_id,
      resourceId: link.task_id,
      tag: 'coach',
    },
  });
  const text = await res.text();
  if (!res.ok)
    throw new PlatformCallError(
      res.status,
      `The platform refused the line item (${res.status}): ${text.slice(0, 300)}`,
    );
  const made = JSON.parse(text) as { id?: unknown };
  if (typeof made.id !== 'string')
    throw new PlatformCallError(res.status, 'The platform made a line item without an id');
  await deps.db.updateTable('lti_links').set({ lineitem_url: made.id }).where('id', '=', link.id).execute();
  return made.id;
};

/** The lti-score job: the score as it stands now, to the activity's line item. */
export const sendLtiScore = async (deps: PlatformCallDeps, job: Job) => {
  const { linkId, assignmentId } = job.payload as ScoreJob;
  const link = await deps.db.selectFrom('lti_links').selectAll().where('id', '=', linkId).executeTakeFirst();
  // The platform was removed, or the link re-pointed, since: nothing to send.
  if (!link) return;
  const platform = await platformById(deps.db, link.platform_id);
  if (!platform) return;
  const row = await deps.db
    .selectFrom('task_assignments as a')
    .innerJoin('tasks as t', 't.id', 'a.task_id')
    .innerJoin('lti_accounts as acc', (join) =>
      join.onRef('acc.user_id', '=', 'a.user_id').on('acc.platform_id', '=', platform.id),
    )
    .select([
      'a.user_id',
      'a.enterprise_id',
      'a.status',
      'a.report',
      'a.counting_result',
      't.type',
      'acc.subject',
    ])
    .where('a.id', '=', assignmentId)
    .where('a.task_id', '=', link.task_id)
    .executeTakeFirst();
  if (!row || row.enterprise_id !== platform.enterprise_id) return;
  const score = scoreOf(row);
  if (!score) return;
  const lineItem = await lineItemOf(deps, link, platform);
  const res = await platformCall(deps, platform, [AGS_SCOPES.score], beneath(lineItem, 'scores'), {
    method: 'POST',
    accept: 'application/json',
    contentType: SCORE_TYPE,
    body: {
      userId: row.subject,
      scoreGiven: score.given,
      scoreMaximum: 1,
      comment: score.comment,
      timestamp: nowIso(),
      activityProgress: 'Completed',
      gradingProgress: 'FullyGraded',
    },
  });
  if (!res.ok) {
    const text = await res.text();
    throw new PlatformCallError(
      res.status,
      `The platform refused the score (${res.status}): ${text.slice(0, 300)}`,
    );
  }
  await audit(deps.db, {
    actorKind: 'lti-platform',
    actorId: platform.id,
    enterpriseId: platform.enterprise_id,
    action: 'lti.score.sent',
    details: { linkId, assignmentId, memberId: row.user_id, score: score.given },
  });
};
