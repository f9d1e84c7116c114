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
