import { enterpriseGeneral } from '@coach/shared/contract/general';
import { useAtom } from 'jotai';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router-dom';
import { api } from '../../lib/api.ts';
import { useAccess } from '../../lib/can.tsx';
import { notify } from '../../lib/notify.ts';
import { refusalPath } from '../../lib/refusal.ts';
import { enterpriseUserAtom } from '../../lib/session.ts';
import { uploadFile } from '../../lib/upload.ts';
import { useContractForm } from '../../lib/use-contract-form.ts';
import { Button } from '../../ui/button.tsx';
import { ImageUpload } from '../../ui/image-upload.tsx';
import { Card, PageHeader } from '../../ui/layout.tsx';
import { LoadingBlock } from '../../ui/spinner.tsx';
import { FormAlert } from '../../ui/states.tsx';
import { TextAreaField, TextField } from '../../ui/text-field.tsx';
import './company-info.css';

const FIELDS = ['company_name', 'address'] as const;

/** /enterprise/company-info (role named admin, company-info feature on): name, address and logo. */
export const CompanyInfoPage = () => {
  const { t } = useTranslation('company-info');
  const [user, setUser] = useAtom(enterpriseUserAtom);
  const [name, setName] = useState(user?.enterpriseId.company_name ?? '');
  const [address, setAddress] = useState(user?.enterpriseId.address ?? '');
  const { errors, setErrors, saving, send, field } = useContractForm(
    FIELDS,
    enterpriseGeneral.updateCompanyInfo,
  );
  // The page opens for whoever the server lets save it (its one call: role named admin, company-info feature on).
  // A refusal names its reason: the feature switched off for the enterprise, or the role.
  const access = useAccess(enterpriseGeneral.updateCompanyInfo);

  if (!user || access === null) return <LoadingBlock label={t('loading')} />;
  if (!access.allowed) return <Navigate to={refusalPath(access)} replace />;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      setErrors({ company_name: t('form.nameRequired') });
      return;
    }
    const updated = await send(
      enterpriseGeneral.updateCompanyInfo,
      { company_name: name, address: address.trim() || null },
      { toast: t('updated') },
    );
    if (updated) setUser(updated);
  };

  return (
    <div className="company-info">
      <PageHeader title={t('title')} description={t('description')} />
      <Card>
        <form className="company-info__form" onSubmit={submit} noValidate>
          <FormAlert message={errors.form} />
          <ImageUpload
            label={t('form.logo')}
            purpose="logo"
            value={user.enterpriseId.enterprise_logo}
            placeholder={<span className="company-info__no-logo">{t('form.noLogo')}</span>}
            upload={(file) => uploadFile('enterprise', 'logo', file)}
            onChange={async (url) => {
              const updated = await api.call(enterpriseGeneral.updateCompanyInfo, {
                company_name: user.enterpriseId.company_name,
                enterprise_logo: url,
              });
              setUser(updated);
              notify.success(url ? t('logoUpdated') : t('logoRemoved'));
            }}
          />
          <TextField
            label={t('form.name')}
            value={name}
            onChange={(event) => setName(event.target.value)}
            {...field('company_name')}
          />
          <TextAreaField
            label={t('form.address')}
            value={address}
            rows={3}
            onChange={(event) => setAddress(event.target.value)}
            {...field('address')}
          />
          <div className="company-info__actions">
            <Button type="submit" loading={saving}>
              {t('form.save')}
            </Button>
          </div>
        </form>
      </Card>
    </div>
  );
};
