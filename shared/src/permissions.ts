import { type FeatureFlagKey, isFeatureOn } from './constants/features.ts';
import type { ErrorCode } from './contract/envelope.ts';

/** Permission keys an enterprise role can carry (spec §6). Menu items and routes depend on them. */
export const PERMISSION_KEYS = [
  'dashboard',
  'members',
  'task-library',
  'content-library',
  'reports',
  'roles',
  'groups',
  'surveys',
  'reading-topics',
] as const;

export type PermissionKey = (typeof PERMISSION_KEYS)[number];

/** How each key reads on the roles screen (the menu item it opens, spec §2). */
export const PERMISSION_LABELS: Record<PermissionKey, string> = {
  dashboard: 'Dashboard',
  members: 'Members',
  'task-library': 'Tasks Library',
  'content-library': 'Content Library',
  reports: 'Reports',
  roles: 'User Roles',
  groups: 'Groups',
  surveys: 'Surveys',
  'reading-topics': 'Reading Topics',
};

/**
 * The spec's access rule (§2, §6): the default admin has every permission; an empty permission list
 * is not blocked; otherwise the list must contain the key. The server and the route guards both use it.
 */
export const hasPermission = ({
  permissions,
  isDefaultAdmin,
  key,
}: {
  permissions: readonly string[];
  isDefaultAdmin: boolean;
  key: PermissionKey | null;
}): boolean => {
  if (key === null || isDefaultAdmin) return true;
  if (permissions.length === 0) return true;
  return permissions.includes(key);
};

/** Role names that count as the admin role (spec §6: 'admin', compared case-insensitively). */
export const isAdminRoleName = (name: string | null | undefined): boolean =>
  (name ?? '').trim().toLowerCase() === 'admin';

/**
 * Who sees the company's figures on the dashboard: the `dashboard` key with `members`, since the
 * figures count the enterprise's members and their activity, which `members` guards everywhere else. Every
 * member has a home there ("My progress"), so `dashboard` alone (the seeded Learner role) opens the home
 * without the company's figures. The server's my-dashboard and the page both use this.
 */
export const seesCompanyFigures = ({
  permissions,
  isDefaultAdmin,
}: {
  permissions: readonly string[];
  isDefaultAdmin: boolean;
}): boolean =>
  (['dashboard', 'members'] as const).every((key) => hasPermission({ permissions, isDefaultAdmin, key }));

/**
 * The access fields of a contract entry (`CallDef` in contract/define-call.ts, which imports this module: the
 * fields are named here so the rule needs no contract module, and any entry is one).
 */
export type AccessRule = {
  auth: 'none' | 'enterprise' | 'admin';
  permission: PermissionKey | null;
  beforeSecondFactor?: boolean | undefined;
  beforeEmailVerified?: boolean | undefined;
  adminRoleOnly?: boolean | undefined;
  defaultAdminOnly?: boolean | undefined;
  /** A feature flag key (a test in the contract's registry checks every entry's). */
  feature?: string | undefined;
};

/** Who calls: no session, a platform admin's, or an enterprise member's (what the rule reads of it). */
export type AccessSubject =
  | { audience: null }
  | { audience: 'admin'; secondFactorDone: boolean }
  | {
      audience: 'enterprise';
      secondFactorDone: boolean;
      emailVerified: boolean;
      /**
       * A log-in-as session (a platform admin acting as the enterprise): it stands for a verified platform admin,
       * so a default admin still holding an unaccepted invitation does not lock the admin out of a new enterprise.
       */
      actingAs: boolean;
      roleName: string | null;
      isDefaultAdmin: boolean;
      permissions: readonly string[];
      features: Readonly<Record<FeatureFlagKey, boolean>>;
    };

/** One of the envelope's error codes (the compiler refuses any other). */
type Code<C extends ErrorCode> = C;

/**
 * Why a call is refused, each with the error code the server answers (401 for `unauthenticated`, 403 for the
 * rest). `admin-role` and `permission` answer the plain FORBIDDEN message; `default-admin` its own.
 */
export type AccessRefusal =
  | { allowed: false; reason: 'unauthenticated'; code: Code<'UNAUTHENTICATED'> }
  | { allowed: false; reason: 'second-factor'; code: Code<'MFA_REQUIRED'> }
  | { allowed: false; reason: 'email-not-verified'; code: Code<'EMAIL_NOT_VERIFIED'> }
  | { allowed: false; reason: 'admin-role'; code: Code<'FORBIDDEN'> }
  | { allowed: false; reason: 'default-admin'; code: Code<'FORBIDDEN'>; message: string }
  | { allowed: false; reason: 'permission'; code: Code<'FORBIDDEN'>; permission: PermissionKey }
  | { allowed: false; reason: 'feature'; code: Code<'FEATURE_DISABLED'>; feature: FeatureFlagKey };

export type AccessVerdict = { allowed: true } | AccessRefusal;

const ALLOWED: AccessVerdict = { allowed: true };

/** The message of a call only the enterprise's default admin may make (single sign-on settings). */
export const DEFAULT_ADMIN_ONLY = 'Only the default admin of your organisation can do this';

/**
 * The one access rule of a contract call (spec §2, §6): the server's adapter answers with it, the
 * dashboard shows menus, routes and buttons by it. In order: the session is the call's audience, its second
 * factor is done, the member's email is verified (a log-in-as session is exempt), the role is named admin, the
 * member is the default admin, the role holds the permission, the enterprise's feature flag is on.
 */
export const canCall = (entry: AccessRule, subject: AccessSubject): AccessVerdict => {
  if (entry.auth === 'none') return ALLOWED;
  if (subject.audience !== entry.auth)
    return { allowed: false, reason: 'unauthenticated', code: 'UNAUTHENTICATED' };
  if (!subject.secondFactorDone && !entry.beforeSecondFactor)
    return { allowed: false, reason: 'second-factor', code: 'MFA_REQUIRED' };
  if (subject.audience !== 'enterprise') return ALLOWED;
  if (!subject.emailVerified && !subject.actingAs && !entry.beforeEmailVerified && !entry.beforeSecondFactor)
    return { allowed: false, reason: 'email-not-verified', code: 'EMAIL_NOT_VERIFIED' };
  const { isDefaultAdmin, permissions } = subject;
  if (entry.adminRoleOnly && !isDefaultAdmin && !isAdminRoleName(subject.roleName))
    return { allowed: false, reason: 'admin-role', code: 'FORBIDDEN' };
  if (entry.defaultAdminOnly && !isDefaultAdmin)
    return { allowed: false, reason: 'default-admin', code: 'FORBIDDEN', message: DEFAULT_ADMIN_ONLY };
  const { permission } = entry;
  if (permission && !hasPermission({ permissions, isDefaultAdmin, key: permission }))
    return { allowed: false, reason: 'permission', code: 'FORBIDDEN', permission };
  const feature = entry.feature as FeatureFlagKey | undefined;
  if (feature && !isFeatureOn(subject.features, feature))
    return { allowed: false, reason: 'feature', code: 'FEATURE_DISABLED', feature };
  return ALLOWED;
};

/**
 * An enterprise member as general/auth/me describes them (the contract's `EnterpriseUser`), as the access rule's
 * subject. `secondFactorDone` comes from the session: the member's data says nothing of it.
 */
export const memberSubject = (
  member: {
    isDefaultAdmin: boolean;
    emailVerified: boolean;
    loggedInAsAdmin: boolean;
    roleId: { name: string; permissions: readonly string[] };
    enterpriseId: Readonly<Record<FeatureFlagKey, boolean>>;
  },
  { secondFactorDone }: { secondFactorDone: boolean },
): AccessSubject => ({
  audience: 'enterprise',
  secondFactorDone,
  emailVerified: member.emailVerified,
  actingAs: member.loggedInAsAdmin,
  roleName: member.roleId.name,
  isDefaultAdmin: member.isDefaultAdmin,
  permissions: member.roleId.permissions,
  features: member.enterpriseId,
});
