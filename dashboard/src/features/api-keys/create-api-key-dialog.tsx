import { type ApiKeyAccess, apiKeys } from '@coach/shared/contract/api-keys';
import type { EnterpriseUser } from '@coach/shared/contract/auth';
import type { ResponseOf } from '@coach/shared/contract/define-call';
import { hasPermission, PERMISSION_KEYS, type PermissionKey } from '@coach/shared/permissions';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type FormErrors, useContractForm } from '../../lib/use-contract-form.ts';
import { FormDialog } from '../../ui/form-dialog.tsx';
import { PermissionCheckboxes } from '../../ui/permission-checkboxes.tsx';
import { TextField } from '../../ui/text-field.tsx';

type Created = ResponseOf<typeof apiKeys.create>;
const FIELDS = ['name', 'permissions'] as const;

/** Only the keys the admin holds are offered (the server refuses any other with 403). */
const heldKeys = (user: EnterpriseUser): PermissionKey[] =>
  PERMISSION_KEYS.filter((key) =>
    hasPermission({ permissions: user.roleId.permissions, isDefaultAdmin: user.isDefaultAdmin, key }),
  );

/** Create an API key: its name, the permission keys it holds, and whether it may only read. */
export const CreateApiKeyDialog = ({
  user,
  onClose,
  onCreated,
}: {
  user: EnterpriseUser;
  onClose: () => void;
  onCreated: (created: Created) => void;
}) => {
  const { t } = useTranslation('api-keys');
  const offered = heldKeys(user);
  const [name, setName] = useState('');
  const [keys, setKeys] = useState<PermissionKey[]>([]);
  const [access, setAccess] = useState<ApiKeyAccess>('read');
  const { errors, setErrors, saving, send, field } = useContractForm(FIELDS, apiKeys.create);

  const submit = async () => {
    const found: FormErrors<(typeof FIELDS)[number]> = {};
    if (!name.trim()) found.name = t('form.nameRequired');
    if (keys.length === 0) found.permissions = t('form.permissionsRequired');
    // The missing fields alone are named, in this form's own words.
    if (found.name || found.permissions) return setErrors(found);
    const created = await send(apiKeys.create, { name, permissions: keys, access }, { toast: false });
    if (created) onCreated(created);
  };

  return (
    <FormDialog
      title={t('form.title')}
      description={t('form.description')}
      className="api-key-form"
      formError={errors.form}
      submitLabel={t('form.submit')}
      saving={saving}
      onSubmit={() => void submit()}
      onClose={onClose}
    >
      <TextField
        label={t('form.name')}
        hint={t('form.nameHint')}
        value={name}
        onChange={(event) => {
          setName(event.target.value);
          setErrors(({ name: _gone, ...rest }) => rest);
        }}
        {...field('name')}
        autoFocus
      />
      <PermissionCheckboxes
        legend={t('form.permissions')}
        offered={offered}
        chosen={keys}
        onChange={(next) => {
          setKeys(next);
          setErrors(({ permissions: _gone, ...rest }) => rest);
        }}
        labelOf={(key) => t(`permissions.${key}`)}
        note={t('form.permissionsNote')}
        error={errors.permissions}
      />
      <fieldset className="api-key-form__group">
        <legend>{t('form.access')}</legend>
        {(['read', 'read-write'] as const).map((value) => (
          <label key={value} className="api-key-form__choice">
            <input
              type="radio"
              name="api-key-access"
              value={value}
              checked={access === value}
              onChange={() => setAccess(value)}
            />
            <span className="checkbox__text">
              <span>{t(`access.${value}`)}</span>
              <span className="checkbox__hint">{t(`form.accessHint.${value}`)}</span>
            </span>
          </label>
        ))}
      </fieldset>
    </FormDialog>
  );
};
