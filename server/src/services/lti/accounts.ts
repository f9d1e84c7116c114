import { ERROR_CODES } from '@coach/shared/contract/envelope';
import type { PermissionKey } from '@coach/shared/permissions';
import { sql } from 'kysely';
import type { Db } from '../../db/connect.ts';
import { AppError, isUniqueViolation } from '../../errors.ts';
import { nowIso } from '../common/clock.ts';
import { learnerRole, roleNamed } from '../organisation/learner-role.ts';
import { insertVouchedMember } from '../organisation/vouched-member.ts';
import type { PlatformRow } from './platforms.ts';

/**
 * Which member a platform's user is (a launch's `sub`, a roster's `user_id`): the member linked to it before, else
 * the enterprise's member with that email address, else a member made now with the role their LMS role maps to
 * (Instructor or Learner). An LMS vouches for its users' addresses, but not for the people who run Coach: a member
 * whose role manages members or roles (or holds every key) is never linked by email, and the default admin never
 * signs in from an LMS at all.
 */

/** An LTI refusal: the status, and what was wrong in words a person launching from their course can act on. */
export const ltiRefusal = (status: 400 | 401 | 403 | 404, message: string) =>
  new AppError(
    status,
    status === 400
      ? ERROR_CODES.validation
      : status === 401
        ? ERROR_CODES.unauthenticated
        : status === 403
          ? ERROR_CODES.forbidden
          : ERROR_CODES.notFound,
    message,
  );

const INSTRUCTOR_ROLES = /#(Instructor|Administrator|ContentDeveloper|TeachingAssistant|Mentor)$/;
/**
 * What the Instructor role a launch makes may do at first: pick tasks and videos for their course. The enterprise's
 * admin widens it (reports, groups) on the roles screen if they want instructors to follow their learners there.
 */
const INSTRUCTOR_PERMISSIONS: PermissionKey[] = ['dashboard', 'task-library', 'content-library'];
/** The keys that manage people: a member holding one is not linked by email. */
const MANAGING: readonly string[] = ['members', 'roles'];

export const isInstructor = (roles: unknown) =>
  Array.isArray(roles) && roles.some((role) => INSTRUCTOR_ROLES.test(String(role)));

const permissionsOfMember = async (db: Db, userId: string) => {
  const row = await db
    .selectFrom('users')
    .leftJoin('roles', 'roles.id', 'users.role_id')
    .select('roles.permissions')
    .where('users.id', '=', userId)
    .executeTakeFirst();
  return JSON.parse(row?.permissions ?? '[]') as string[];
};

/** Whether the member's role opens the task library (a role without limits opens everything). */
export const mayPickTasks = async (db: Db, userId: string) => {
  const held = await permissionsOfMember(db, userId);
  return held.length === 0 || held.includes('task-library');
};

/** The role of a member a launch makes: instructors get the role named Instructor, learners the role named Learner. */
const roleFor = async (db: Db, enterpriseId: string, roles: unknown) => {
  if (!isInstructor(roles)) return learnerRole(db, enterpriseId);
  return roleNamed(db, enterpriseId, 'Instructor', INSTRUCTOR_PERMISSIONS);
};

/** 403 when the member's role manages people (or holds every key): an LMS never signs in as such a member. */
const assertNotManaging = async (db: Db, userId: string) => {
  const held = await permissionsOfMember(db, userId);
  if (held.length === 0 || held.some((key) => MANAGING.includes(key)))
    throw ltiRefusal(
      403,
      'Your Coach account manages people, so an LMS cannot sign in as it: sign in to Coach with your password',
    );
};

export type PlatformUser = { subject: string; email: string; name: string; roles: unknown };

/** The member this platform user is (see above), or a refusal that says why not. */
export const memberOfPlatformUser = async (db: Db, platform: PlatformRow, person: PlatformUser) => {
  const linked = await db
    .selectFrom('lti_accounts')
    .innerJoin('users', 'users.id', 'lti_accounts.user_id')
    .select(['users.id', 'users.status', 'users.is_default_admin'])
    .where('lti_accounts.platform_id', '=', platform.id)
    .where('lti_accounts.subject', '=', person.subject)
    .executeTakeFirst();
  // A link made while the member's role was harmless does not outlive it: the role is checked at every launch.
  if (linked) {
    await assertNotManaging(db, linked.id);
    return { user: linked, created: false };
  }
  const email = person.email.trim().toLowerCase();
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) || email.length > 254)
    throw ltiRefusal(
      400,
      'The platform did not send your email address: ask your admin to share it with the tool',
    );
  const existing = await db
    .selectFrom('users')
    .select(['id', 'status', 'is_default_admin', 'enterprise_id'])
    .where(sql<string>`lower(email)`, '=', email)
    .executeTakeFirst();
  if (existing && existing.enterprise_id !== platform.enterprise_id)
    throw ltiRefusal(403, 'This email address has a Coach account with another organisation');
  if (existing?.is_default_admin === 1)
    throw ltiRefusal(403, 'The default admin signs in with their password, not from an LMS');
  if (existing) await assertNotManaging(db, existing.id);
  let user = existing;
  if (!user) {
    let id: string;
    try {
      ({ id } = await insertVouchedMember(db, {
        enterpriseId: platform.enterprise_id,
        roleId: await roleFor(db, platform.enterprise_id, person.roles),
        name: (person.name.trim() || email).slice(0, 100),
        email,
      }));
    } catch (error) {
      if (isUniqueViolation(error))
        throw ltiRefusal(403, 'This email address has a Coach account already. Launch again.');
      throw error;
    }
    user = { id, status: 'active', is_default_admin: 0, enterprise_id: platform.enterprise_id };
  }
  try {
    await db
      .insertInto('lti_accounts')
      .values({ platform_id: platform.id, subject: person.subject, user_id: user.id, created_at: nowIso() })
      .execute();
  } catch (error) {
    // Two first launches at once: the other made the link.
    if (!isUniqueViolation(error)) throw error;
  }
  return { user, created: !existing };
};
