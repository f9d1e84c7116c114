import { lti } from '@coach/shared/contract/lti';
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

/**
 * /lti/continue: where an LMS launch lands once the server has checked it (/lti/launch). The one-time code in the
 * fragment (never sent to a server in a Referer or a log) goes to `lti/complete`, which answers a full session and
 * the linked page; any failure is said plainly.
 */
export const LtiContinuePage = () => {
  const { t } = useTranslation('common');
  const setSession = useSetAtom(sessionAtoms.enterprise);
  const setLoggedOutOnPurpose = useSetAtom(loggedOutOnPurposeAtom);
  const navigate = useNavigate();
  const { hash } = useLocation();
  const [failure, setFailure] = useState<string | null>(null);
  // React's development double effect must not spend the single-use code twice.
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const code = hash.replace(/^#/, '');
    // The code leaves the address bar at once: a reload or a shared link cannot reuse it.
    window.history.replaceState(null, '', window.location.pathname);
    if (!code) {
      setFailure(t('auth.lti.noCode'));
      return;
    }
    api
      .call(lti.complete, { code })
      .then(({ accesstoken, target }) => {
        setLoggedOutOnPurpose(false);
        setSession({ token: accesstoken, mfaDone: true, refreshDone: false });
        navigate(safeRedirect(target, paths.enterprise.dashboard), { replace: true });
      })
      .catch((error: unknown) => setFailure(apiErrorText(error)));
  }, [hash, navigate, setLoggedOutOnPurpose, setSession, t]);

  if (!failure)
    return (
      <AuthCard audience="enterprise" title={t('auth.sso.finishing')}>
        <LoadingBlock label={t('auth.lti.checking')} />
      </AuthCard>
    );
  return (
    <AuthCard audience="enterprise" title={t('auth.lti.failedTitle')}>
      <FormAlert message={failure} />
      <Link className="btn btn--primary btn--lg btn--block" to={paths.enterprise.login.build(null)}>
        {t('auth.sso.backToSignIn')}
      </Link>
    </AuthCard>
  );
};
