import { ApiError, GENERIC_ERROR_MESSAGE } from '@coach/shared/client';
import { adminEnterprises } from '@coach/shared/contract/admin-enterprises';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverText } from '../../i18n/server-text.ts';
import { api } from '../../lib/api.ts';
import { notify } from '../../lib/notify.ts';
import { Button } from '../../ui/button.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { FormAlert } from '../../ui/states.tsx';
import { TextField } from '../../ui/text-field.tsx';

type Field = 'company_name' | 'name' | 'email';
type Errors = Partial<Record<Field | 'form', string>>;
const FIELDS: Field[] = ['company_name', 'name', 'email'];

/** A new enterprise and its default admin, who is emailed an invitation to choose a password. */
export const AddEnterpriseDialog = ({
  onClose,
  onSaved,
}: {
  onClose: () => void;
  onSaved: (enterpriseId: string) => void;
}) => {
  const { t } = useTranslation('admin-enterprises');
  const [values, setValues] = useState<Record<Field, string>>({ company_name: '', name: '', email: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [saving, setSaving] = useState(false);
  const set = (field: Field) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const missing: Errors = {};
    if (!values.company_name.trim()) missing.company_name = t('add.companyNameRequired');
    if (!values.name.trim()) missing.name = t('add.adminNameRequired');
    if (!values.email.trim()) missing.email = t('add.adminEmailRequired');
    if (Object.keys(missing).length) {
      setErrors(missing);
      return;
    }
    setSaving(true);
    setErrors({});
    try {
      const created = await api.call(adminEnterprises.add, {
        company_name: values.company_name.trim(),
        name: values.name.trim(),
        email: values.email.trim(),
      });
      notify.success(t('add.created', { email: created.defaultAdmin?.email ?? values.email }));
      onSaved(created._id);
    } catch (error) {
      const field = error instanceof ApiError ? (error.field as Field | undefined) : undefined;
      if (error instanceof ApiError && field && FIELDS.includes(field))
        setErrors({ [field]: serverText(error.message.replace(/^[\w.]+: /, '')) });
      else setErrors({ form: serverText(error instanceof ApiError ? error.message : GENERIC_ERROR_MESSAGE) });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={t('add.title')}
      description={t('add.description')}
    >
      <form className="enterprise-form" onSubmit={submit} noValidate>
        <FormAlert message={errors.form} />
        <TextField
          label={t('add.companyName')}
          value={values.company_name}
          maxLength={200}
          onChange={set('company_name')}
          error={errors.company_name}
          autoFocus
        />
        <TextField
          label={t('add.adminName')}
          value={values.name}
          maxLength={100}
          autoComplete="off"
          onChange={set('name')}
          error={errors.name}
        />
        <TextField
          label={t('add.adminEmail')}
          type="email"
          value={values.email}
          maxLength={254}
          autoComplete="off"
          onChange={set('email')}
          error={errors.email}
        />
        <div className="dialog__footer">
          <Button variant="secondary" onClick={onClose}>
            {t('common:ui.cancel')}
          </Button>
          <Button type="submit" loading={saving}>
            {t('add.create')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
};
