import type { PermissionKey } from '@coach/shared/permissions';
import type { ReactNode } from 'react';
import type { RouteObject } from 'react-router-dom';
import { paths } from '../config/paths.ts';
import { namespacesReady } from '../i18n/index.ts';
import type { Audience } from '../lib/session.ts';
import { LoadingBlock } from '../ui/spinner.tsx';
import {
  type ComingLaterScreen,
  ENTERPRISE_COMING_LATER,
  PUBLIC_COMING_LATER,
} from './coming-later-screens.ts';
import { RequirePermission, RequireSession, RequireVerifiedEmail } from './guards.tsx';
import { EntryRedirect, OpenMarketplacePage } from './marketplace-redirect.tsx';
import { RouteError } from './route-error.tsx';

/**
 * A lazily loaded route element: each screen is its own chunk (ARCHITECTURE.md "Dashboard SPA"), shown once the
 * strings its modules use are in (each module asks for its namespaces as it loads: i18n/index.ts `needNamespaces`).
 */
const lazyElement = (load: () => Promise<ReactNode>): Pick<RouteObject, 'lazy'> => ({
  lazy: async () => {
    const element = await load();
    await namespacesReady();
    return { element };
  },
});

const comingLater = (screen: Omit<ComingLaterScreen, 'permission'>): RouteObject => ({
  path: screen.path,
  ...lazyElement(() =>
    import('../features/coming-later/coming-later-page.tsx').then(({ ComingLaterPage }) => (
      <ComingLaterPage title={screen.title} summary={screen.summary} note={screen.note} />
    )),
  ),
});

/** Screens sharing a permission key sit under one permission guard. */
const byPermission = (
  screens: { path: string; permission: PermissionKey | null; route: RouteObject }[],
): RouteObject[] => {
  const open = screens.filter((screen) => screen.permission === null).map((screen) => screen.route);
  const keys = [
    ...new Set(
      screens.map((screen) => screen.permission).filter((key): key is PermissionKey => key !== null),
    ),
  ];
  return [
    ...open,
    ...keys.map((key) => ({
      element: <RequirePermission permission={key} />,
      children: screens.filter((screen) => screen.permission === key).map((screen) => screen.route),
    })),
  ];
};

const authRoutes = (audience: Audience): RouteObject[] => {
  const p = paths[audience];
  return [
    {
      path: p.login.pattern,
      ...lazyElement(() =>
        import('../features/auth/login-page.tsx').then(({ LoginPage }) => <LoginPage audience={audience} />),
      ),
    },
    {
      path: p.forgotPassword,
      ...lazyElement(() =>
        import('../features/auth/forgot-password-page.tsx').then(({ ForgotPasswordPage }) => (
          <ForgotPasswordPage audience={audience} />
        )),
      ),
    },
    {
      path: p.resetPassword.pattern,
      ...lazyElement(() =>
        import('../features/auth/reset-password-page.tsx').then(({ ResetPasswordPage }) => (
          <ResetPasswordPage audience={audience} />
        )),
      ),
    },
    {
      path: p.authCheck.pattern,
      ...lazyElement(() =>
        import('../features/auth/auth-check-page.tsx').then(({ AuthCheckPage }) => (
          <AuthCheckPage audience={audience} />
        )),
      ),
    },
  ];
};

const sidebarLayout = (audience: Audience, children: RouteObject[]): RouteObject => ({
  ...lazyElement(() =>
    import('./layouts/sidebar-layout.tsx').then(({ SidebarLayout }) => <SidebarLayout audience={audience} />),
  ),
  children,
});

const fullpageLayout = (audience: Audience, children: RouteObject[]): RouteObject => ({
  ...lazyElement(() =>
    import('./layouts/fullpage-layout.tsx').then(({ FullpageLayout }) => (
      <FullpageLayout audience={audience} />
    )),
  ),
  children,
});

const dashboardRoute = (audience: Audience): RouteObject => ({
  path: paths[audience].dashboard,
  ...lazyElement(() =>
    import('../features/dashboard/dashboard-page.tsx').then(({ DashboardPage }) => (
      <DashboardPage audience={audience} />
    )),
  ),
});

const profileRoute = (audience: Audience): RouteObject => ({
  path: paths[audience].profile,
  ...lazyElement(() =>
    import('../features/profile/profile-page.tsx').then(({ ProfilePage }) => (
      <ProfilePage audience={audience} />
    )),
  ),
});

/** An unknown address under the audience's own prefix, for someone signed in (issue 17 item 5). */
const signedInNotFound = (audience: Audience): RouteObject => ({
  path: `/${audience}/*`,
  ...lazyElement(() =>
    import('../features/errors/not-found-page.tsx').then(({ SignedInNotFoundPage }) => (
      <SignedInNotFoundPage audience={audience} />
    )),
  ),
});

/** Every route of spec §2 with its guards. */
export const buildRoutes = (): RouteObject[] => [
  {
    hydrateFallbackElement: <LoadingBlock />,
    errorElement: <RouteError />,
    children: screenRoutes(),
  },
];

const screenRoutes = (): RouteObject[] => [
  { path: paths.root, element: <EntryRedirect to={paths.enterprise.dashboard} /> },
  ...authRoutes('enterprise'),
  ...authRoutes('admin'),

  {
    path: paths.register,
    ...lazyElement(() => import('../features/auth/register-page.tsx').then((m) => <m.RegisterPage />)),
  },
  {
    path: paths.verifyEmail.pattern,
    ...lazyElement(() => import('../features/auth/verify-email-page.tsx').then((m) => <m.VerifyEmailPage />)),
  },
  {
    element: <RequireSession audience="enterprise" />,
    children: [
      {
        path: paths.activationRequired,
        ...lazyElement(() =>
          import('../features/auth/activation-page.tsx').then((m) => <m.ActivationPage />),
        ),
      },
      {
        element: <RequireVerifiedEmail />,
        children: [
          sidebarLayout('enterprise', [
            signedInNotFound('enterprise'),
            {
              path: paths.enterprise.unauthorized,
              ...lazyElement(() =>
                import('../features/errors/unauthorized-page.tsx').then(({ UnauthorizedPage }) => (
                  <UnauthorizedPage />
                )),
              ),
            },
            ...byPermission([
              {
                path: paths.enterprise.dashboard,
                // Every member's home (issue 17): My progress for all, the company's figures inside for some.
                permission: null,
                route: dashboardRoute('enterprise'),
              },
              {
                path: paths.enterprise.members,
                permission: 'members',
                route: {
                  path: paths.enterprise.members,
                  ...lazyElement(() =>
                    import('../features/members/members-page.tsx').then(({ MembersPage }) => <MembersPage />),
                  ),
                },
              },
              {
                path: paths.enterprise.memberDetail,
                permission: 'members',
                route: {
                  path: paths.enterprise.memberDetail,
                  ...lazyElement(() =>
                    import('../features/members/member-detail-page.tsx').then((m) => <m.MemberDetailPage />),
                  ),
                },
              },
              ...(
                [
                  [
                    paths.enterprise.groups,
                    () => import('../features/groups/groups-page.tsx').then((m) => <m.GroupsPage />),
                  ],
                  [
                    paths.enterprise.manageGroup,
                    () =>
                      import('../features/groups/manage-group-page.tsx').then((m) => <m.ManageGroupPage />),
                  ],
                  [
                    paths.enterprise.groupDetail,
                    () =>
                      import('../features/groups/group-detail-page.tsx').then((m) => <m.GroupDetailPage />),
                  ],
                ] as const
              ).map(([path, load]) => ({
                path,
                permission: 'groups' as const,
                route: { path, ...lazyElement(load) },
              })),
              ...(
                [
                  [
                    paths.enterprise.settings,
                    () => import('../features/settings/settings-page.tsx').then((m) => <m.SettingsPage />),
                  ],
                  [
                    paths.enterprise.apiKeys,
                    () => import('../features/api-keys/api-keys-page.tsx').then((m) => <m.ApiKeysPage />),
                  ],
                  [
                    paths.enterprise.integrations,
                    () =>
                      import('../features/webhooks/integrations-page.tsx').then((m) => (
                        <m.IntegrationsPage />
                      )),
                  ],
                  [
                    paths.enterprise.help,
                    () => import('../features/help/help-page.tsx').then((m) => <m.HelpPage />),
                  ],
                  [
                    paths.enterprise.courses,
                    () => import('../features/courses/courses-page.tsx').then((m) => <m.CoursesPage />),
                  ],
                  [
                    paths.enterprise.createCourse,
                    () =>
                      import('../features/courses/course-editor-page.tsx').then((m) => (
                        <m.CourseEditorPage />
                      )),
                  ],
                  [
                    paths.enterprise.editCourse,
                    () =>
                      import('../features/courses/course-editor-page.tsx').then((m) => (
                        <m.CourseEditorPage />
                      )),
                  ],
                  [
                    paths.enterprise.courseEnrollments,
                    () =>
                      import('../features/courses/course-enrolments-page.tsx').then((m) => (
                        <m.CourseEnrolmentsPage />
                      )),
                  ],
                  [
                    paths.enterprise.companyInfo,
                    () =>
                      import('../features/company-info/company-info-page.tsx').then((m) => (
                        <m.CompanyInfoPage />
                      )),
                  ],
                ] as const
              ).map(([path, load]) => ({ path, permission: null, route: { path, ...lazyElement(load) } })),
              {
                path: paths.enterprise.roles,
                permission: 'roles',
                route: {
                  path: paths.enterprise.roles,
                  ...lazyElement(() =>
                    import('../features/roles/roles-page.tsx').then(({ RolesPage }) => <RolesPage />),
                  ),
                },
              },
              ...(
                [
                  [
                    paths.enterprise.tasksLibrary,
                    () =>
                      import('../features/tasks/tasks-library-page.tsx').then((m) => <m.TasksLibraryPage />),
                  ],
                  [
                    paths.enterprise.tasksLibraryNew,
                    () =>
                      import('../features/tasks/task-folders-page.tsx').then((m) => <m.TaskFoldersPage />),
                  ],
                  [
                    paths.enterprise.viewTask,
                    () => import('../features/tasks/task-view-page.tsx').then((m) => <m.TaskViewPage />),
                  ],
                  [
                    paths.enterprise.bulkAssignTask,
                    () =>
                      import('../features/tasks/bulk-assign-task-page.tsx').then((m) => (
                        <m.BulkAssignTaskPage />
                      )),
                  ],
                ] as const
              ).map(([path, load]) => ({
                path,
                permission: 'task-library' as const,
                route: { path, ...lazyElement(load) },
              })),
              {
                path: paths.enterprise.contentLibrary,
                permission: 'content-library',
                route: {
                  path: paths.enterprise.contentLibrary,
                  ...lazyElement(() =>
                    import('../features/content-library/content-library-page.tsx').then((m) => (
                      <m.ContentLibraryPage />
                    )),
                  ),
                },
              },
              {
                path: paths.enterprise.readingTopics,
                permission: 'reading-topics',
                route: {
                  path: paths.enterprise.readingTopics,
                  ...lazyElement(() =>
                    import('../features/reading-topics/reading-topics-page.tsx').then(
                      ({ ReadingTopicsPage }) => <ReadingTopicsPage />,
                    ),
                  ),
                },
              },
              {
                path: paths.enterprise.pronunciation,
                permission: 'groups',
                route: {
                  path: paths.enterprise.pronunciation,
                  ...lazyElement(() =>
                    import('../features/pronunciation/pronunciation-page.tsx').then(
                      ({ PronunciationPage }) => <PronunciationPage />,
                    ),
                  ),
                },
              },
              {
                path: paths.enterprise.reports,
                permission: 'reports',
                route: {
                  path: paths.enterprise.reports,
                  ...lazyElement(() =>
                    import('../features/reports/reports-page.tsx').then(({ ReportsPage }) => <ReportsPage />),
                  ),
                },
              },
              ...(
                [
                  [
                    paths.enterprise.myTasks,
                    () => import('../features/my-tasks/my-tasks-page.tsx').then((m) => <m.MyTasksPage />),
                  ],
                  [
                    paths.enterprise.myTaskView,
                    () =>
                      import('../features/my-tasks/my-task-view-page.tsx').then((m) => <m.MyTaskViewPage />),
                  ],
                ] as const
              ).map(([path, load]) => ({ path, permission: null, route: { path, ...lazyElement(load) } })),
              ...(
                [
                  [
                    paths.enterprise.createTask,
                    () =>
                      import('../features/task-editor/create-task-page.tsx').then((m) => (
                        <m.CreateTaskPage />
                      )),
                  ],
                  [
                    paths.enterprise.editTask,
                    () =>
                      import('../features/task-editor/edit-task-page.tsx').then((m) => <m.EditTaskPage />),
                  ],
                ] as const
              ).map(([path, load]) => ({
                path,
                permission: 'task-library' as const,
                route: { path, ...lazyElement(load) },
              })),
              {
                path: paths.enterprise.memberTaskView,
                permission: null,
                route: {
                  path: paths.enterprise.memberTaskView,
                  ...lazyElement(() =>
                    import('../features/task-review/member-task-page.tsx').then((m) => <m.MemberTaskPage />),
                  ),
                },
              },
              // Surveys (issue 17): managing needs the surveys key; a member answers from My Tasks (login only).
              ...(
                [
                  [
                    paths.enterprise.surveys,
                    () => import('../features/surveys/surveys-page.tsx').then((m) => <m.SurveysPage />),
                  ],
                  [
                    paths.enterprise.manageSurvey,
                    () =>
                      import('../features/surveys/manage-survey-page.tsx').then((m) => (
                        <m.ManageSurveyPage />
                      )),
                  ],
                ] as const
              ).map(([path, load]) => ({
                path,
                permission: 'surveys' as const,
                route: { path, ...lazyElement(load) },
              })),
              {
                path: paths.enterprise.mySurvey,
                permission: null,
                route: {
                  path: paths.enterprise.mySurvey,
                  ...lazyElement(() =>
                    import('../features/surveys/my-survey-page.tsx').then((m) => <m.MySurveyPage />),
                  ),
                },
              },
              ...ENTERPRISE_COMING_LATER.map((screen) => ({
                path: screen.path,
                permission: screen.permission,
                route: comingLater(screen),
              })),
            ]),
          ]),
          fullpageLayout('enterprise', [profileRoute('enterprise')]),
        ],
      },
    ],
  },

  {
    element: <RequireSession audience="admin" />,
    children: [
      sidebarLayout('admin', [
        dashboardRoute('admin'),
        {
          path: paths.admin.enterprises,
          ...lazyElement(() =>
            import('../features/admin-enterprises/enterprises-page.tsx').then((m) => <m.EnterprisesPage />),
          ),
        },
        {
          path: paths.admin.enterpriseDetail,
          ...lazyElement(() =>
            import('../features/admin-enterprises/enterprise-detail-page.tsx').then((m) => (
              <m.EnterpriseDetailPage />
            )),
          ),
        },
        {
          path: paths.admin.members,
          ...lazyElement(() =>
            import('../features/admin-members/admin-members-page.tsx').then((m) => <m.AdminMembersPage />),
          ),
        },
        {
          path: paths.admin.vocabulary,
          ...lazyElement(() =>
            import('../features/admin-vocabulary/admin-vocabulary-page.tsx').then((m) => (
              <m.AdminVocabularyPage />
            )),
          ),
        },
        // Admin routes: reports and usage, issue 7 (helper: reports)
        {
          path: paths.admin.allMembersUsage,
          ...lazyElement(() =>
            import('../features/admin-reports/all-members-usage-page.tsx').then((m) => (
              <m.AllMembersUsagePage />
            )),
          ),
        },
        {
          path: paths.admin.legalTexts,
          ...lazyElement(() =>
            import('../features/admin-legal/admin-legal-page.tsx').then((m) => <m.AdminLegalPage />),
          ),
        },
        {
          path: paths.admin.appUserCounts,
          ...lazyElement(() =>
            import('../features/admin-reports/app-user-counts-page.tsx').then((m) => <m.AppUserCountsPage />),
          ),
        },
        {
          path: paths.admin.featureUsage,
          ...lazyElement(() =>
            import('../features/admin-reports/feature-usage-page.tsx').then((m) => <m.FeatureUsagePage />),
          ),
        },
        // Admin: the platform task library (issue 7), with the enterprise's task editor
        {
          path: paths.admin.tasksLibrary,
          ...lazyElement(() =>
            import('../features/admin-tasks/admin-tasks-library-page.tsx').then((m) => (
              <m.AdminTasksLibraryPage />
            )),
          ),
        },
        {
          path: paths.admin.createTask,
          ...lazyElement(() =>
            import('../features/task-editor/create-task-page.tsx').then((m) => <m.AdminCreateTaskPage />),
          ),
        },
        {
          path: paths.admin.editTask,
          ...lazyElement(() =>
            import('../features/task-editor/edit-task-page.tsx').then((m) => <m.AdminEditTaskPage />),
          ),
        },
        {
          path: paths.admin.viewTask,
          ...lazyElement(() =>
            import('../features/admin-tasks/admin-task-view-page.tsx').then((m) => <m.AdminTaskViewPage />),
          ),
        },
        {
          path: paths.admin.bulkTask,
          ...lazyElement(() =>
            import('../features/admin-tasks/bulk-assign-task-page.tsx').then((m) => <m.BulkAssignTaskPage />),
          ),
        },
        // Admin routes: platform content library (helper: admin-content)
        {
          path: paths.admin.contentLibrary,
          ...lazyElement(() =>
            import('../features/admin-content/admin-content-library-page.tsx').then((m) => (
              <m.AdminContentLibraryPage />
            )),
          ),
        },
        {
          path: paths.admin.createContent,
          ...lazyElement(() =>
            import('../features/admin-content/content-editor-page.tsx').then((m) => <m.CreateContentPage />),
          ),
        },
        {
          path: paths.admin.editContent,
          ...lazyElement(() =>
            import('../features/admin-content/content-editor-page.tsx').then((m) => <m.EditContentPage />),
          ),
        },
        {
          path: paths.admin.bulkContent,
          ...lazyElement(() =>
            import('../features/admin-content/bulk-assign-page.tsx').then((m) => <m.BulkAssignContentPage />),
          ),
        },
        signedInNotFound('admin'),
      ]),
      fullpageLayout('admin', [profileRoute('admin')]),
    ],
  },

  {
    ...lazyElement(() => import('./layouts/public-layout.tsx').then(({ PublicLayout }) => <PublicLayout />)),
    children: [
      // Privacy and terms (spec §2, issue 17): public, {id} is the enterprise or 'platform'.
      ...(['privacy-policy', 'terms-and-condition'] as const).map((kind) => ({
        path: kind === 'privacy-policy' ? paths.appPrivacyPolicy.pattern : paths.appTerms.pattern,
        ...lazyElement(() =>
          import('../features/legal/legal-page.tsx').then(({ LegalPage }) => <LegalPage kind={kind} />),
        ),
      })),
      ...PUBLIC_COMING_LATER.map(comingLater),
    ],
  },

  { path: '/marketplace/*', element: <OpenMarketplacePage /> },
  {
    path: paths.notFound,
    ...lazyElement(() =>
      import('../features/errors/not-found-page.tsx').then(({ NotFoundPage }) => <NotFoundPage />),
    ),
  },
  { path: '*', element: <EntryRedirect to={paths.enterprise.login.build()} /> },
];
