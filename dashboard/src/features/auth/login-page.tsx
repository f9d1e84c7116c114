import { useAtom, useSetAtom } from 'jotai';
import { type FormEvent, useState } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { audienceConfig } from '../../config/audience.ts';
import { paths as appPaths, safeRedirect } from '../../config/paths.ts';
import { api } from '../../lib/api.ts';
import { type Audience, loggedOutOnPurposeAtom, sessionAtoms } from '../../lib/session.ts';
import { Button } from '../../ui/button.tsx';
import { PasswordField, TextField } from '../../ui/text-field.tsx';
import { apiErrorField, apiErrorText } from './api-error-text.ts';
import { AuthCard, FormAlert } from './auth-card.tsx';

export const LoginPage = ({ audience }: { audience: Audience }) => {
  const { calls, paths, subtitle } = audienceConfig[audience];
  const [session, setSession] = useAtom(sessionAtoms[audience]);
  const setLoggedOutOnPurpose = useSetAtom(loggedOutOnPurposeAtom);
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const redirect = searchParams.get('redirect');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ email?: string; password?: string; form?: string }>({});
  const [submitting, setSubmitting] = useState(false);

  if (session?.mfaDone) return <Navigate to={safeRedirect(redirect, paths.dashboard)} replace />;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const next: typeof errors = {};
    if (!email.trim()) next.email = 'Please enter your email';
    if (!password) next.password = 'Please enter your password';
    setErrors(next);
    if (next.email || next.password) return;
    setSubmitting(true);
    try {
      const { accesstoken } = await api.call(calls.login, { email, password });
      setLoggedOutOnPurpose(false);
      setSession({ token: accesstoken, mfaDone: false, refreshDone: false });
      navigate(paths.authCheck.build(redirect), { replace: true });
    } catch (error) {
      const field = apiErrorField(error);
      const message = apiErrorText(error);
      setErrors(field === 'email' || field === 'password' ? { [field]: message } : { form: message });
      setSubmitting(false);
    }
  };

  return (
    <AuthCard audience={audience} title="Sign in" description={subtitle}>
      <form className="auth__form" onSubmit={submit} noValidate>
        <FormAlert message={errors.form ?? null} />
        <TextField
          label="Email"
          type="email"
          name="email"
          autoComplete="username"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={errors.email}
          required
        />
        <PasswordField
          label="Password"
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={errors.password}
          required
        />
        <div className="auth__row">
          <Link className="auth__link" to={paths.forgotPassword}>
            Forgot password?
          </Link>
        </div>
        <Button type="submit" size="lg" block loading={submitting}>
          Sign in
        </Button>
      </form>
      {audience === 'enterprise' ? (
        <p className="auth__muted auth__signup">
          New to Coach?{' '}
          <Link className="auth__link" to={appPaths.register}>
            Create a company account
          </Link>
        </p>
      ) : null}
    </AuthCard>
  );
};
