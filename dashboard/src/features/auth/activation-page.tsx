import { enterpriseAuth } from '@coach/shared/contract/auth';
import { useAtom, useSetAtom } from 'jotai';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Navigate } from 'react-router-dom';
import { paths } from '../../config/paths.ts';
import { api, endSessionOnServer } from '../../lib/api.ts';
import { apiErrorText } from '../../lib/api-error-text.ts';
import { notify } from '../../lib/notify.ts';
import { enterpriseUserAtom, logoutAtom } from '../../lib/session.ts';
import { Button } from '../../ui/button.tsx';
import { LoadingBlock } from '../../ui/spinner.tsx';
import { AuthCard } from './auth-card.tsx';

/** /activation-required: a signed-in account waits here until its email is verified (spec §2). */
export const ActivationPage = () => {
  const { t } = useTranslation('common');
  const [user, setUser] = useAtom(enterpriseUserAtom);
  const logout = useSetAtom(logoutAtom);
  const [busy, setBusy] = useState<'resend' | 'check' | null>(null);
  if (!user) return <LoadingBlock label={t('auth.activation.loading')} />;
  if (user.emailVerified) return <Navigate to={paths.enterprise.dashboard} replace />;

  const resend = async () => {
    setBusy('resend');
    try {
      const { sentTo } = await api.call(enterpriseAuth.resendVerification, {});
      notify.success(t('auth.activation.resent', { email: sentTo }));
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
      if (!fresh.emailVerified) notify.error(t('auth.activation.notYet'));
    } catch (error) {
      notify.error(apiErrorText(error));
    } finally {
      setBusy(null);
    }
  };

  return (
    <AuthCard
      audience="enterprise"
      title={t('auth.activation.title')}
      description={
        <Trans
          t={t}
          i18nKey="auth.activation.sentTo"
          values={{ email: user.email, company: user.enterpriseId.company_name }}
          components={{ strong: <strong /> }}
        />
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
          {t('auth.activation.signOut')}
        </button>
      }
    >
      <div className="auth__form">
        <Button size="lg" block loading={busy === 'check'} onClick={() => void check()}>
          {t('auth.activation.checked')}
        </Button>
        <Button variant="secondary" size="lg" block loading={busy === 'resend'} onClick={() => void resend()}>
          {t('auth.activation.resend')}
        </Button>
      </div>
    </AuthCard>
  );
};
