import type { ReactNode } from 'react';
import type { screens } from '../config/screens.ts';
import type { Audience } from '../lib/session.ts';

/** Loads a screen's page: each is its own chunk (ARCHITECTURE.md "Dashboard SPA"). */
export type LoadPage = () => Promise<ReactNode>;

/**
 * The page of every screen of config/screens.ts, by the same section and id: an entry of the table without a
 * page here, or a page here without an entry, does not compile (and screen-pages.test.ts checks it again).
 */
type ScreenPages = { [Section in keyof typeof screens]: Record<keyof (typeof screens)[Section], LoadPage> };

/** The sign-in, dashboard and profile screens both audiences have, with the audience as their prop. */
const audiencePages = (audience: Audience) => ({
  login: () =>
    import('../features/auth/login-page.tsx').then(({ LoginPage }) => <LoginPage audience={audience} />),
  forgotPassword: () =>
    import('../features/auth/forgot-password-page.tsx').then(({ ForgotPasswordPage }) => (
      <ForgotPasswordPage audience={audience} />
    )),
  resetPassword: () =>
    import('../features/auth/reset-password-page.tsx').then(({ ResetPasswordPage }) => (
      <ResetPasswordPage audience={audience} />
    )),
  authCheck: () =>
    import('../features/auth/auth-check-page.tsx').then(({ AuthCheckPage }) => (
      <AuthCheckPage audience={audience} />
    )),
  dashboard: () =>
    import('../features/dashboard/dashboard-page.tsx').then(({ DashboardPage }) => (
      <DashboardPage audience={audience} />
    )),
  profile: () =>
    import('../features/profile/profile-page.tsx').then(({ ProfilePage }) => (
      <ProfilePage audience={audience} />
    )),
});

/**
 * The page of a screen whose feature ships in a later release: the layout with an honest note. None today;
 * such a screen is an entry of the table like any other, with `comingLater({ ... })` as its page here.
 */
export const comingLater =
  ({ title, summary, note }: { title: string; summary: string; note: string }): LoadPage =>
  () =>
    import('../features/coming-later/coming-later-page.tsx').then(({ ComingLaterPage }) => (
      <ComingLaterPage title={title} summary={summary} note={note} />
    ));

export const screenPages = {
  general: {
    notFound: () => import('../features/errors/not-found-page.tsx').then((m) => <m.NotFoundPage />),
    register: () => import('../features/auth/register-page.tsx').then((m) => <m.RegisterPage />),
    verifyEmail: () => import('../features/auth/verify-email-page.tsx').then((m) => <m.VerifyEmailPage />),
    ssoCallback: () => import('../features/auth/sso-callback-page.tsx').then((m) => <m.SsoCallbackPage />),
    ltiContinue: () => import('../features/auth/lti-continue-page.tsx').then((m) => <m.LtiContinuePage />),
    activationRequired: () =>
      import('../features/auth/activation-page.tsx').then((m) => <m.ActivationPage />),
    appPrivacyPolicy: () =>
      import('../features/legal/legal-page.tsx').then(({ LegalPage }) => <LegalPage kind="privacy-policy" />),
    appTerms: () =>
      import('../features/legal/legal-page.tsx').then(({ LegalPage }) => (
        <LegalPage kind="terms-and-condition" />
      )),
  },

  enterprise: {
    ...audiencePages('enterprise'),
    unauthorized: () =>
      import('../features/errors/unauthorized-page.tsx').then(({ UnauthorizedPage }) => <UnauthorizedPage />),
    members: () => import('../features/members/members-page.tsx').then(({ MembersPage }) => <MembersPage />),
    memberDetail: () =>
      import('../features/members/member-detail-page.tsx').then((m) => <m.MemberDetailPage />),
    tasksLibrary: () =>
      import('../features/tasks/tasks-library-page.tsx').then((m) => <m.TasksLibraryPage />),
    tasksLibraryNew: () =>
      import('../features/tasks/task-folders-page.tsx').then((m) => <m.TaskFoldersPage />),
    createTask: () =>
      import('../features/task-editor/create-task-page.tsx').then((m) => <m.CreateTaskPage />),
    editTask: () => import('../features/task-editor/edit-task-page.tsx').then((m) => <m.EditTaskPage />),
    viewTask: () => import('../features/tasks/task-view-page.tsx').then((m) => <m.TaskViewPage />),
    bulkAssignTask: () =>
      import('../features/tasks/bulk-assign-task-page.tsx').then((m) => <m.BulkAssignTaskPage />),
    ltiDeepLink: () => import('../features/tasks/lti-deep-link-page.tsx').then((m) => <m.LtiDeepLinkPage />),
    myTasks: () => import('../features/my-tasks/my-tasks-page.tsx').then((m) => <m.MyTasksPage />),
    myTaskView: () => import('../features/my-tasks/my-task-view-page.tsx').then((m) => <m.MyTaskViewPage />),
    myCourses: () => import('../features/my-courses/my-courses-page.tsx').then((m) => <m.MyCoursesPage />),
    mySurvey: () => import('../features/surveys/my-survey-page.tsx').then((m) => <m.MySurveyPage />),
    memberTaskView: () =>
      import('../features/task-review/member-task-page.tsx').then((m) => <m.MemberTaskPage />),
    contentLibrary: () =>
      import('../features/content-library/content-library-page.tsx').then((m) => <m.ContentLibraryPage />),
    courses: () => import('../features/courses/courses-page.tsx').then((m) => <m.CoursesPage />),
    createCourse: () =>
      import('../features/courses/course-editor-page.tsx').then((m) => <m.CourseEditorPage />),
    editCourse: () =>
      import('../features/courses/course-editor-page.tsx').then((m) => <m.CourseEditorPage />),
    courseEnrollments: () =>
      import('../features/courses/course-enrolments-page.tsx').then((m) => <m.CourseEnrolmentsPage />),
    companyInfo: () =>
      import('../features/company-info/company-info-page.tsx').then((m) => <m.CompanyInfoPage />),
    reports: () => import('../features/reports/reports-page.tsx').then(({ ReportsPage }) => <ReportsPage />),
    roles: () => import('../features/roles/roles-page.tsx').then(({ RolesPage }) => <RolesPage />),
    groups: () => import('../features/groups/groups-page.tsx').then((m) => <m.GroupsPage />),
    manageGroup: () => import('../features/groups/manage-group-page.tsx').then((m) => <m.ManageGroupPage />),
    groupDetail: () => import('../features/groups/group-detail-page.tsx').then((m) => <m.GroupDetailPage />),
    surveys: () => import('../features/surveys/surveys-page.tsx').then((m) => <m.SurveysPage />),
    manageSurvey: () =>
      import('../features/surveys/manage-survey-page.tsx').then((m) => <m.ManageSurveyPage />),
    readingTopics: () =>
      import('../features/reading-topics/reading-topics-page.tsx').then(({ ReadingTopicsPage }) => (
        <ReadingTopicsPage />
      )),
    help: () => import('../features/help/help-page.tsx').then((m) => <m.HelpPage />),
    pronunciation: () =>
      import('../features/pronunciation/pronunciation-page.tsx').then(({ PronunciationPage }) => (
        <PronunciationPage />
      )),
    settings: () => import('../features/settings/settings-page.tsx').then((m) => <m.SettingsPage />),
    apiKeys: () => import('../features/api-keys/api-keys-page.tsx').then((m) => <m.ApiKeysPage />),
    integrations: () =>
      import('../features/webhooks/integrations-page.tsx').then((m) => <m.IntegrationsPage />),
  },

  admin: {
    ...audiencePages('admin'),
    enterprises: () =>
      import('../features/admin-enterprises/enterprises-page.tsx').then((m) => <m.EnterprisesPage />),
    enterpriseDetail: () =>
      import('../features/admin-enterprises/enterprise-detail-page.tsx').then((m) => (
        <m.EnterpriseDetailPage />
      )),
    members: () =>
      import('../features/admin-members/admin-members-page.tsx').then((m) => <m.AdminMembersPage />),
    tasksLibrary: () =>
      import('../features/admin-tasks/admin-tasks-library-page.tsx').then((m) => <m.AdminTasksLibraryPage />),
    createTask: () =>
      import('../features/task-editor/create-task-page.tsx').then((m) => <m.AdminCreateTaskPage />),
    editTask: () => import('../features/task-editor/edit-task-page.tsx').then((m) => <m.AdminEditTaskPage />),
    viewTask: () =>
      import('../features/admin-tasks/admin-task-view-page.tsx').then((m) => <m.AdminTaskViewPage />),
    bulkTask: () =>
      import('../features/admin-tasks/bulk-assign-task-page.tsx').then((m) => <m.BulkAssignTaskPage />),
    contentLibrary: () =>
      import('../features/admin-content/admin-content-library-page.tsx').then((m) => (
        <m.AdminContentLibraryPage />
      )),
    editContent: () =>
      import('../features/admin-content/content-editor-page.tsx').then((m) => <m.EditContentPage />),
    createContent: () =>
      import('../features/admin-content/content-editor-page.tsx').then((m) => <m.CreateContentPage />),
    bulkContent: () =>
      import('../features/admin-content/bulk-assign-page.tsx').then((m) => <m.BulkAssignContentPage />),
    allMembersUsage: () =>
      import('../features/admin-reports/all-members-usage-page.tsx').then((m) => <m.AllMembersUsagePage />),
    appUserCounts: () =>
      import('../features/admin-reports/app-user-counts-page.tsx').then((m) => <m.AppUserCountsPage />),
    featureUsage: () =>
      import('../features/admin-reports/feature-usage-page.tsx').then((m) => <m.FeatureUsagePage />),
    vocabulary: () =>
      import('../features/admin-vocabulary/admin-vocabulary-page.tsx').then((m) => <m.AdminVocabularyPage />),
    legalTexts: () =>
      import('../features/admin-legal/admin-legal-page.tsx').then((m) => <m.AdminLegalPage />),
  },
} satisfies ScreenPages;
