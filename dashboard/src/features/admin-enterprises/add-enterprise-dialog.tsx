import { adminEnterprises } from '@coach/shared/contract/admin-enterprises';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../lib/notify.ts';
import { type FormErrors, useContractForm } from '../../lib/use-contract-form.ts';
import { Button } from '../../ui/button.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { FormAlert } from '../../ui/states.tsx';
import { TextField } from '../../ui/text-field.tsx';

type Field = 'company_name' | 'name' | 'email';
const FIELDS: readonly Field[] = ['company_name', 'name', 'email'];

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
  const { errors, saving, send, field } = useContractForm(FIELDS, adminEnterprises.add);
  const set = (field: Field) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const missing: FormErrors<Field> = {};
    if (!values.company_name.trim()) missing.company_name = t('add.companyNameRequired');
    if (!values.name.trim()) missing.name = t('add.adminNameRequired');
    if (!values.email.trim()) missing.email = t('add.adminEmailRequired');
    // Checked here with the call's own schema (a bad email shows under its field, with any missing one, before
    // anything is sent); a missing field is named in this form's own words. The server checks the same again.
    const created = await send(adminEnterprises.add, values, { toast: false, errors: missing });
    if (!created) return;
    // Isolated, so a right-to-left sentence does not split the address at its hyphen.
    notify.success(t('add.created', { email: `\u2068${created.defaultAdmin?.email ?? values.email}\u2069` }));
    onSaved(created._id);
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
          onChange={set('company_name')}
          {...field('company_name')}
          autoFocus
        />
        <TextField
          label={t('add.adminName')}
          value={values.name}
          autoComplete="off"
          onChange={set('name')}
          {...field('name')}
        />
        <TextField
          label={t('add.adminEmail')}
          type="email"
          value={values.email}
          autoComplete="off"
          onChange={set('email')}
          {...field('email')}
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
