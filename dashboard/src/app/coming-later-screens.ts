import type { PermissionKey } from '@coach/shared/permissions';
import { paths } from '../config/paths.ts';

/** A screen of spec §2 whose feature ships in a later release: shown in the layout with an honest note. */
export type ComingLaterScreen = {
  path: string;
  title: string;
  summary: string;
  note: string;
  /** Enterprise permission key of spec §2 (null = login only). */
  permission: PermissionKey | null;
};

const E = paths.enterprise;
const A = paths.admin;

export const ENTERPRISE_COMING_LATER: ComingLaterScreen[] = [
  {
    path: E.reports,
    title: 'Reports',
    summary: 'Usage and progress across your organisation.',
    note: 'Reports arrive with the reporting release.',
    permission: 'reports',
  },
  {
    path: E.surveys,
    title: 'Surveys',
    summary: 'Ask your members questions and see the answers.',
    note: 'Surveys arrive with the surveys release.',
    permission: 'surveys',
  },
  {
    path: E.manageSurvey,
    title: 'Manage survey',
    summary: 'Create or change a survey.',
    note: 'Surveys arrive with the surveys release.',
    permission: 'surveys',
  },
];

const admin = (path: string, title: string, summary: string): ComingLaterScreen => ({
  path,
  title,
  summary,
  note: 'This part of platform administration arrives with the admin release.',
  permission: null,
});

export const ADMIN_COMING_LATER: ComingLaterScreen[] = [
  admin(A.tasksLibrary, 'Task Library', 'Task templates offered to every enterprise.'),
  admin(A.createTask, 'Create task', 'A new platform task template.'),
  admin(A.editTask, 'Edit task', 'Change a platform task template.'),
  admin(A.viewTask, 'Task details', 'A platform task template.'),
  admin(A.bulkTask, 'Bulk assign tasks', 'Assign or unassign tasks for several enterprises.'),
];

export const PUBLIC_COMING_LATER: Omit<ComingLaterScreen, 'permission'>[] = [
  {
    path: paths.appPrivacyPolicy.pattern,
    title: 'Privacy Policy',
    summary: 'How we handle your personal information.',
    note: 'The privacy policy text is published with the organisation release.',
  },
  {
    path: paths.appTerms.pattern,
    title: 'Terms & Condition',
    summary: 'The terms of using the service.',
    note: 'The terms and conditions text is published with the organisation release.',
  },
];
