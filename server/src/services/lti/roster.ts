import type { ParsedRequestOf } from '@coach/shared/contract/define-call';
import type { lti } from '@coach/shared/contract/lti';
import { sql } from 'kysely';
import type { Db } from '../../db/connect.ts';
import { AppError, conflict, notFound } from '../../errors.ts';
import { enterpriseSession } from '../../session/session.ts';
import { audit } from '../common/audit.ts';
import { nowIso } from '../common/clock.ts';
import type { ServiceContext } from '../context.ts';
import { setGroupMembers } from '../organisation/group-members.ts';
import { memberOfPlatformUser } from './accounts.ts';
import { NRPS_SCOPE, platformCall } from './platform-calls.ts';
import { platformById } from './platforms.ts';

/**
 * LTI Names and Role Provisioning Services (NRPS 2.0): "Sync the class" reads a course's roster from the platform
 * (every page of it, following the `Link: rel="next"` headers) and makes the course's group hold exactly its
 * active members, each linked to a member of the enterprise as a launch would (made when new), so the group's
 * tasks and videos reach the whole class before anyone launches. The group is named after the course and made at
 * the first sync. People the roster names but Coach cannot take (no email, another organisation's address, an
 * account that manages people) are counted as skipped, never half-added.
 */

const MEMBERSHIP_TYPE = 'application/vnd.ims.lti-nrps.v2.membershipcontainer+json';
/** A course larger than this is refused rather than cut short. */
export const MAX_ROSTER = 5000;
const MAX_PAGES = 100;

type RosterMember = {
  user_id?: unknown;
  status?: unknown;
  name?: unknown;
  given_name?: unknown;
  family_name?: unknown;
  email?: unknown;
  roles?: unknown;
};

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** The `next` link of a Link header, if any. */
const nextPage = (link: string | null) => {
  for (const part of (link ?? '').split(',')) {
    const match = /<([^>]+)>\s*;\s*rel="?next"?/i.exec(part);
    if (match?.[1]) return match[1];
  }
  return null;
};

const readRoster = async (
  ctx: ServiceContext,
  platform: NonNullable<Awaited<ReturnType<typeof platformById>>>,
  url: string,
) => {
  const members: RosterMember[] = [];
  let page: string | null = url;
  for (let count = 0; page && count < MAX_PAGES; count += 1) {
    let res: Response;
    try {
      res = await platformCall(ctx, platform, [NRPS_SCOPE], page, { accept: MEMBERSHIP_TYPE });
    } catch (error) {
      throw conflict(
        `The LMS could not be reached for the roster: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    if (!res.ok)
      throw conflict(
        `The LMS refused the roster (HTTP ${res.status}): check that the tool may read its members`,
      );
    let body: { members?: unknown };
    try {
      body = (await res.json()) as { members?: unknown };
    } catch {
      throw conflict('The LMS answered the roster with something that is not JSON');
    }
    if (!Array.isArray(body.members)) throw conflict('The LMS answered the roster without members');
    members.push(...(body.members as RosterMember[]));
    if (members.length > MAX_ROSTER)
      throw conflict(`The course has more than ${MAX_ROSTER} members: sync it with your directory instead`);
    page = nextPage(res.headers.get('link'));
  }
  return members;
};

/** A group name for the course that no other group of the enterprise has. */
const freeGroupName = async (db: Db, enterpriseId: string, title: string) => {
  const base = title.slice(0, 90) || 'LMS course';
  for (let n = 1; n < 50; n += 1) {
    const name = n === 1 ? base : `${base} (${n})`;
    const taken = await db
      .selectFrom('groups')
      .select('id')
      .where('enterprise_id', '=', enterpriseId)
      .where(sql<string>`lower(name)`, '=', name.toLowerCase())
      .executeTakeFirst();
    if (!taken) return name;
  }
  return `${base} (${crypto.randomUUID().slice(0, 8)})`;
};

export const syncClass = async (
  ctx: ServiceContext,
  { platformId, contextId }: ParsedRequestOf<typeof lti.syncClass>,
) => {
  const s = enterpriseSession(ctx);
  const platform = await platformById(ctx.db, platformId);
  if (!platform || platform.enterprise_id !== s.enterpriseId) throw notFound('Platform not found');
  const course = await ctx.db
    .selectFrom('lti_contexts')
    .selectAll()
    .where('platform_id', '=', platform.id)
    .where('context_id', '=', contextId)
    .executeTakeFirst();
  if (!course) throw notFound('Course not found: launch the tool from the course once first');
  if (!course.memberships_url)
    throw conflict("The LMS did not offer this course's roster (Names and Role Provisioning Services)");
  const roster = await readRoster(ctx, platform, course.memberships_url);
  const memberIds = new Set<string>();
  let created = 0;
  let skipped = 0;
  for (const person of roster) {
    const subject = text(person.user_id);
    if (!subject || subject.length > 255 || (person.status !== undefined && person.status !== 'Active'))
      continue;
    try {
      const { user, created: made } = await memberOfPlatformUser(ctx.db, platform, {
        subject,
        email: text(person.email),
        name:
          text(person.name) || [text(person.given_name), text(person.family_name)].filter(Boolean).join(' '),
        roles: person.roles,
      });
      if (user.status !== 'active' || user.is_default_admin === 1) {
        skipped += 1;
        continue;
      }
      memberIds.add(user.id);
      if (made) created += 1;
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      skipped += 1;
    }
  }
  const at = nowIso();
  const { groupId, groupName, before } = await ctx.db.transaction().execute(async (trx) => {
    let group = course.group_id
      ? await trx
          .selectFrom('groups')
          .select(['id', 'name'])
          .where('id', '=', course.group_id)
          .where('enterprise_id', '=', s.enterpriseId)
          .executeTakeFirst()
      : undefined;
    if (!group) {
      group = { id: crypto.randomUUID(), name: await freeGroupName(trx, s.enterpriseId, course.title) };
      await trx
        .insertInto('groups')
        .values({ id: group.id, enterprise_id: s.enterpriseId, name: group.name, created_at: at })
        .execute();
    }
    const previous = await trx
      .selectFrom('group_members')
      .select('user_id')
      .where('group_id', '=', group.id)
      .execute();
    await setGroupMembers(trx, s.enterpriseId, group.id, [...memberIds]);
    await trx
      .updateTable('lti_contexts')
      .set({ group_id: group.id, synced_at: at })
      .where('platform_id', '=', platform.id)
      .where('context_id', '=', contextId)
      .execute();
    await audit(trx, {
      actorKind: 'enterprise',
      actorId: s.user.id,
      enterpriseId: s.enterpriseId,
      action: 'lti.class.sync',
      details: { platformId, contextId, groupId: group.id, members: memberIds.size, created, skipped },
    });
    return { groupId: group.id, groupName: group.name, before: new Set(previous.map((row) => row.user_id)) };
  });
  const added = [...memberIds].filter((id) => !before.has(id)).length;
  const removed = [...before].filter((id) => !memberIds.has(id)).length;
  ctx.setMessage(`Class synced: ${memberIds.size} members (${added} added, ${removed} removed)`);
  return { groupId, groupName, members: memberIds.size, added, removed, created, skipped, syncedAt: at };
};
