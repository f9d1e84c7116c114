import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { audienceConfig } from '../../config/audience.ts';
import { api } from '../../lib/api.ts';
import { apiErrorField, apiErrorText } from '../../lib/api-error-text.ts';
import type { Audience } from '../../lib/session.ts';
import { Button } from '../../ui/button.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { AuthCard, FormAlert } from './auth-card.tsx';

export const ForgotPasswordPage = ({ audience }: { audience: Audience }) => {
  const { t } = useTranslation('common');
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
      setFieldError(t('auth.login.emailRequired'));
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
    <Link className="auth__link back-arrow" to={paths.login.build()}>
      {t('auth.forgot.back')}
    </Link>
  );

  if (sentTo) {
    return (
      <AuthCard audience={audience} title={t('auth.forgot.checkTitle')} footer={back}>
        <FormAlert tone="success" message={t('auth.forgot.sent', { email: sentTo })} />
        <p className="auth__muted">{t('auth.forgot.spam')}</p>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      audience={audience}
      title={t('auth.forgot.title')}
      description={t('auth.forgot.description')}
      footer={back}
    >
      <form className="auth__form" onSubmit={submit} noValidate>
        <FormAlert message={formError} />
        <TextField
          label={t('auth.forgot.email')}
          type="email"
          name="email"
          autoComplete="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={fieldError}
          required
        />
        <Button type="submit" size="lg" block loading={submitting}>
          {t('auth.forgot.send')}
        </Button>
      </form>
    </AuthCard>
  );
};
