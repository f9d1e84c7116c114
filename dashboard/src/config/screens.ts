import type { PermissionKey } from '@coach/shared/permissions';

/**
 * Every screen of the dashboard, one entry each (spec §2): its address, where it mounts (which guards run
 * and which layout frames it), its permission, and its place in a menu. `paths` (paths.ts), the menus
 * (menus.ts) and the router (app/routes.tsx) are derived from this table; app/screen-pages.tsx pairs each
 * entry with its lazily loaded page, and the compiler refuses an entry without a page or a page without an
 * entry. Plain data on purpose: the e2e tests import `paths` without React.
 */

/**
 * Where a screen mounts, outermost first:
 * - `open`: no session, no layout (sign-in screens, register, 404);
 * - `public`: no session, the public layout (privacy policy, terms);
 * - `enterprise-unverified`: an enterprise session whose email may still be unverified, no layout;
 * - `enterprise`: an enterprise session with a verified email, the sidebar layout, and the screen's
 *   `permission` guard when it has one;
 * - `enterprise-fullpage`: the same session, the full-page layout;
 * - `admin`, `admin-fullpage`: a platform admin session, the sidebar or the full-page layout.
 */
export type ScreenArea =
  | 'open'
  | 'public'
  | 'enterprise-unverified'
  | 'enterprise'
  | 'enterprise-fullpage'
  | 'admin'
  | 'admin-fullpage';

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

/** A menu entry without a screen of its own: it opens onto its children (one level of submenu). */
type MenuGroup = { label: string; icon: MenuIcon; order: number; description: string };

/** The submenus; each is listed while one of its children is, and links to its first listed child. */
export const MENU_GROUPS = {
  configurations: {
    label: 'Configurations',
    icon: 'config',
    order: 140,
    description: 'Pronunciation settings per group',
  },
  reports: { label: 'Reports', icon: 'reports', order: 60, description: 'Usage across the platform' },
} as const satisfies Record<string, MenuGroup>;

export type MenuGroupId = keyof typeof MENU_GROUPS;

/**
 * A screen's place in its audience's menu (and on its dashboard's section cards). The label stays in English,
 * the spec's words; its translation key is derived from it (app/layouts/menu-text.ts). Who sees an enterprise
 * item is decided by the contract call menus.ts names for it (the route stays open to every signed-in member past
 * the screen's `permission`: the page and the server decide the rest).
 */
export type ScreenMenu = {
  label: string;
  icon: MenuIcon;
  /** Position among the menu's top-level entries, or among its group's children when it has a `parent`. */
  order: number;
  description?: string;
  parent?: MenuGroupId;
};

export type Screen = {
  /** The route pattern (`:name` and optional `:name?` segments, see `fillPath`). */
  path: string;
  /** A typed link builder; with one, `paths` holds `{ pattern, build }` instead of the bare pattern. */
  build?: (...args: never[]) => string;
  area: ScreenArea;
  /** The permission key of spec §2 that guards the route and the menu entry (enterprise screens); none = login only. */
  permission?: PermissionKey;
  menu?: ScreenMenu;
  /**
   * The menu screen (its id in the same section) a screen without an entry of its own belongs to, where its address
   * does not start with that screen's: the menu shows where the person is (/enterprise/course-enrollments/… is in
   * Courses).
   */
  within?: string;
};

const withRedirect = (base: string, redirect?: string | null) =>
  redirect ? `${base}?redirect=${encodeURIComponent(redirect)}` : base;

/** The screens, in the three sections of `paths`: the general ones, the enterprise's and the admin's. */
export const screens = {
  general: {
    notFound: { path: '/404', area: 'open' },
    register: { path: '/register', area: 'open' },
    /** The link of the verification email (POST verify-email with its token). */
    verifyEmail: {
      path: '/verify-email/:token',
      build: (token: string) => `/verify-email/${token}`,
      area: 'open',
    },
    activationRequired: { path: '/activation-required', area: 'enterprise-unverified' },
    /** Where the identity provider sends a member back after single sign-on (SSO_CALLBACK_PATH). */
    ssoCallback: { path: '/sso/callback', area: 'open' },
    /** Where an LMS launch lands with its one-time code (LTI_PATHS.continue). */
    ltiContinue: { path: '/lti/continue', area: 'open' },
    /** Privacy and terms (spec §2): public, {id} is the enterprise or 'platform'. */
    appPrivacyPolicy: {
      path: '/app-privacy-policy/:id',
      build: (id: string) => `/app-privacy-policy/${id}`,
      area: 'public',
    },
    appTerms: {
      path: '/app-terms-and-condition/:id',
      build: (id: string) => `/app-terms-and-condition/${id}`,
      area: 'public',
    },
  },

  enterprise: {
    login: {
      path: '/login',
      build: (redirect?: string | null) => withRedirect('/login', redirect),
      area: 'open',
    },
    forgotPassword: { path: '/forgot-password', area: 'open' },
    resetPassword: {
      path: '/password/reset/:token',
      build: (token: string) => `/password/reset/${token}`,
      area: 'open',
    },
    authCheck: {
      path: '/auth-check',
      build: (redirect?: string | null) => withRedirect('/auth-check', redirect),
      area: 'open',
    },
    unauthorized: { path: '/enterprise/unauthorized', area: 'enterprise' },
    dashboard: {
      path: '/enterprise/dashboard',
      area: 'enterprise',
      // Everyone's home (My progress); the company's figures on it keep their permission.
      menu: {
        label: 'Dashboard',
        icon: 'dashboard',
        order: 10,
        description: 'Your progress and your organisation at a glance',
      },
    },
    members: {
      path: '/enterprise/members',
      area: 'enterprise',
      permission: 'members',
      menu: { label: 'Members', icon: 'members', order: 20, description: 'People in your organisation' },
    },
    memberDetail: {
      path: '/enterprise/member/detail/:id',
      area: 'enterprise',
      permission: 'members',
      within: 'members',
    },
    tasksLibrary: {
      path: '/enterprise/tasks-library',
      area: 'enterprise',
      permission: 'task-library',
      menu: { label: 'Tasks Library', icon: 'tasks', order: 30, description: 'Create and assign tasks' },
    },
    tasksLibraryNew: {
      path: '/enterprise/tasks-library-new',
      area: 'enterprise',
      within: 'tasksLibrary',
      permission: 'task-library',
    },
    createTask: {
      path: '/enterprise/create-task',
      area: 'enterprise',
      permission: 'task-library',
      within: 'tasksLibrary',
    },
    editTask: { path: '/enterprise/tasks-library/edit/:id', area: 'enterprise', permission: 'task-library' },
    viewTask: { path: '/enterprise/tasks-library/view/:id', area: 'enterprise', permission: 'task-library' },
    bulkAssignTask: {
      path: '/enterprise/bulk-assign-task',
      area: 'enterprise',
      permission: 'task-library',
      within: 'tasksLibrary',
    },
    /** LTI Deep Linking: an instructor picks tasks for their LMS course (spec: LMS integration). */
    ltiDeepLink: {
      path: '/enterprise/lti/deep-link/:id',
      area: 'enterprise',
      permission: 'task-library',
      within: 'tasksLibrary',
    },
    myTasks: {
      path: '/enterprise/my-tasks',
      area: 'enterprise',
      menu: { label: 'My Tasks', icon: 'my-tasks', order: 40, description: 'Tasks assigned to you' },
    },
    myTaskView: { path: '/enterprise/my-tasks/view/:id', area: 'enterprise' },
    /** The marketplace courses the member bought, with their progress; login only. */
    myCourses: {
      path: '/enterprise/my-courses',
      area: 'enterprise',
      menu: { label: 'My Courses', icon: 'courses', order: 45, description: 'Courses you enrolled in' },
    },
    /** A survey the member answers from My Tasks; login only. */
    mySurvey: { path: '/enterprise/my-tasks/survey/:id', area: 'enterprise' },
    memberTaskView: { path: '/enterprise/member-task/view/:id', area: 'enterprise' },
    contentLibrary: {
      path: '/enterprise/content-library',
      area: 'enterprise',
      permission: 'content-library',
      menu: {
        label: 'Content Library',
        icon: 'content',
        order: 50,
        description: 'Videos and learning content',
      },
    },
    courses: {
      path: '/enterprise/courses',
      area: 'enterprise',
      menu: {
        label: 'Courses',
        icon: 'courses',
        order: 60,
        description: 'Marketplace courses',
      },
    },
    createCourse: { path: '/enterprise/create-courses', area: 'enterprise', within: 'courses' },
    editCourse: { path: '/enterprise/course/edit/:id', area: 'enterprise', within: 'courses' },
    courseEnrollments: { path: '/enterprise/course-enrollments/:id', area: 'enterprise', within: 'courses' },
    companyInfo: {
      path: '/enterprise/company-info',
      area: 'enterprise',
      menu: {
        label: 'Company Info',
        icon: 'company',
        order: 70,
        description: 'Your company profile',
      },
    },
    reports: {
      path: '/enterprise/reports',
      area: 'enterprise',
      permission: 'reports',
      menu: { label: 'Reports', icon: 'reports', order: 80, description: 'Usage and progress reports' },
    },
    roles: {
      path: '/enterprise/roles',
      area: 'enterprise',
      permission: 'roles',
      menu: { label: 'User Roles', icon: 'roles', order: 90, description: 'Roles and permissions' },
    },
    groups: {
      path: '/enterprise/groups',
      area: 'enterprise',
      permission: 'groups',
      menu: { label: 'Groups', icon: 'groups', order: 100, description: 'Organise members in groups' },
    },
    manageGroup: { path: '/enterprise/groups/manage/:id?', area: 'enterprise', permission: 'groups' },
    groupDetail: { path: '/enterprise/groups/detail/:id', area: 'enterprise', permission: 'groups' },
    // Surveys: managing needs the surveys key; a member answers from My Tasks (mySurvey).
    surveys: {
      path: '/enterprise/surveys',
      area: 'enterprise',
      permission: 'surveys',
      menu: { label: 'Surveys', icon: 'surveys', order: 110, description: 'Ask your members' },
    },
    manageSurvey: { path: '/enterprise/surveys/manage/:id?', area: 'enterprise', permission: 'surveys' },
    readingTopics: {
      path: '/enterprise/reading-topics',
      area: 'enterprise',
      permission: 'reading-topics',
      menu: { label: 'Reading Topics', icon: 'reading', order: 120, description: 'Topics for reading tasks' },
    },
    help: {
      path: '/enterprise/help',
      area: 'enterprise',
      menu: { label: 'Help', icon: 'help', order: 130, description: 'Get in touch with support' },
    },
    pronunciation: {
      path: '/enterprise/config/pronunciation',
      area: 'enterprise',
      permission: 'groups',
      menu: {
        label: 'Pronunciation',
        icon: 'config',
        order: 10,
        parent: 'configurations',
      },
    },
    settings: { path: '/enterprise/settings', area: 'enterprise' },
    /** The organisation's API keys, in the Settings area (role named admin). */
    apiKeys: { path: '/enterprise/settings/api-keys', area: 'enterprise' },
    /** Webhooks and xAPI, reached from Settings; role named admin. */
    integrations: { path: '/enterprise/settings/integrations', area: 'enterprise' },
    profile: { path: '/enterprise/profile', area: 'enterprise-fullpage' },
  },

  admin: {
    login: {
      path: '/admin/login',
      build: (redirect?: string | null) => withRedirect('/admin/login', redirect),
      area: 'open',
    },
    forgotPassword: { path: '/admin/forgot-password', area: 'open' },
    resetPassword: {
      path: '/admin/password/reset/:token',
      build: (token: string) => `/admin/password/reset/${token}`,
      area: 'open',
    },
    authCheck: {
      path: '/admin/auth-check',
      build: (redirect?: string | null) => withRedirect('/admin/auth-check', redirect),
      area: 'open',
    },
    dashboard: {
      path: '/admin/dashboard',
      area: 'admin',
      menu: { label: 'Dashboard', icon: 'dashboard', order: 10, description: 'The platform at a glance' },
    },
    enterprises: {
      path: '/admin/enterprises',
      area: 'admin',
      menu: { label: 'Enterprises', icon: 'enterprises', order: 20, description: 'Company accounts' },
    },
    enterpriseDetail: { path: '/admin/enterprise/detail/:id', area: 'admin', within: 'enterprises' },
    members: {
      path: '/admin/enterprises/members',
      area: 'admin',
      menu: { label: 'Members', icon: 'members', order: 30, description: 'Members of every enterprise' },
    },
    // The platform task library, with the enterprise's task editor.
    tasksLibrary: {
      path: '/admin/tasks-library',
      area: 'admin',
      menu: { label: 'Task Library', icon: 'tasks', order: 40, description: 'Platform task templates' },
    },
    createTask: { path: '/admin/create-task', area: 'admin', within: 'tasksLibrary' },
    editTask: { path: '/admin/tasks-library/edit/:id', area: 'admin' },
    viewTask: { path: '/admin/tasks-library/view/:id', area: 'admin' },
    bulkTask: { path: '/admin/bulk-assign-unassign-task', area: 'admin', within: 'tasksLibrary' },
    contentLibrary: {
      path: '/admin/content-library',
      area: 'admin',
      menu: { label: 'Content Library', icon: 'content', order: 50, description: 'Platform video content' },
    },
    editContent: { path: '/admin/content-library/edit/:id', area: 'admin' },
    createContent: { path: '/admin/create-content', area: 'admin', within: 'contentLibrary' },
    bulkContent: { path: '/admin/bulk-assign-unassign-content', area: 'admin', within: 'contentLibrary' },
    allMembersUsage: {
      path: '/admin/reports/all-members-usage',
      area: 'admin',
      menu: { label: 'All Members Usage', icon: 'reports', order: 10, parent: 'reports' },
    },
    appUserCounts: {
      path: '/admin/reports/app-user-counts',
      area: 'admin',
      menu: { label: 'App User Counts', icon: 'reports', order: 20, parent: 'reports' },
    },
    featureUsage: { path: '/admin/reports/feature-usage', area: 'admin' },
    vocabulary: {
      path: '/admin/vocabulary',
      area: 'admin',
      menu: {
        label: 'Vocabulary List',
        icon: 'vocabulary',
        order: 70,
        description: 'Words for vocabulary practice',
      },
    },
    /** The platform's privacy policy and terms. */
    legalTexts: {
      path: '/admin/legal-texts',
      area: 'admin',
      menu: {
        label: 'Privacy & Terms',
        icon: 'config',
        order: 80,
        description: "The platform's privacy policy and terms",
      },
    },
    profile: { path: '/admin/profile', area: 'admin-fullpage' },
  },
} as const satisfies Record<string, Record<string, Screen>>;

export type ScreenSection = keyof typeof screens;
