import type { ParsedRequestOf } from '@coach/shared/contract/define-call';
import type { lti } from '@coach/shared/contract/lti';
import { SignJWT } from 'jose';
import { randomToken, sha256 } from '../../auth/tokens.ts';
import type { Db } from '../../db/connect.ts';
import { notFound, validation } from '../../errors.ts';
import { enterpriseSession } from '../../session/session.ts';
import { audit } from '../common/audit.ts';
import { nowIso } from '../common/clock.ts';
import type { ServiceContext } from '../context.ts';
import { CLAIM, DL_CLAIM, TASK_PARAMETER } from './claims.ts';
import { signingKey } from './tool-keys.ts';

/**
 * LTI Deep Linking 2.0: an instructor adding an activity in their course is sent to the tool (an
 * LtiDeepLinkingRequest launch), picks tasks of the enterprise's library on the dashboard, and the tool answers the
 * platform with a signed LtiDeepLinkingResponse holding one resource link per task: its title, the task page as the
 * target, the task's id as a custom parameter, and a line item (0–1) so the gradebook has a column for the scores
 * AGS sends. The request waits 30 minutes for the pick, for the member who launched it alone; it is answered once.
 */

const WAIT_MS = 30 * 60 * 1000;
/** How long an answer waits for the browser to carry it. */
const CARRY_MS = 2 * 60 * 1000;

const record = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

/** What is wrong with a deep linking request's settings, for the refusal page, or null. */
export const deepLinkingProblem = (claims: Record<string, unknown>) => {
  const settings = record(claims[`${DL_CLAIM}deep_linking_settings`]);
  const returnUrl = settings.deep_link_return_url;
  if (typeof returnUrl !== 'string' || returnUrl.length > 2000 || !/^https?:\/\//.test(returnUrl))
    return 'The deep linking request has no deep_link_return_url';
  const accepts = settings.accept_types;
  if (!Array.isArray(accepts) || !accepts.includes('ltiResourceLink'))
    return 'The platform does not accept resource links here (accept_types), which is what this tool adds';
  return null;
};

/** Keeps a verified deep linking request for its instructor; answers the dashboard page that picks. */
export const startDeepLink = async (
  db: Db,
  platformId: string,
  userId: string,
  claims: Record<string, unknown>,
) => {
  const settings = record(claims[`${DL_CLAIM}deep_linking_settings`]);
  const id = crypto.randomUUID();
  await db
    .insertInto('lti_deep_links')
    .values({
      id,
      platform_id: platformId,
      user_id: userId,
      deployment_id: String(claims[`${CLAIM}deployment_id`]),
      return_url: String(settings.deep_link_return_url),
      data: typeof settings.data === 'string' ? settings.data.slice(0, 2000) : null,
      accept_multiple: settings.accept_multiple === false ? 0 : 1,
      expires_at: new Date(Date.now() + WAIT_MS).toISOString(),
    })
    .execute();
  return `/enterprise/lti/deep-link/${id}`;
};

/** The caller's waiting request, or 404 (another member's, another enterprise's, answered or expired). */
const waitingRequest = async (ctx: ServiceContext, deepLinkId: string) => {
  const s = enterpriseSession(ctx);
  const row = await ctx.db
    .selectFrom('lti_deep_links as d')
    .innerJoin('lti_platforms as p', 'p.id', 'd.platform_id')
    .select([
      'd.id',
      'd.platform_id',
      'd.deployment_id',
      'd.return_url',
      'd.data',
      'd.accept_multiple',
      'd.expires_at',
      'p.name',
      'p.issuer',
      'p.client_id',
    ])
    .where('d.id', '=', deepLinkId)
    .where('d.user_id', '=', s.user.id)
    .where('p.enterprise_id', '=', s.enterpriseId)
    .where('d.answer_code_hash', 'is', null)
    .executeTakeFirst();
  if (!row || row.expires_at < nowIso())
    throw notFound(
      'This request from your course has expired or was answered: add the activity again from your course',
    );
  return row;
};

export const deepLinkRequest = async (
  ctx: ServiceContext,
  { deepLinkId }: ParsedRequestOf<typeof lti.deepLink>,
) => {
  const row = await waitingRequest(ctx, deepLinkId);
  return { platformName: row.name, acceptMultiple: row.accept_multiple === 1, expiresAt: row.expires_at };
};

/** The picked tasks as the platform's content items (none: the instructor cancelled). */
export const answerDeepLink = async (
  ctx: ServiceContext,
  { deepLinkId, taskIds }: ParsedRequestOf<typeof lti.answerDeepLink>,
) => {
  const s = enterpriseSession(ctx);
  const row = await waitingRequest(ctx, deepLinkId);
  if (row.accept_multiple === 0 && taskIds.length > 1)
    throw validation('taskIds', 'Your course takes one activity at a time here: pick one task');
  const tasks = taskIds.length
    ? await ctx.db
        .selectFrom('tasks')
        .select(['id', 'title', 'description'])
        .where('enterprise_id', '=', s.enterpriseId)
        .where('archived', '=', 0)
        .where('id', 'in', taskIds)
        .execute()
    : [];
  if (tasks.length !== new Set(taskIds).size)
    throw validation('taskIds', 'Pick tasks of your library that are not archived');
  const byId = new Map(tasks.map((task) => [task.id, task]));
  const items = [...new Set(taskIds)].map((taskId) => {
    const task = byId.get(taskId) as (typeof tasks)[number];
    return {
      type: 'ltiResourceLink',
      title: task.title,
      ...(task.description ? { text: task.description.slice(0, 500) } : {}),
      url: `${ctx.config.publicUrl}/enterprise/my-tasks/view/${task.id}`,
      custom: { [TASK_PARAMETER]: task.id },
      lineItem: { scoreMaximum: 1, label: task.title, resourceId: task.id, tag: 'coach' },
    };
  });
  const { kid, key } = await signingKey(ctx);
  const jwt = await new SignJWT({
    nonce: crypto.randomUUID(),
    [`${CLAIM}message_type`]: 'LtiDeepLinkingResponse',
    [`${CLAIM}version`]: '1.3.0',
    [`${CLAIM}deployment_id`]: row.deployment_id,
    [`${DL_CLAIM}content_items`]: items,
    ...(row.data === null ? {} : { [`${DL_CLAIM}data`]: row.data }),
    ...(items.length ? {} : { [`${DL_CLAIM}msg`]: 'Nothing was added' }),
  })
    .setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' })
    .setIssuer(row.client_id)
    .setAudience(row.issuer)
    .setIssuedAt()
    .setExpirationTime('5m')
    .sign(key);
  // Answered once: a second answer finds the request answered. The code carries the answer to the platform.
  const code = randomToken();
  const answered = await ctx.db
    .updateTable('lti_deep_links')
    .set({
      answer_jwt: jwt,
      answer_code_hash: sha256(code),
      expires_at: new Date(Date.now() + CARRY_MS).toISOString(),
    })
    .where('id', '=', row.id)
    .where('answer_code_hash', 'is', null)
    .executeTakeFirst();
  if (Number(answered.numUpdatedRows) !== 1)
    throw notFound('This request from your course was answered already');
  await audit(ctx.db, {
    actorKind: 'enterprise',
    actorId: s.user.id,
    enterpriseId: s.enterpriseId,
    action: 'lti.deepLink.answer',
    details: { platformId: row.platform_id, taskIds: [...byId.keys()] },
  });
  return { code };
};

/**
 * The answer a code fetches (spent now), for the page that posts it to the platform: its return URL and the signed
 * answer, or null (unknown, spent or expired).
 */
export const takeDeepLinkAnswer = async (db: Db, code: string) => {
  const hash = sha256(code);
  const row = await db
    .selectFrom('lti_deep_links')
    .select(['id', 'return_url', 'answer_jwt', 'expires_at'])
    .where('answer_code_hash', '=', hash)
    .executeTakeFirst();
  if (!row) return null;
  await db.deleteFrom('lti_deep_links').where('id', '=', row.id).execute();
  if (row.expires_at < nowIso() || !row.answer_jwt) return null;
  return { returnUrl: row.return_url, jwt: row.answer_jwt };
};
