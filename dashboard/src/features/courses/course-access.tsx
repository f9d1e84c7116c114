import { courses } from '@coach/shared/contract/courses';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router-dom';
import { useAccess } from '../../lib/can.tsx';
import { refusalPath } from '../../lib/refusal.ts';
import { LoadingBlock } from '../../ui/spinner.tsx';

/**
 * spec §2, §4: the course screens open for whoever the server lets list the courses (the role named admin or the
 * default admin, with the course feature on); every course call shares that rule. A refusal says whether the feature
 * is off for the enterprise or the role is the reason.
 */
export const CourseAccess = ({ children }: { children: ReactNode }) => {
  const { t } = useTranslation('courses');
  const access = useAccess(courses.list);
  if (access === null) return <LoadingBlock label={t('loading')} />;
  if (!access.allowed) return <Navigate to={refusalPath(access)} replace />;
  return children;
};
