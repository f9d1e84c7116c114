import { type FeatureFlagKey, isFeatureOn } from '@coach/shared/constants/features';
import type { EnterpriseUser } from '@coach/shared/contract/auth';
import { hasPermission, isAdminRoleName, type PermissionKey } from '@coach/shared/permissions';
import { paths } from './paths.ts';

export type MenuIcon =
  | 'dashboard'
  | 'members'
  | 'tasks'
  | 'my-tasks'
  | 'content'
  | 'courses'
  | 'company'
  | 'reports'
  | 'roles'
  | 'groups'
  | 'surveys'
  | 'reading'
  | 'help'
  | 'config'
  | 'enterprises'
  | 'vocabulary';

export type MenuLink = { label: string; to: string; icon: MenuIcon; description?: string };
export type MenuEntry = MenuLink & { children?: MenuLink[] };

type EnterpriseMenuRule = MenuEntry & {
  /** The permission key of spec §2; null = login only. */
  permission: PermissionKey | null;
  /** Only for the role named admin with this enterprise flag on (spec §6). */
  adminRoleWithFlag?: 'enableCourseFeature' | 'enableCompanyInfoFeature';
  /** Hidden while this enterprise feature is off (issue 7: a flag off hides its feature). */
  feature?: FeatureFlagKey;
};

const E = paths.enterprise;

/** The enterprise menu of spec §2, in order, with the rule that shows each item. */
const ENTERPRISE_MENU: EnterpriseMenuRule[] = [
  {
    label: 'Dashboard',
    to: E.dashboard,
    icon: 'dashboard',
    // Everyone's home since issue 17 (My progress); the company's figures on it keep their permission.
    permission: null,
    description: 'Your progress and your organisation at a glance',
  },
  {
    label: 'Members',
    to: E.members,
    icon: 'members',
    permission: 'members',
    description: 'People in your organisation',
  },
  {
    label: 'Tasks Library',
    to: E.tasksLibrary,
    icon: 'tasks',
    permission: 'task-library',
    description: 'Create and assign tasks',
  },
  {
    label: 'My Tasks',
    to: E.myTasks,
    icon: 'my-tasks',
    permission: null,
    description: 'Tasks assigned to you',
  },
  {
    label: 'Content Library',
    to: E.contentLibrary,
    icon: 'content',
    permission: 'content-library',
    description: 'Videos and learning content',
  },
  {
    label: 'Courses',
    to: E.courses,
    icon: 'courses',
    permission: null,
    adminRoleWithFlag: 'enableCourseFeature',
    description: 'Marketplace courses',
  },
  {
    label: 'Company Info',
    to: E.companyInfo,
    icon: 'company',
    permission: null,
    adminRoleWithFlag: 'enableCompanyInfoFeature',
    description: 'Your company profile',
  },
  {
    label: 'Reports',
    to: E.reports,
    icon: 'reports',
    permission: 'reports',
    description: 'Usage and progress reports',
  },
  {
    label: 'User Roles',
    to: E.roles,
    icon: 'roles',
    permission: 'roles',
    description: 'Roles and permissions',
  },
  {
    label: 'Groups',
    to: E.groups,
    icon: 'groups',
    permission: 'groups',
    description: 'Organise members in groups',
  },
  {
    label: 'Surveys',
    to: E.surveys,
    icon: 'surveys',
    permission: 'surveys',
    description: 'Ask your members',
  },
  {
    label: 'Reading Topics',
    to: E.readingTopics,
    icon: 'reading',
    permission: 'reading-topics',
    description: 'Topics for reading tasks',
  },
  { label: 'Help', to: E.help, icon: 'help', permission: null, description: 'Get in touch with support' },
  {
    label: 'Configurations',
    to: E.pronunciation,
    icon: 'config',
    permission: 'groups',
    feature: 'enablePronunciationFeature',
    description: 'Pronunciation settings per group',
    children: [{ label: 'Pronunciation', to: E.pronunciation, icon: 'config' }],
  },
];

/** The enterprise menu items this user may see (spec §2 Menus, §6). */
export const enterpriseMenuFor = (user: EnterpriseUser): MenuEntry[] =>
  ENTERPRISE_MENU.filter((item) => {
    if (item.feature && !isFeatureOn(user.enterpriseId, item.feature)) return false;
    if (item.adminRoleWithFlag) {
      return isAdminRoleName(user.roleId.name) && user.enterpriseId[item.adminRoleWithFlag];
    }
    return hasPermission({
      permissions: user.roleId.permissions,
      isDefaultAdmin: user.isDefaultAdmin,
      key: item.permission,
    });
  }).map(({ permission: _permission, adminRoleWithFlag: _flag, feature: _feature, ...entry }) => entry);

const A = paths.admin;

/** The admin menu of spec §2. */
export const ADMIN_MENU: MenuEntry[] = [
  { label: 'Dashboard', to: A.dashboard, icon: 'dashboard', description: 'The platform at a glance' },
  { label: 'Enterprises', to: A.enterprises, icon: 'enterprises', description: 'Company accounts' },
  { label: 'Members', to: A.members, icon: 'members', description: 'Members of every enterprise' },
  { label: 'Task Library', to: A.tasksLibrary, icon: 'tasks', description: 'Platform task templates' },
  { label: 'Content Library', to: A.contentLibrary, icon: 'content', description: 'Platform video content' },
  {
    label: 'Reports',
    to: A.allMembersUsage,
    icon: 'reports',
    description: 'Usage across the platform',
    children: [
      { label: 'All Members Usage', to: A.allMembersUsage, icon: 'reports' },
      { label: 'App User Counts', to: A.appUserCounts, icon: 'reports' },
    ],
  },
  {
    label: 'Vocabulary List',
    to: A.vocabulary,
    icon: 'vocabulary',
    description: 'Words for vocabulary practice',
  },
  {
    label: 'Privacy & Terms',
    to: A.legalTexts,
    icon: 'config',
    description: "The platform's privacy policy and terms",
  },
];
