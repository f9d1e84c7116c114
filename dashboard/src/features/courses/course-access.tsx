import { courses } from '@coach/shared/contract/courses';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router-dom';
import { paths } from '../../config/paths.ts';
import { useCan } from '../../lib/can.tsx';
import { LoadingBlock } from '../../ui/spinner.tsx';

/**
 * spec §2, §4: the course screens open for whoever the server lets list the courses (the role named admin or the
 * default admin, with the course feature on); every course call shares that rule.
 */
export const CourseAccess = ({ children }: { children: ReactNode }) => {
  const { t } = useTranslation('courses');
  const allowed = useCan(courses.list);
  if (allowed === null) return <LoadingBlock label={t('loading')} />;
  if (!allowed) return <Navigate to={paths.enterprise.unauthorized} replace />;
  return children;
};
