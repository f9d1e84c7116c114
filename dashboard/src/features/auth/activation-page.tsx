import { enterpriseAuth } from '@coach/shared/contract/auth';
import { useAtom, useSetAtom } from 'jotai';
import { useState } from 'react';
import { Navigate } from 'react-router-dom';
import { paths } from '../../config/paths.ts';
import { api, endSessionOnServer } from '../../lib/api.ts';
import { notify } from '../../lib/notify.ts';
import { enterpriseUserAtom, logoutAtom } from '../../lib/session.ts';
import { Button } from '../../ui/button.tsx';
import { LoadingBlock } from '../../ui/spinner.tsx';
import { apiErrorText } from './api-error-text.ts';
import { AuthCard } from './auth-card.tsx';

/** /activation-required: a signed-in account waits here until its email is verified (spec §2). */
export const ActivationPage = () => {
  const [user, setUser] = useAtom(enterpriseUserAtom);
  const logout = useSetAtom(logoutAtom);
  const [busy, setBusy] = useState<'resend' | 'check' | null>(null);
  if (!user) return <LoadingBlock label="Loading your account" />;
  if (user.emailVerified) return <Navigate to={paths.enterprise.dashboard} replace />;

  const resend = async () => {
    setBusy('resend');
    try {
      const { sentTo } = await api.call(enterpriseAuth.resendVerification, {});
      notify.success(`We have sent a new link to ${sentTo}`);
    } catch (error) {
      notify.error(apiErrorText(error));
    } finally {
      setBusy(null);
    }
  };
  const check = async () => {
    setBusy('check');
    try {
      const fresh = await api.call(enterpriseAuth.me, {});
      setUser(fresh);
      if (!fresh.emailVerified) notify.error('Your email is not verified yet. Open the link we sent you.');
    } catch (error) {
      notify.error(apiErrorText(error));
    } finally {
      setBusy(null);
    }
  };

  return (
    <AuthCard
      audience="enterprise"
      title="Verify your email"
      description={
        <>
          We sent a link to <strong>{user.email}</strong>. Open it to activate{' '}
          {user.enterpriseId.company_name}.
        </>
      }
      footer={
        <button
          type="button"
          className="auth__link auth__link--button"
          onClick={async () => {
            await endSessionOnServer('enterprise');
            logout('enterprise');
          }}
        >
          Sign out
        </button>
      }
    >
      <div className="auth__form">
        <Button size="lg" block loading={busy === 'check'} onClick={() => void check()}>
          I have verified my email
        </Button>
        <Button variant="secondary" size="lg" block loading={busy === 'resend'} onClick={() => void resend()}>
          Send the link again
        </Button>
      </div>
    </AuthCard>
  );
};
