import { enterpriseAuth } from '@coach/shared/contract/auth';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { paths } from '../../config/paths.ts';
import { apiErrorText, withoutField } from '../../lib/api-error-text.ts';
import { useContractForm } from '../../lib/use-contract-form.ts';
import { Button } from '../../ui/button.tsx';
import { PasswordField, TextField } from '../../ui/text-field.tsx';
import { AuthCard, FormAlert } from './auth-card.tsx';

const FIELDS = ['company_name', 'name', 'email', 'password', 'confirm'] as const;
type Field = (typeof FIELDS)[number];

/** A failure above the form: the server's words (or the throttle wait) without a field's name. */
const formErrorText = (error: unknown) => withoutField(apiErrorText(error));

/** /register: a company account and its default admin; the email is verified before anything else. */
export const RegisterPage = () => {
  const { t } = useTranslation('common');
  const navigate = useNavigate();
  const [values, setValues] = useState({ company_name: '', name: '', email: '', password: '', confirm: '' });
  const { errors, saving: submitting, send } = useContractForm(FIELDS, enterpriseAuth.register);
  const set = (field: Field) => (event: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [field]: event.target.value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const { confirm, ...body } = values;
    const done = await send(enterpriseAuth.register, body, {
      errors: confirm === values.password ? {} : { confirm: t('auth.reset.mismatch') },
      toast: t('auth.register.done'),
      errorText: formErrorText,
    });
    if (done) navigate(paths.enterprise.login.build(), { replace: true });
  };

  return (
    <AuthCard
      audience="enterprise"
      tagline={t('brand.forOrganisations')}
      title={t('auth.register.title')}
      description={t('auth.register.description')}
      footer={
        <span className="auth__muted">
          {t('auth.register.haveAccount')}{' '}
          <Link className="auth__link" to={paths.enterprise.login.build()}>
            {t('auth.register.signIn')}
          </Link>
        </span>
      }
    >
      <form className="auth__form" onSubmit={submit} noValidate>
        <FormAlert message={errors.form ?? null} />
        <TextField
          label={t('auth.register.company')}
          autoComplete="organization"
          value={values.company_name}
          onChange={set('company_name')}
          error={errors.company_name}
        />
        <TextField
          label={t('auth.register.name')}
          autoComplete="name"
          value={values.name}
          onChange={set('name')}
          error={errors.name}
        />
        <TextField
          label={t('auth.register.email')}
          type="email"
          autoComplete="email"
          value={values.email}
          onChange={set('email')}
          error={errors.email}
        />
        <PasswordField
          label={t('auth.register.password')}
          autoComplete="new-password"
          value={values.password}
          onChange={set('password')}
          error={errors.password}
          hint={t('auth.register.passwordHint')}
        />
        <PasswordField
          label={t('auth.register.confirm')}
          autoComplete="new-password"
          value={values.confirm}
          onChange={set('confirm')}
          error={errors.confirm}
        />
        <Button type="submit" size="lg" block loading={submitting}>
          {t('auth.register.submit')}
        </Button>
      </form>
    </AuthCard>
  );
};
