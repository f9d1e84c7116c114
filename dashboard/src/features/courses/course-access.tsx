import { isAdminRoleName } from '@coach/shared/permissions';
import { useAtomValue } from 'jotai';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router-dom';
import { paths } from '../../config/paths.ts';
import { enterpriseUserAtom } from '../../lib/session.ts';
import { LoadingBlock } from '../../ui/spinner.tsx';

/** spec §2, §4: the course screens are for the admin role when the course feature is on (the server checks too). */
export const CourseAccess = ({ children }: { children: ReactNode }) => {
  const { t } = useTranslation('courses');
  const user = useAtomValue(enterpriseUserAtom);
  if (!user) return <LoadingBlock label={t('loading')} />;
  const allowed =
    (user.isDefaultAdmin || isAdminRoleName(user.roleId.name)) && user.enterpriseId.enableCourseFeature;
  if (!allowed) return <Navigate to={paths.enterprise.unauthorized} replace />;
  return children;
};
