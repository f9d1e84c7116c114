import { hashPassword } from '../../auth/passwords.ts';
import { randomToken } from '../../auth/tokens.ts';
import type { Db } from '../../db/connect.ts';
import { nowIso } from '../common/clock.ts';

/**
 * Adds a member whose address someone else vouched for (single sign-on's provider, a SCIM directory, an LMS): the
 * address counts as verified, and the password is a random one nobody knows, so the member signs in through that
 * provider (or sets one by "Forgot password"). Callers check the address is free and answer a unique-key race.
 */
export const insertVouchedMember = async (
  db: Db,
  member: {
    enterpriseId: string;
    roleId: string;
    name: string;
    email: string;
    active?: boolean;
    scimExternalId?: string | null;
  },
) => {
  const id = crypto.randomUUID();
  const now = nowIso();
  await db
    .insertInto('users')
    .values({
      id,
      enterprise_id: member.enterpriseId,
      role_id: member.roleId,
      name: member.name,
      email: member.email,
      password_hash: await hashPassword(randomToken()),
      mobile: null,
      avatar_url: null,
      is_default_admin: 0,
      status: member.active === false ? 'inactive' : 'active',
      email_verified_at: now,
      last_active_at: null,
      created_at: now,
      invited_at: null,
      ...(member.scimExternalId !== undefined ? { scim_external_id: member.scimExternalId } : {}),
    })
    .execute();
  return { id, verifiedAt: now };
};
