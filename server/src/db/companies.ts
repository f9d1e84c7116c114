import { DEFAULT_FEATURE_FLAGS } from '@coach/shared/constants/features';
import { DEFAULT_THEME_SETTINGS } from '@coach/shared/constants/theme';
import type { FeatureFlags } from '@coach/shared/contract/auth';
import { PERMISSION_KEYS } from '@coach/shared/permissions';
import type { Db } from './connect.ts';

/**
 * A company account: the enterprise, its Admin role with every permission key, a Learner role with the dashboard
 * only, and its default admin. Used by sign-up, the platform admin's Add enterprise and the marketplace seed (db
 * may be a transaction). The admin's email is verified only when `verifiedAt` is set.
 */
export const insertCompany = async (
  db: Db,
  input: {
    name: string;
    features?: Partial<FeatureFlags>;
    admin: { name: string; email: string; passwordHash: string; verifiedAt: string | null };
    now: string;
  },
) => {
  const enterpriseId = crypto.randomUUID();
  const roleId = crypto.randomUUID();
  const userId = crypto.randomUUID();
  await db
    .insertInto('enterprises')
    .values({
      id: enterpriseId,
      name: input.name,
      logo: null,
      address: null,
      features: JSON.stringify({ ...DEFAULT_FEATURE_FLAGS, ...input.features }),
      theme: JSON.stringify(DEFAULT_THEME_SETTINGS),
      created_at: input.now,
    })
    .execute();
  await db
    .insertInto('roles')
    .values({
      id: roleId,
      enterprise_id: enterpriseId,
      name: 'Admin',
      permissions: JSON.stringify(PERMISSION_KEYS),
      is_system: 1,
    })
    .execute();
  // Without it the invite form could offer only Admin, and every invited member would get every permission.
  // An ordinary, editable role: the admin may rename it, change what it allows or delete it. The same role
  // services/organisation/learner-role.ts finds or makes for members a buyer, a directory or an LMS adds.
  await db
    .insertInto('roles')
    .values({
      id: crypto.randomUUID(),
      enterprise_id: enterpriseId,
      name: 'Learner',
      permissions: JSON.stringify(['dashboard']),
      is_system: 0,
    })
    .execute();
  await db
    .insertInto('users')
    .values({
      id: userId,
      enterprise_id: enterpriseId,
      role_id: roleId,
      name: input.admin.name,
      email: input.admin.email,
      password_hash: input.admin.passwordHash,
      mobile: null,
      avatar_url: null,
      is_default_admin: 1,
      status: 'active',
      email_verified_at: input.admin.verifiedAt,
      last_active_at: null,
      created_at: input.now,
      invited_at: null,
    })
    .execute();
  return { enterpriseId, roleId, userId };
};
