import { adminGeneral } from './admin.ts';
import { adminContent } from './admin-content.ts';
import { adminEnterprises } from './admin-enterprises.ts';
import { adminMembers } from './admin-members.ts';
import { adminReports } from './admin-reports.ts';
import { adminTasks } from './admin-tasks.ts';
import { adminVocabulary, vocabularyPractice } from './admin-vocabulary.ts';
import { apiKeys } from './api-keys.ts';
import { assignablePeople } from './assignable-people.ts';
import { adminAuth, enterpriseAuth, health } from './auth.ts';
import { contentActions, contentLibrary } from './content.ts';
import { courseReviews } from './course-reviews.ts';
import { courses } from './courses.ts';
import type { CallDef } from './define-call.ts';
import { adminFactors, enterpriseFactors } from './factors.ts';
import { enterpriseGeneral } from './general.ts';
import { groups } from './groups.ts';
import { hearIt } from './hear-it.ts';
import { integrations } from './integrations.ts';
import { legal } from './legal.ts';
import { lti } from './lti.ts';
import { marketplace } from './marketplace.ts';
import { members } from './members.ts';
import { myCourses } from './my-courses.ts';
import { myProgress } from './my-progress.ts';
import { noticeSettingsCalls } from './notices.ts';
import { adminPasskeys, enterprisePasskeys } from './passkeys.ts';
import { pronunciationConfig } from './pronunciation.ts';
import { readingTopics } from './reading-topics.ts';
import { enterpriseReports } from './reports.ts';
import { roles } from './roles.ts';
import { scimProvisioning } from './scim.ts';
import { settingsCalls } from './settings.ts';
import { enterpriseSso } from './sso.ts';
import { surveys } from './surveys.ts';
import { taskFolders } from './task-folders.ts';
import { tasks } from './tasks.ts';
import { timezoneCalls } from './timezone.ts';
import { uploads } from './uploads.ts';

/**
 * Every call of the API, once. The server registers a route for each entry (answering 501
 * NOT_IMPLEMENTED where no handler exists yet), and tests check the table for duplicates.
 */
export const allCalls: readonly CallDef[] = [
  health,
  ...Object.values(enterpriseAuth),
  ...Object.values(adminAuth),
  ...Object.values(enterpriseGeneral),
  ...Object.values(myProgress),
  ...Object.values(myCourses),
  ...Object.values(roles),
  ...Object.values(groups),
  ...Object.values(members),
  ...Object.values(tasks),
  ...Object.values(taskFolders),
  ...Object.values(assignablePeople),
  ...Object.values(readingTopics),
  ...Object.values(pronunciationConfig),
  ...Object.values(contentLibrary),
  ...Object.values(contentActions),
  ...Object.values(uploads),
  ...Object.values(marketplace),
  ...Object.values(courses),
  ...Object.values(courseReviews),
  ...Object.values(legal),
  ...Object.values(timezoneCalls),
  ...Object.values(settingsCalls),
  ...Object.values(adminGeneral),
  ...Object.values(adminVocabulary),
  ...Object.values(vocabularyPractice),
  ...Object.values(adminMembers),
  ...Object.values(adminEnterprises),
  ...Object.values(adminTasks),
  ...Object.values(adminContent),
  ...Object.values(adminReports),
  ...Object.values(surveys),
  ...Object.values(enterpriseReports),
  // API keys for integrators
  ...Object.values(apiKeys),
  ...Object.values(integrations),
  // Authenticator apps and recovery codes
  ...Object.values(enterpriseFactors),
  ...Object.values(adminFactors),
  // Single sign-on with OpenID Connect
  ...Object.values(enterpriseSso),
  // Passkeys (WebAuthn)
  ...Object.values(enterprisePasskeys),
  ...Object.values(adminPasskeys),
  // Hear a target word or sentence said
  ...Object.values(hearIt),
  // Which mails about their work a member gets
  ...Object.values(noticeSettingsCalls),
  // SCIM 2.0 provisioning tokens (the SCIM endpoints themselves are /scim/v2, outside the envelope)
  ...Object.values(scimProvisioning),
  // LTI 1.3: platforms in Settings, and a launch's last step
  ...Object.values(lti),
];
