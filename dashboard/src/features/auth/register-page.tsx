import { enterpriseAuth, registerRequest } from '@coach/shared/contract/auth';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { paths } from '../../config/paths.ts';
import { api } from '../../lib/api.ts';
import { apiErrorField, apiErrorText } from '../../lib/api-error-text.ts';
import { notify } from '../../lib/notify.ts';
import { Button } from '../../ui/button.tsx';
import { PasswordField, TextField } from '../../ui/text-field.tsx';
import { AuthCard, FormAlert } from './auth-card.tsx';

type Field = 'company_name' | 'name' | 'email' | 'password' | 'confirm';
type Errors = Partial<Record<Field | 'form', string>>;

/** /register: a company account and its default admin; the email is verified before anything else. */
export const RegisterPage = () => {
  const { t } = useTranslation('common');
  const navigate = useNavigate();
  const [values, setValues] = useState({ company_name: '', name: '', email: '', password: '', confirm: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [submitting, setSubmitting] = useState(false);
  const set = (field: Field) => (event: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [field]: event.target.value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const { confirm, ...body } = values;
    const parsed = registerRequest.safeParse(body);
    const next: Errors = {};
    if (!parsed.success)
      for (const issue of parsed.error.issues) next[String(issue.path[0]) as Field] ??= issue.message;
    if (confirm !== values.password) next.confirm = t('auth.reset.mismatch');
    setErrors(next);
    if (!parsed.success || next.confirm) return;
    setSubmitting(true);
    try {
      await api.call(enterpriseAuth.register, parsed.data);
      notify.success(t('auth.register.done'));
      navigate(paths.enterprise.login.build(), { replace: true });
    } catch (error) {
      const field = apiErrorField(error);
      const text = apiErrorText(error).replace(/^\w+: /, '');
      setErrors(field && field in values ? { [field]: text } : { form: text });
      setSubmitting(false);
    }
  };

  return (
    <AuthCard
      audience="enterprise"
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
