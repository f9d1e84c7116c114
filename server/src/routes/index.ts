import type { Registration } from '../adapter.ts';
import { adminContentRoutes } from './admin-content.ts';
import { adminEnterpriseRoutes } from './admin-enterprises.ts';
import { adminMemberRoutes } from './admin-members.ts';
import { adminReportsRoutes } from './admin-reports.ts';
import { adminTasksRoutes } from './admin-tasks.ts';
import { adminVocabularyRoutes } from './admin-vocabulary.ts';
import { apiKeyRoutes } from './api-keys.ts';
import { authRoutes } from './auth.ts';
import { contentRoutes } from './content.ts';
import { courseRoutes } from './courses.ts';
import { enterpriseReportsRoutes } from './enterprise-reports.ts';
import { factorRoutes } from './factors.ts';
import { hearItRoutes } from './hear-it.ts';
import { integrationRoutes } from './integrations.ts';
import { legalRoutes } from './legal.ts';
import { ltiRoutes } from './lti-settings.ts';
import { marketplaceRoutes } from './marketplace.ts';
import { myCoursesRoutes } from './my-courses.ts';
import { myProgressRoutes } from './my-progress.ts';
import { noticeRoutes } from './notices.ts';
import { organisationRoutes } from './organisation.ts';
import { passkeyRoutes } from './passkeys.ts';
import { peopleRoutes } from './people.ts';
import { pronunciationRoutes } from './pronunciation.ts';
import { readingTopicRoutes } from './reading-topics.ts';
import { rolesRoutes } from './roles.ts';
import { scimTokenRoutes } from './scim-tokens.ts';
import { ssoRoutes } from './sso.ts';
import { surveyRoutes } from './surveys.ts';
import { taskRoutes } from './tasks.ts';
import { uploadRoutes } from './uploads.ts';

/** Every implemented call; contract entries missing here answer 501 NOT_IMPLEMENTED. */
export const allRoutes: Registration[] = [
  ...authRoutes,
  ...factorRoutes,
  ...ssoRoutes,
  ...passkeyRoutes,
  ...rolesRoutes,
  ...peopleRoutes,
  ...organisationRoutes,
  ...myProgressRoutes,
  ...myCoursesRoutes,
  ...uploadRoutes,
  ...marketplaceRoutes,
  ...courseRoutes,
  ...readingTopicRoutes,
  ...adminVocabularyRoutes,
  ...adminMemberRoutes,
  ...pronunciationRoutes,
  ...taskRoutes,
  ...contentRoutes,
  ...adminEnterpriseRoutes,
  ...adminTasksRoutes,
  ...adminContentRoutes,
  ...adminReportsRoutes,
  ...legalRoutes,
  ...surveyRoutes,
  ...enterpriseReportsRoutes,
  ...apiKeyRoutes,
  ...integrationRoutes,
  ...hearItRoutes,
  ...noticeRoutes,
  ...scimTokenRoutes,
  ...ltiRoutes,
];
