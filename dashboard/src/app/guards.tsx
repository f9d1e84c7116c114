import type { AccessRule, PermissionKey } from '@coach/shared/permissions';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { audienceConfig } from '../config/audience.ts';
import { paths } from '../config/paths.ts';
import { useAccess, useCan } from '../lib/can.tsx';
import { type Audience, loggedOutOnPurposeAtom, sessionAtoms } from '../lib/session.ts';
import { Button } from '../ui/button.tsx';
import { LoadingBlock } from '../ui/spinner.tsx';
import { ErrorState } from '../ui/states.tsx';
import { useProfileKeptCurrent, useSignedInUser, useTokenRefresh } from './session-effects.ts';

/**
 * spec §2 entry rules: no session -> login, a session without the second factor -> auth-check, both
 * keeping where the user was going. Inside, it runs the refresh rule and loads the signed-in user.
 */
export const RequireSession = ({ audience }: { audience: Audience }) => {
  const session = useAtomValue(sessionAtoms[audience]);
  const location = useLocation();
  const origin = `${location.pathname}${location.search}`;
  const loggedOutOnPurpose = useAtomValue(loggedOutOnPurposeAtom);
  const audiencePaths = audienceConfig[audience].paths;
  if (!session?.token)
    return <Navigate to={audiencePaths.login.build(loggedOutOnPurpose ? null : origin)} replace />;
  if (!session.mfaDone) return <Navigate to={audiencePaths.authCheck.build(origin)} replace />;
  return <SignedIn audience={audience} />;
};

const SignedIn = ({ audience }: { audience: Audience }) => {
  useTokenRefresh(audience);
  const { failed, retry } = useSignedInUser(audience);
  useProfileKeptCurrent(audience);
  const { t } = useTranslation();
  if (failed) {
    return (
      <main className="standalone-state">
        <ErrorState
          title={t('app.accountTitle')}
          description={t('app.accountText')}
          action={<Button onClick={retry}>{t('ui.tryAgain')}</Button>}
        />
      </main>
    );
  }
  return <Outlet />;
};

/**
 * spec §2, §6: a screen needing a permission key opens to whoever may make the enterprise calls that need it
 * (`canCall`: a non-empty permission list lacking the key is refused; an empty list and the default admin pass);
 * anyone else is sent to the unauthorized page.
 */
export const RequirePermission = ({ permission }: { permission: PermissionKey }) => {
  const allowed = useCan({ auth: 'enterprise', permission });
  if (allowed === null) return <LoadingBlock />;
  if (!allowed) return <Navigate to={paths.enterprise.unauthorized} replace />;
  return <Outlet />;
};

/** Any enterprise call a signed-in member makes that needs no more than the login. */
const LOGIN_ONLY: AccessRule = { auth: 'enterprise', permission: null };

/**
 * spec §2: a signed-in account whose email is not verified waits on /activation-required (the server refuses
 * its calls with EMAIL_NOT_VERIFIED; a platform admin logged in as the enterprise is not refused).
 */
export const RequireVerifiedEmail = () => {
  const verdict = useAccess(LOGIN_ONLY);
  if (verdict?.allowed === false && verdict.reason === 'email-not-verified')
    return <Navigate to={paths.activationRequired} replace />;
  return <Outlet />;
};
