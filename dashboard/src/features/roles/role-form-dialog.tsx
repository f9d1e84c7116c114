import { type Role, roles } from '@coach/shared/contract/roles';
import { PERMISSION_KEYS, type PermissionKey } from '@coach/shared/permissions';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useContractForm } from '../../lib/use-contract-form.ts';
import { Button } from '../../ui/button.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { PermissionCheckboxes } from '../../ui/permission-checkboxes.tsx';
import { FormAlert } from '../../ui/states.tsx';
import { TextField } from '../../ui/text-field.tsx';

const FIELDS = ['name', 'permissions'] as const;

/** Create (role null) or edit a role: its name and the nine permission keys of spec §6. */
export const RoleFormDialog = ({
  role,
  onClose,
  onSaved,
}: {
  role: Role | null;
  onClose: () => void;
  onSaved: () => void;
}) => {
  const { t } = useTranslation('roles');
  const [name, setName] = useState(role?.name ?? '');
  const [keys, setKeys] = useState<PermissionKey[]>(role?.permissions ?? ['dashboard']);
  const { errors, saving, send, limits } = useContractForm(FIELDS, roles.add);
  const locked = role?.isDefaultAdminRole ?? false;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body = { name, permissions: keys };
    const options = {
      errors: { name: name.trim() ? undefined : t('form.nameRequired') },
      toast: role ? t('form.updated') : t('form.created'),
    };
    const saved = role
      ? await send(roles.edit, { roleId: role._id, ...body }, options)
      : await send(roles.add, body, options);
    if (saved) onSaved();
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={role ? t('form.editTitle', { name: role.name }) : t('add')}
      description={t('form.description')}
    >
      <form className="role-form" onSubmit={submit} noValidate>
        <FormAlert message={errors.form} />
        <TextField
          label={t('form.name')}
          value={name}
          maxLength={limits.name?.maxLength}
          onChange={(event) => setName(event.target.value)}
          error={errors.name}
          autoFocus
        />
        <PermissionCheckboxes
          legend={t('form.sections')}
          offered={PERMISSION_KEYS}
          chosen={keys}
          onChange={setKeys}
          labelOf={(key) => t(`permissions.${key}`)}
          locked={locked}
          note={locked ? t('form.locked') : undefined}
          error={errors.permissions}
        />
        {/* The server reads no keys as no limits (spec §6), never as "dashboard only": said before saving. */}
        {!locked && keys.length === 0 ? <FormAlert tone="info" message={t('form.noLimits')} /> : null}
        <div className="dialog__footer">
          <Button variant="secondary" onClick={onClose}>
            {t('form.cancel')}
          </Button>
          {/* Saving a role with nothing ticked grants every section: the button says so, not just the note. */}
          <Button type="submit" loading={saving}>
            {!locked && keys.length === 0
              ? t(role ? 'form.saveNoLimits' : 'form.createNoLimits')
              : t(role ? 'form.save' : 'form.create')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
};
