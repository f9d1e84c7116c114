import { enterpriseAuth } from '@coach/shared/contract/auth';
import { Link, useParams } from 'react-router-dom';
import { paths } from '../../config/paths.ts';
import { api } from '../../lib/api.ts';
import { useLoad } from '../../lib/use-load.ts';
import { LoadingBlock } from '../../ui/spinner.tsx';
import { AuthCard, FormAlert } from './auth-card.tsx';

/** /verify-email/:token: the link of the verification email. */
export const VerifyEmailPage = () => {
  const { token = '' } = useParams();
  const { state } = useLoad(token, () => api.call(enterpriseAuth.verifyEmail, { token }));
  if (state.status === 'loading')
    return (
      <AuthCard audience="enterprise" title="Verifying your email">
        <LoadingBlock label="Checking your link" />
      </AuthCard>
    );
  if (state.status === 'error')
    return (
      <AuthCard audience="enterprise" title="This link no longer works">
        <FormAlert message={state.message} />
        <p className="auth__muted">Sign in and ask for a new link from the activation page.</p>
        <Link className="btn btn--primary btn--lg btn--block" to={paths.activationRequired}>
          Go to activation
        </Link>
      </AuthCard>
    );
  return (
    <AuthCard
      audience="enterprise"
      title="Your email is verified"
      description={`${state.data.email} is confirmed. Your account is active.`}
    >
      <Link className="btn btn--primary btn--lg btn--block" to={paths.enterprise.dashboard}>
        Continue to your dashboard
      </Link>
    </AuthCard>
  );
};
