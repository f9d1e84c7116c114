import { ApiError, GENERIC_ERROR_MESSAGE } from '@coach/shared/client';
import { enterpriseGeneral } from '@coach/shared/contract/general';
import { isAdminRoleName } from '@coach/shared/permissions';
import { useAtom } from 'jotai';
import { type FormEvent, useState } from 'react';
import { Navigate } from 'react-router-dom';
import { paths } from '../../config/paths.ts';
import { api } from '../../lib/api.ts';
import { notify } from '../../lib/notify.ts';
import { enterpriseUserAtom } from '../../lib/session.ts';
import { uploadFile } from '../../lib/upload.ts';
import { Button } from '../../ui/button.tsx';
import { ImageUpload } from '../../ui/image-upload.tsx';
import { Card, PageHeader } from '../../ui/layout.tsx';
import { LoadingBlock } from '../../ui/spinner.tsx';
import { FormAlert } from '../../ui/states.tsx';
import { TextAreaField, TextField } from '../../ui/text-field.tsx';
import './company-info.css';

/** /enterprise/company-info (role named admin, company-info feature on): name, address and logo. */
export const CompanyInfoPage = () => {
  const [user, setUser] = useAtom(enterpriseUserAtom);
  const [name, setName] = useState(user?.enterpriseId.company_name ?? '');
  const [address, setAddress] = useState(user?.enterpriseId.address ?? '');
  const [errors, setErrors] = useState<{ name?: string; form?: string }>({});
  const [saving, setSaving] = useState(false);

  if (!user) return <LoadingBlock label="Loading company information" />;
  const allowed =
    (user.isDefaultAdmin || isAdminRoleName(user.roleId.name)) && user.enterpriseId.enableCompanyInfoFeature;
  if (!allowed) return <Navigate to={paths.enterprise.unauthorized} replace />;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      setErrors({ name: 'Please enter the company name' });
      return;
    }
    setSaving(true);
    setErrors({});
    try {
      const updated = await api.call(enterpriseGeneral.updateCompanyInfo, {
        company_name: name.trim(),
        address: address.trim() || null,
      });
      setUser(updated);
      notify.success('Company information updated successfully');
    } catch (error) {
      setErrors({ form: error instanceof ApiError ? error.message : GENERIC_ERROR_MESSAGE });
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className="company-info">
      <PageHeader title="Company Info" description="How your organisation appears to members." />
      <Card>
        <form className="company-info__form" onSubmit={submit} noValidate>
          <FormAlert message={errors.form} />
          <ImageUpload
            label="Logo"
            purpose="logo"
            value={user.enterpriseId.enterprise_logo}
            placeholder={<span className="company-info__no-logo">No logo</span>}
            upload={(file) => uploadFile('enterprise', 'logo', file)}
            onChange={async (url) => {
              const updated = await api.call(enterpriseGeneral.updateCompanyInfo, {
                company_name: user.enterpriseId.company_name,
                enterprise_logo: url,
              });
              setUser(updated);
              notify.success(url ? 'Logo updated' : 'Logo removed');
            }}
          />
          <TextField
            label="Company name"
            value={name}
            maxLength={200}
            onChange={(event) => setName(event.target.value)}
            error={errors.name}
          />
          <TextAreaField
            label="Address"
            value={address}
            maxLength={500}
            rows={3}
            onChange={(event) => setAddress(event.target.value)}
          />
          <div className="company-info__actions">
            <Button type="submit" loading={saving}>
              Save
            </Button>
          </div>
        </form>
      </Card>
    </div>
  );
};
