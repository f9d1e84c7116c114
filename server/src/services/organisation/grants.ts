import { isAdminRoleName, PERMISSION_LABELS, type PermissionKey } from '@coach/shared/permissions';
import { forbidden } from '../../errors.ts';
import { enterpriseSession } from '../../session/session.ts';
import type { ServiceContext } from '../context.ts';

/** A role as the grant rules see it: its name decides the admin-only screens (spec §6), its keys the rest. */
export type GrantableRole = { id: string; name: string; permissions: readonly string[] };

/**
 * Who gives a role: the default admin, or a member with their role's name and keys (an empty list is unrestricted,
 * spec §6). A session's caller, or the admin who made a directory's SCIM token. `apiKey`: the caller is an API key
 * (its creator's role name, the key's own keys), so a refusal names the key, which cannot be edited, not "you".
 */
export type Giver = {
  isDefaultAdmin: boolean;
  roleName: string;
  permissions: readonly string[];
  apiKey?: boolean;
};

/**
 * Nobody hands out more than they hold: the default admin holds everything; any other member holds
 * their role's keys (an empty list is unrestricted, spec §6, so it holds every key) and the admin-only screens
 * only when their role is named admin. A role without limits (an empty list) is given only by the default admin.
 * Null when `role` may be given by `giver`, else why not.
 */
export const whyGiverCannotGive = (giver: Giver, role: GrantableRole): string | null => {
  if (giver.isDefaultAdmin) return null;
  if (role.permissions.length === 0)
    return `Only the default admin can give the role "${role.name}": it has no permission limits`;
  if (isAdminRoleName(role.name) && !isAdminRoleName(giver.roleName))
    return `Only an admin can give the role "${role.name}"`;
  if (giver.permissions.length === 0) return null;
  const missing = role.permissions.filter((key) => !giver.permissions.includes(key));
  if (missing.length === 0) return null;
  const labels = missing.map((key) => PERMISSION_LABELS[key as PermissionKey] ?? key).join(', ');
  if (giver.apiKey)
    return `This API key cannot give the role "${role.name}": the key lacks ${labels}. Make a key with ${missing.length === 1 ? 'it' : 'them'}.`;
  return `You cannot give the role "${role.name}": it includes permissions you do not have (${labels})`;
};

/** The rule for the session's caller. */
const whyNotGrantable = (ctx: ServiceContext, role: GrantableRole): string | null => {
  const s = enterpriseSession(ctx);
  return whyGiverCannotGive(
    {
      isDefaultAdmin: s.user.is_default_admin === 1,
      roleName: s.user.role_name,
      permissions: s.permissions,
      apiKey: s.apiKey !== undefined,
    },
    role,
  );
};

/** 403 unless the caller may give `role` to someone (invite, import, a member's new role). */
export const assertMayGrant = (ctx: ServiceContext, role: GrantableRole) => {
  const why = whyNotGrantable(ctx, role);
  if (why) throw forbidden(why);
};

/** The reason a CSV row naming `role` is refused, or null (the import reports refusals by row). */
export const grantRefusal = whyNotGrantable;

/**
 * A member's role change: never one's own, and only away from a role the caller could have given (so a member
 * with `members` cannot demote an admin either) to one they may give.
 */
export const assertMayChangeRole = (
  ctx: ServiceContext,
  change: { memberId: string; from: GrantableRole; to: GrantableRole },
) => {
  const s = enterpriseSession(ctx);
  if (change.from.id === change.to.id) return;
  if (change.memberId === s.user.id) throw forbidden('You cannot change your own role');
  const whyFrom = whyNotGrantable(ctx, change.from);
  if (whyFrom)
    throw forbidden(`You cannot change the role of a member whose role you could not give. ${whyFrom}`);
  assertMayGrant(ctx, change.to);
};

/**
 * Whether the caller may give `role`, and so deactivate, reactivate or delete a member holding it: only one whose
 * role they could have given, as for a role change (deactivating an admin ends their sessions, and is worse than
 * demoting them). The role picker's options carry it, so the screens offer only what the server allows.
 */
export const mayGrant = (ctx: ServiceContext, role: GrantableRole) => whyNotGrantable(ctx, role) === null;

/**
 * Creating or editing a role is granting in advance: its keys must be the caller's own, a role without limits
 * or named admin follows the same rules, and nobody but the default admin edits the role they hold.
 */
export const assertMayDefineRole = (
  ctx: ServiceContext,
  role: { id?: string; name: string; permissions: readonly string[]; before?: GrantableRole },
) => {
  const s = enterpriseSession(ctx);
  if (s.user.is_default_admin === 1) return;
  if (role.id && role.id === s.user.role_id) throw forbidden('You cannot change the role you hold');
  if (role.before) {
    const whyBefore = whyNotGrantable(ctx, role.before);
    if (whyBefore) throw forbidden(`You cannot edit this role. ${whyBefore}`);
  }
  const why = whyNotGrantable(ctx, { id: role.id ?? '', name: role.name, permissions: role.permissions });
  if (why) throw forbidden(why.replace('give the role', 'define the role'));
};
