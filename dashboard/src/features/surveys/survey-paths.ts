import { fillPath, paths } from '../../config/paths.ts';

/** The manage screen's sections: questions, who has it, how a member sees it, what they answered. */
export const MANAGE_TABS = ['questions', 'audience', 'preview', 'results'] as const;
export type ManageTab = (typeof MANAGE_TABS)[number];

export const manageSurveyPath = (id?: string, tab?: ManageTab) => {
  const path = fillPath(paths.enterprise.manageSurvey, { id });
  return tab && tab !== 'questions' ? `${path}?tab=${tab}` : path;
};
export const mySurveyPath = (id: string) => fillPath(paths.enterprise.mySurvey, { id });
