import type { Db } from '../../db/connect.ts';
import { nowIso } from '../common/clock.ts';
import { insertAssignments } from '../tasks/group-task-sync.ts';
import { AGS_CLAIM, CLAIM, NRPS_CLAIM, TASK_PARAMETER } from './claims.ts';
import type { PlatformRow } from './platforms.ts';

/**
 * What a resource link launch tells the tool beyond who is launching: which course activity it is (the platform's
 * resource link, kept with the task it opens), the grade service endpoints of that activity (LTI AGS), and the
 * course with its roster URL (LTI NRPS). Kept on every launch, since a platform may move a link's line item or
 * grant other scopes later. A learner launching a link to a task gets the task assigned, so the page opens on it.
 */

const record = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

const shortText = (value: unknown, max: number) =>
  typeof value === 'string' && value.trim() ? value.trim().slice(0, max) : null;

/** A service URL from a claim: http(s) and of a sane length, else nothing (the service is then not offered). */
const serviceUrl = (value: unknown) => {
  if (typeof value !== 'string' || value.length > 2000) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.toString() : null;
  } catch {
    return null;
  }
};

const TASK_PATH = /^\/enterprise\/(?:my-tasks|tasks-library)\/view\/([A-Za-z0-9_-]{1,64})$/;

/** The task a launch opens: the deep link's custom parameter, else the task page its target names. */
const taskIdOf = (claims: Record<string, unknown>, target: string) => {
  const custom = shortText(record(claims[`${CLAIM}custom`])[TASK_PARAMETER], 64);
  if (custom) return custom;
  try {
    return TASK_PATH.exec(new URL(target).pathname)?.[1] ?? null;
  } catch {
    return null;
  }
};

/** The enterprise's live task with this id, if any. */
const liveTask = (db: Db, enterpriseId: string, taskId: string) =>
  db
    .selectFrom('tasks')
    .select(['id', 'expiry_seconds'])
    .where('id', '=', taskId)
    .where('enterprise_id', '=', enterpriseId)
    .where('archived', '=', 0)
    .executeTakeFirst();

/**
 * Keeps the launch's link and course, and answers the task it opens (assigned to the learner on the way), or null
 * when the link opens no task of this enterprise.
 */
export const recordLaunchLink = async (
  db: Db,
  platform: PlatformRow,
  claims: Record<string, unknown>,
  { userId, instructor, target }: { userId: string; instructor: boolean; target: string },
) => {
  const at = nowIso();
  const link = record(claims[`${CLAIM}resource_link`]);
  const context = record(claims[`${CLAIM}context`]);
  const contextId = shortText(context.id, 255);
  const ags = record(claims[AGS_CLAIM]);
  const nrps = record(claims[NRPS_CLAIM]);
  const taskId = taskIdOf(claims, target);
  const task = taskId ? await liveTask(db, platform.enterprise_id, taskId) : undefined;
  const scopes = Array.isArray(ags.scope) ? ags.scope.filter((s): s is string => typeof s === 'string') : [];
  const values = {
    context_id: contextId,
    task_id: task?.id ?? null,
    title: shortText(link.title, 255) ?? 'Coach activity',
    lineitem_url: serviceUrl(ags.lineitem),
    lineitems_url: serviceUrl(ags.lineitems),
    ags_scopes: JSON.stringify(scopes.slice(0, 20)),
    updated_at: at,
  };
  await db
    .insertInto('lti_links')
    .values({
      id: crypto.randomUUID(),
      platform_id: platform.id,
      resource_link_id: String(link.id),
      created_at: at,
      ...values,
    })
    .onConflict((oc) => oc.columns(['platform_id', 'resource_link_id']).doUpdateSet(values))
    .execute();
  if (contextId) {
    const course = {
      title: shortText(context.title, 255) ?? shortText(context.label, 255) ?? contextId,
      memberships_url: serviceUrl(nrps.context_memberships_url),
      updated_at: at,
    };
    await db
      .insertInto('lti_contexts')
      .values({ platform_id: platform.id, context_id: contextId, group_id: null, synced_at: null, ...course })
      .onConflict((oc) => oc.columns(['platform_id', 'context_id']).doUpdateSet(course))
      .execute();
  }
  if (!task) return null;
  if (!instructor)
    await insertAssignments(
      db,
      platform.enterprise_id,
      [{ taskId: task.id, userId, expirySeconds: Number(task.expiry_seconds) }],
      'direct',
    );
  return task.id;
};
