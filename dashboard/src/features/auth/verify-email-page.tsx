import { enterpriseAuth } from '@coach/shared/contract/auth';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { paths } from '../../config/paths.ts';
import { useCall } from '../../lib/use-call.ts';
import { LoadingBlock } from '../../ui/spinner.tsx';
import { AuthCard, FormAlert } from './auth-card.tsx';

/** /verify-email/:token: the link of the verification email. */
export const VerifyEmailPage = () => {
  const { t } = useTranslation('common');
  const { token = '' } = useParams();
  const { state } = useCall(enterpriseAuth.verifyEmail, { token });
  if (state.status === 'loading')
    return (
      <AuthCard audience="enterprise" title={t('auth.verify.verifying')}>
        <LoadingBlock label={t('auth.verify.checking')} />
      </AuthCard>
    );
  if (state.status === 'error')
    return (
      <AuthCard audience="enterprise" title={t('auth.reset.invalidTitle')}>
        <FormAlert message={state.message} />
        <p className="auth__muted">{t('auth.verify.askAgain')}</p>
        <Link className="btn btn--primary btn--lg btn--block" to={paths.activationRequired}>
          {t('auth.verify.goActivation')}
        </Link>
      </AuthCard>
    );
  return (
    <AuthCard
      audience="enterprise"
      title={t('auth.verify.title')}
      description={t('auth.verify.confirmed', { email: state.data.email })}
    >
      <Link className="btn btn--primary btn--lg btn--block" to={paths.enterprise.dashboard}>
        {t('auth.verify.continue')}
      </Link>
    </AuthCard>
  );
};
