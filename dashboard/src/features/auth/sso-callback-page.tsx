import { enterpriseSso } from '@coach/shared/contract/sso';
import { useSetAtom } from 'jotai';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { paths, safeRedirect } from '../../config/paths.ts';
import { api } from '../../lib/api.ts';
import { apiErrorText } from '../../lib/api-error-text.ts';
import { loggedOutOnPurposeAtom, sessionAtoms } from '../../lib/session.ts';
import { LoadingBlock } from '../../ui/spinner.tsx';
import { AuthCard, FormAlert } from './auth-card.tsx';
import { takeSsoAttempt } from './single-sign-on.ts';

/**
 * /sso/callback: where the identity provider sends the member back. The provider's answer and the
 * key this tab kept go to `sso/complete`, which answers a full session; any failure is said plainly, with the way
 * back to /login.
 */
export const SsoCallbackPage = () => {
  const { t } = useTranslation('common');
  const setSession = useSetAtom(sessionAtoms.enterprise);
  const setLoggedOutOnPurpose = useSetAtom(loggedOutOnPurposeAtom);
  const navigate = useNavigate();
  const { search } = useLocation();
  const [failure, setFailure] = useState<string | null>(null);
  // React's development double effect must not spend the single-use answer twice.
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const attempt = takeSsoAttempt();
    const query = search;
    if (!attempt || !query) {
      setFailure(t('auth.sso.noAttempt'));
      return;
    }
    api
      .call(enterpriseSso.complete, { query, browserKey: attempt.browserKey })
      .then(({ accesstoken }) => {
        setLoggedOutOnPurpose(false);
        setSession({ token: accesstoken, mfaDone: true, refreshDone: false });
        navigate(safeRedirect(attempt.redirect, paths.enterprise.dashboard), { replace: true });
      })
      .catch((error: unknown) => setFailure(apiErrorText(error)));
  }, [navigate, search, setLoggedOutOnPurpose, setSession, t]);

  if (!failure)
    return (
      <AuthCard audience="enterprise" title={t('auth.sso.finishing')}>
        <LoadingBlock label={t('auth.sso.checking')} />
      </AuthCard>
    );
  return (
    <AuthCard audience="enterprise" title={t('auth.sso.failedTitle')}>
      <FormAlert message={failure} />
      <Link className="btn btn--primary btn--lg btn--block" to={paths.enterprise.login.build(null)}>
        {t('auth.sso.backToSignIn')}
      </Link>
    </AuthCard>
  );
};
