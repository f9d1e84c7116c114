import type { EnterpriseUser } from '@coach/shared/contract/auth';
import { settingsCalls } from '@coach/shared/contract/settings';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useContractForm } from '../../lib/use-contract-form.ts';
import { Button } from '../../ui/button.tsx';
import { Card } from '../../ui/layout.tsx';
import { FormAlert } from '../../ui/states.tsx';
import { TextField } from '../../ui/text-field.tsx';

const FIELDS = ['company_name'] as const;

/**
 * Settings' company name, as sign-up takes it: the only place a company whose company-info feature is off (the
 * default) can correct it. The answer is the caller, so the top bar shows the new name at once.
 */
export const CompanyNameCard = ({
  user,
  onSaved,
}: {
  user: EnterpriseUser;
  onSaved: (updated: EnterpriseUser) => void;
}) => {
  const { t } = useTranslation('settings');
  const saved = user.enterpriseId.company_name;
  const [name, setName] = useState(saved);
  const { errors, saving, send, field } = useContractForm(FIELDS, settingsCalls.renameCompany);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const updated = await send(
      settingsCalls.renameCompany,
      { company_name: name },
      { toast: t('company.updated') },
    );
    if (!updated) return;
    onSaved(updated);
    setName(updated.enterpriseId.company_name);
  };

  return (
    <Card title={t('company.title')} aria-label={t('company.title')} className="settings__company">
      <form className="settings__company-row" onSubmit={save} noValidate>
        <FormAlert message={errors.form ?? null} />
        <TextField
          label={t('company.label')}
          hint={t('company.hint')}
          autoComplete="organization"
          value={name}
          onChange={(event) => setName(event.target.value)}
          {...field('company_name')}
        />
        <Button type="submit" loading={saving} disabled={name.trim() === saved}>
          {t('company.save')}
        </Button>
      </form>
    </Card>
  );
};
