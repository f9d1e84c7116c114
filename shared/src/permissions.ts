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
 * Who sees the company's figures on the dashboard (issue 17): the `dashboard` key with `members`, since the
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
