import { isLanguageCode } from '@coach/shared/constants/languages';
import type { adminGeneral } from '@coach/shared/contract/admin';
import type {
  AdminUser,
  adminAuth,
  EnterpriseUser,
  enterpriseAuth,
  ThemeSettings,
} from '@coach/shared/contract/auth';
import type { ParsedRequestOf } from '@coach/shared/contract/define-call';
import type { enterpriseGeneral } from '@coach/shared/contract/general';
import type { PermissionKey } from '@coach/shared/permissions';
import { unauthenticated } from '../../errors.ts';
import {
  adminSession,
  type EnterpriseUserRow,
  enterpriseFlags,
  enterpriseSession,
  loadEnterpriseUser,
} from '../../session/session.ts';
import { removeAvatar } from '../content/image-variants.ts';
import { assertUploaded } from '../content/uploads.ts';
import type { ServiceContext } from '../context.ts';

/** The signed-in account as its screens show it, and the profile's changes: name, contact, picture, language. */

export const toEnterpriseUser = (u: EnterpriseUserRow): EnterpriseUser => ({
  _id: u.id,
  name: u.name,
  email: u.email,
  avatarUrl: u.avatar_url,
  mobile: u.mobile,
  isDefaultAdmin: u.is_default_admin === 1,
  emailVerified: u.email_verified_at !== null,
  timezone: u.timezone,
  language: isLanguageCode(u.language) ? u.language : null,
  roleId: {
    _id: u.role_id,
    name: u.role_name,
    permissions: JSON.parse(u.role_permissions) as PermissionKey[],
  },
  enterpriseId: {
    ...enterpriseFlags(u),
    _id: u.enterprise_id,
    company_name: u.ent_name,
    enterprise_logo: u.ent_logo,
    address: u.ent_address,
    themeSettings: JSON.parse(u.ent_theme) as ThemeSettings,
    timezone: u.ent_timezone,
  },
  loggedInAsAdmin: false,
});

const toAdminUser = (a: {
  id: string;
  name: string;
  email: string;
  role: string;
  avatar_url: string | null;
  mobile: string | null;
  language: string | null;
}): AdminUser => ({
  _id: a.id,
  name: a.name,
  email: a.email,
  role: a.role,
  avatarUrl: a.avatar_url,
  mobile: a.mobile,
  language: isLanguageCode(a.language) ? a.language : null,
});

export const enterpriseMe = (ctx: ServiceContext) => {
  const s = enterpriseSession(ctx);
  const user = toEnterpriseUser(s.user);
  // Log in as an enterprise (spec §1.2): the header shows a generic admin identity, not the member's.
  return s.claims.act
    ? {
        ...user,
        name: 'Platform Admin',
        email: '',
        avatarUrl: null,
        mobile: null,
        // The admin behind the token is verified; the default admin's pending invitation is not the admin's.
        emailVerified: true,
        loggedInAsAdmin: true,
      }
    : user;
};
export const adminMe = (ctx: ServiceContext) => toAdminUser(adminSession(ctx).admin);

export const updateEnterpriseProfile = async (
  ctx: ServiceContext,
  input: ParsedRequestOf<typeof enterpriseAuth.updateProfile>,
) => {
  const s = enterpriseSession(ctx);
  await ctx.db
    .updateTable('users')
    .set({
      name: input.name,
      ...(input.mobile !== undefined ? { mobile: input.mobile } : {}),
      ...(input.timezone !== undefined ? { timezone: input.timezone } : {}),
      ...(input.language !== undefined ? { language: input.language } : {}),
    })
    .where('id', '=', s.user.id)
    .where('enterprise_id', '=', s.enterpriseId)
    .execute();
  const fresh = await loadEnterpriseUser(ctx.db, s.user.id, s.enterpriseId);
  if (!fresh) throw unauthenticated();
  ctx.setMessage('Profile updated successfully');
  return toEnterpriseUser(fresh);
};

/**
 * general/auth/updateprofileimage: the avatar must be the caller's own finished upload (or null to remove); the one
 * it replaces goes from storage (removeAvatar).
 */
export const updateEnterpriseProfileImage = async (
  ctx: ServiceContext,
  { avatarUrl }: ParsedRequestOf<typeof enterpriseGeneral.updateProfileImage>,
) => {
  const s = enterpriseSession(ctx);
  if (avatarUrl) await assertUploaded(ctx, 'avatarUrl', avatarUrl, 'avatar');
  const before = await ctx.db
    .selectFrom('users')
    .select('avatar_url')
    .where('id', '=', s.user.id)
    .where('enterprise_id', '=', s.enterpriseId)
    .executeTakeFirst();
  await ctx.db
    .updateTable('users')
    .set({ avatar_url: avatarUrl })
    .where('id', '=', s.user.id)
    .where('enterprise_id', '=', s.enterpriseId)
    .execute();
  const fresh = await loadEnterpriseUser(ctx.db, s.user.id, s.enterpriseId);
  if (!fresh) throw unauthenticated();
  if (before && before.avatar_url !== avatarUrl)
    await removeAvatar(ctx, before.avatar_url, 'updateprofileimage');
  ctx.setMessage(avatarUrl ? 'Profile picture updated' : 'Profile picture removed');
  return toEnterpriseUser(fresh);
};

export const updateAdminProfileImage = async (
  ctx: ServiceContext,
  { avatarUrl }: ParsedRequestOf<typeof adminGeneral.updateProfileImage>,
) => {
  const s = adminSession(ctx);
  if (avatarUrl) await assertUploaded(ctx, 'avatarUrl', avatarUrl, 'avatar');
  const before = await ctx.db
    .selectFrom('admins')
    .select('avatar_url')
    .where('id', '=', s.admin.id)
    .executeTakeFirstOrThrow();
  await ctx.db.updateTable('admins').set({ avatar_url: avatarUrl }).where('id', '=', s.admin.id).execute();
  const fresh = await ctx.db
    .selectFrom('admins')
    .selectAll()
    .where('id', '=', s.admin.id)
    .executeTakeFirstOrThrow();
  if (before.avatar_url !== avatarUrl) await removeAvatar(ctx, before.avatar_url, 'admin-updateprofileimage');
  ctx.setMessage(avatarUrl ? 'Profile picture updated' : 'Profile picture removed');
  return toAdminUser(fresh);
};

export const updateAdminProfile = async (
  ctx: ServiceContext,
  input: ParsedRequestOf<typeof adminAuth.updateProfile>,
) => {
  const s = adminSession(ctx);
  await ctx.db
    .updateTable('admins')
    .set({
      name: input.name,
      ...(input.mobile !== undefined ? { mobile: input.mobile } : {}),
      ...(input.language !== undefined ? { language: input.language } : {}),
    })
    .where('id', '=', s.admin.id)
    .execute();
  const fresh = await ctx.db
    .selectFrom('admins')
    .selectAll()
    .where('id', '=', s.admin.id)
    .executeTakeFirstOrThrow();
  ctx.setMessage('Profile updated successfully');
  return toAdminUser(fresh);
};

/**
 * The language picker: the member's language, for their screens on every device and the mails they
 * receive. A platform admin logged in as the enterprise changes only their own screen, not the member's profile.
 */
export const updateEnterpriseLanguage = async (
  ctx: ServiceContext,
  { language }: ParsedRequestOf<typeof enterpriseAuth.updateLanguage>,
) => {
  const s = enterpriseSession(ctx);
  if (s.claims.act) return { ...enterpriseMe(ctx), language };
  await ctx.db
    .updateTable('users')
    .set({ language })
    .where('id', '=', s.user.id)
    .where('enterprise_id', '=', s.enterpriseId)
    .execute();
  const fresh = await loadEnterpriseUser(ctx.db, s.user.id, s.enterpriseId);
  if (!fresh) throw unauthenticated();
  return toEnterpriseUser(fresh);
};

export const updateAdminLanguage = async (
  ctx: ServiceContext,
  { language }: ParsedRequestOf<typeof adminAuth.updateLanguage>,
) => {
  const s = adminSession(ctx);
  await ctx.db.updateTable('admins').set({ language }).where('id', '=', s.admin.id).execute();
  return toAdminUser({ ...s.admin, language });
};
