import { type FormEvent, useState } from 'react';
import { Link } from 'react-router-dom';
import { audienceConfig } from '../../config/audience.ts';
import { api } from '../../lib/api.ts';
import type { Audience } from '../../lib/session.ts';
import { Button } from '../../ui/button.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { apiErrorField, apiErrorText } from './api-error-text.ts';
import { AuthCard, FormAlert } from './auth-card.tsx';

export const ForgotPasswordPage = ({ audience }: { audience: Audience }) => {
  const { calls, paths } = audienceConfig[audience];
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    if (!email.trim()) {
      setFieldError('Please enter your email');
      return;
    }
    setFieldError(undefined);
    setSubmitting(true);
    try {
      await api.call(calls.forgotPassword, { email });
      setSentTo(email.trim());
    } catch (error) {
      if (apiErrorField(error) === 'email') setFieldError(apiErrorText(error));
      else setFormError(apiErrorText(error));
    } finally {
      setSubmitting(false);
    }
  };

  const back = (
    <Link className="auth__link" to={paths.login.build()}>
      ← Back to sign in
    </Link>
  );

  if (sentTo) {
    return (
      <AuthCard audience={audience} title="Check your email" footer={back}>
        <FormAlert
          tone="success"
          message={`If an account exists for ${sentTo}, we have sent a link to reset the password. The link is valid for a limited time.`}
        />
        <p className="auth__muted">Didn't get it? Check your spam folder or try again in a few minutes.</p>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      audience={audience}
      title="Forgot your password?"
      description="Enter the email you sign in with and we will send you a link to choose a new password."
      footer={back}
    >
      <form className="auth__form" onSubmit={submit} noValidate>
        <FormAlert message={formError} />
        <TextField
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={fieldError}
          required
        />
        <Button type="submit" size="lg" block loading={submitting}>
          Send reset link
        </Button>
      </form>
    </AuthCard>
  );
};
