/**
 * Every URL of the dashboard, built in one place (spec §2). Route definitions use `.pattern`,
 * links call `.build(...)`.
 */
const withRedirect = (base: string, redirect?: string | null) =>
  redirect ? `${base}?redirect=${encodeURIComponent(redirect)}` : base;

export const paths = {
  root: '/',
  notFound: '/404',
  register: '/register',
  activationRequired: '/activation-required',
  /** The link of the verification email (POST verify-email with its token). */
  verifyEmail: { pattern: '/verify-email/:token', build: (token: string) => `/verify-email/${token}` },
  appPrivacyPolicy: {
    pattern: '/app-privacy-policy/:id',
    build: (id: string) => `/app-privacy-policy/${id}`,
  },
  appTerms: {
    pattern: '/app-terms-and-condition/:id',
    build: (id: string) => `/app-terms-and-condition/${id}`,
  },
  marketplaceHome: '/marketplace/home',

  enterprise: {
    login: { pattern: '/login', build: (redirect?: string | null) => withRedirect('/login', redirect) },
    forgotPassword: '/forgot-password',
    resetPassword: {
      pattern: '/password/reset/:token',
      build: (token: string) => `/password/reset/${token}`,
    },
    authCheck: {
      pattern: '/auth-check',
      build: (redirect?: string | null) => withRedirect('/auth-check', redirect),
    },
    unauthorized: '/enterprise/unauthorized',
    dashboard: '/enterprise/dashboard',
    members: '/enterprise/members',
    memberDetail: '/enterprise/member/detail/:id',
    tasksLibrary: '/enterprise/tasks-library',
    tasksLibraryNew: '/enterprise/tasks-library-new',
    createTask: '/enterprise/create-task',
    editTask: '/enterprise/tasks-library/edit/:id',
    viewTask: '/enterprise/tasks-library/view/:id',
    bulkAssignTask: '/enterprise/bulk-assign-task',
    myTasks: '/enterprise/my-tasks',
    myTaskView: '/enterprise/my-tasks/view/:id',
    /** A survey the member answers from My Tasks (issue 17); login only. */
    mySurvey: '/enterprise/my-tasks/survey/:id',
    memberTaskView: '/enterprise/member-task/view/:id',
    contentLibrary: '/enterprise/content-library',
    courses: '/enterprise/courses',
    createCourse: '/enterprise/create-courses',
    editCourse: '/enterprise/course/edit/:id',
    courseEnrollments: '/enterprise/course-enrollments/:id',
    reports: '/enterprise/reports',
    profile: '/enterprise/profile',
    roles: '/enterprise/roles',
    help: '/enterprise/help',
    settings: '/enterprise/settings',
    /** Issue 20 item 3: the organisation's API keys, in the Settings area (role named admin). */
    apiKeys: '/enterprise/settings/api-keys',
    /** Webhooks and xAPI (issue 20), reached from Settings; role named admin. */
    integrations: '/enterprise/settings/integrations',
    readingTopics: '/enterprise/reading-topics',
    groups: '/enterprise/groups',
    manageGroup: '/enterprise/groups/manage/:id?',
    groupDetail: '/enterprise/groups/detail/:id',
    companyInfo: '/enterprise/company-info',
    pronunciation: '/enterprise/config/pronunciation',
    surveys: '/enterprise/surveys',
    manageSurvey: '/enterprise/surveys/manage/:id?',
  },

  admin: {
    login: {
      pattern: '/admin/login',
      build: (redirect?: string | null) => withRedirect('/admin/login', redirect),
    },
    forgotPassword: '/admin/forgot-password',
    resetPassword: {
      pattern: '/admin/password/reset/:token',
      build: (token: string) => `/admin/password/reset/${token}`,
    },
    authCheck: {
      pattern: '/admin/auth-check',
      build: (redirect?: string | null) => withRedirect('/admin/auth-check', redirect),
    },
    dashboard: '/admin/dashboard',
    enterprises: '/admin/enterprises',
    enterpriseDetail: '/admin/enterprise/detail/:id',
    members: '/admin/enterprises/members',
    tasksLibrary: '/admin/tasks-library',
    createTask: '/admin/create-task',
    editTask: '/admin/tasks-library/edit/:id',
    viewTask: '/admin/tasks-library/view/:id',
    contentLibrary: '/admin/content-library',
    editContent: '/admin/content-library/edit/:id',
    createContent: '/admin/create-content',
    bulkContent: '/admin/bulk-assign-unassign-content',
    bulkTask: '/admin/bulk-assign-unassign-task',
    profile: '/admin/profile',
    vocabulary: '/admin/vocabulary',
    allMembersUsage: '/admin/reports/all-members-usage',
    featureUsage: '/admin/reports/feature-usage',
    appUserCounts: '/admin/reports/app-user-counts',
    /** Issue 17: the platform's privacy policy and terms. */
    legalTexts: '/admin/legal-texts',
  },
} as const;

/** Only same-origin relative paths are followed after login (no `//evil.example`). */
export const safeRedirect = (value: string | null | undefined, fallback: string): string =>
  value?.startsWith('/') && !value.startsWith('//') ? value : fallback;

/** A route pattern with its `:name` (and optional `/:name?`) segments filled in, each encoded. */
export const fillPath = (pattern: string, params: Record<string, string | undefined> = {}) =>
  pattern.replace(/\/:(\w+)(\?)?/g, (_, name: string) => {
    const value = params[name];
    return value === undefined || value === '' ? '' : `/${encodeURIComponent(value)}`;
  });
