import { newPasswordField } from '@coach/shared/contract/auth';
import { type FormEvent, useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { audienceConfig } from '../../config/audience.ts';
import { api } from '../../lib/api.ts';
import { notify } from '../../lib/notify.ts';
import type { Audience } from '../../lib/session.ts';
import { Button } from '../../ui/button.tsx';
import { LoadingBlock } from '../../ui/spinner.tsx';
import { PasswordField } from '../../ui/text-field.tsx';
import { apiErrorText } from './api-error-text.ts';
import { AuthCard, FormAlert } from './auth-card.tsx';

type TokenState =
  | { status: 'checking' }
  | { status: 'invalid'; message: string }
  | { status: 'valid'; email: string; purpose: 'reset' | 'invite' };

export const ResetPasswordPage = ({ audience }: { audience: Audience }) => {
  const { calls, paths } = audienceConfig[audience];
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const [tokenState, setTokenState] = useState<TokenState>({ status: 'checking' });
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<{ password?: string; confirm?: string; form?: string }>({});
  const [submitting, setSubmitting] = useState(false);

  useEffect(() => {
    let active = true;
    api
      .call(calls.checkResetToken, { token })
      .then(({ email, purpose }) => active && setTokenState({ status: 'valid', email, purpose }))
      .catch(
        (error: unknown) => active && setTokenState({ status: 'invalid', message: apiErrorText(error) }),
      );
    return () => {
      active = false;
    };
  }, [calls, token]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const next: typeof errors = {};
    const parsed = newPasswordField.safeParse(password);
    if (!parsed.success) next.password = parsed.error.issues[0]?.message ?? 'Please choose a longer password';
    if (confirm !== password) next.confirm = 'Passwords do not match';
    setErrors(next);
    if (next.password || next.confirm) return;
    setSubmitting(true);
    try {
      await api.call(calls.resetPassword, { token, password });
      notify.success(
        tokenState.status === 'valid' && tokenState.purpose === 'invite'
          ? 'Your password is set. Please sign in.'
          : 'Your password has been reset. Please sign in.',
      );
      navigate(paths.login.build(), { replace: true });
    } catch (error) {
      setErrors({ form: apiErrorText(error) });
      setSubmitting(false);
    }
  };

  const back = (
    <Link className="auth__link" to={paths.login.build()}>
      ← Back to sign in
    </Link>
  );

  if (tokenState.status === 'checking') {
    return (
      <AuthCard audience={audience} title="Reset your password">
        <LoadingBlock label="Checking your reset link" />
      </AuthCard>
    );
  }
  if (tokenState.status === 'invalid') {
    return (
      <AuthCard audience={audience} title="This link no longer works" footer={back}>
        <FormAlert message={tokenState.message} />
        <p className="auth__muted">Reset links expire after a while and work only once. Ask for a new one.</p>
        <Link className="btn btn--primary btn--lg btn--block" to={paths.forgotPassword}>
          Request a new link
        </Link>
      </AuthCard>
    );
  }
  const invited = tokenState.purpose === 'invite';
  return (
    <AuthCard
      audience={audience}
      title={invited ? 'Welcome! Choose your password' : 'Choose a new password'}
      description={`For ${tokenState.email}. Use at least 10 characters.`}
      footer={back}
    >
      <form className="auth__form" onSubmit={submit} noValidate>
        <FormAlert message={errors.form ?? null} />
        <PasswordField
          label={invited ? 'Password' : 'New password'}
          autoComplete="new-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={errors.password}
          required
        />
        <PasswordField
          label={invited ? 'Confirm password' : 'Confirm new password'}
          autoComplete="new-password"
          value={confirm}
          onChange={(event) => setConfirm(event.target.value)}
          error={errors.confirm}
          required
        />
        <Button type="submit" size="lg" block loading={submitting}>
          {invited ? 'Set password' : 'Save new password'}
        </Button>
      </form>
    </AuthCard>
  );
};
