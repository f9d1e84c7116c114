import { useTranslation } from 'react-i18next';
import { paths } from '../../config/paths.ts';
import type { Audience } from '../../lib/session.ts';

/**
 * A learner's sign-in: one sent to their courses (the marketplace's payment and enrolment pages, the enrolment
 * mail and the password it has them choose) or back to a course page. They bought a course; the words for
 * organisations do not speak to them.
 */
export const forLearner = (redirect: string | null) => {
  const target = redirect?.split(/[?#]/)[0] ?? '';
  return target === paths.enterprise.myCourses || target.startsWith('/marketplace/');
};

/**
 * Who the sign-in steps (the password, then the second factor) speak to, from the `redirect` they carry: a learner
 * bound for their courses reads "Coach for learners"; everyone else at /login (members, a company's learners, its
 * admins) reads just "Coach", no audience of its own; the platform admin keeps the card's own words (`undefined`).
 */
export const useSignInBrand = (audience: Audience, redirect: string | null) => {
  const { t } = useTranslation('common');
  const learner = audience === 'enterprise' && forLearner(redirect);
  const tagline = audience === 'admin' ? undefined : learner ? t('brand.forLearners') : null;
  return { learner, tagline };
};
