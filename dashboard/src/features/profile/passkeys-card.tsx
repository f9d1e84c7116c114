import { adminPasskeys, enterprisePasskeys, type Passkey } from '@coach/shared/contract/passkeys';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api.ts';
import { formatDate } from '../../lib/dates.ts';
import { notify } from '../../lib/notify.ts';
import { createPasskey, passkeyProblem } from '../../lib/passkey.ts';
import type { Audience } from '../../lib/session.ts';
import { useCall } from '../../lib/use-call.ts';
import { Button } from '../../ui/button.tsx';
import { FormDialog } from '../../ui/form-dialog.tsx';
import { Card } from '../../ui/layout.tsx';
import { LoadStates } from '../../ui/load-states.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { fieldOrForm, PasswordConfirmDialog } from './password-confirm-dialog.tsx';

const callsOf = (audience: Audience) => (audience === 'enterprise' ? enterprisePasskeys : adminPasskeys);
/** The contract's bound on a passkey's name. */
const NAME_MAX = 60;

type Errors = { field?: string; form?: string; calm?: boolean };

/**
 * The account's passkeys. Each is listed with its name, when it was added and last used, and
 * whether it is synced between the owner's devices; adding one asks for a name and then the browser's own prompt
 * (fingerprint, face, screen lock or security key); renaming asks for the name; removing asks for the password.
 */
export const PasskeysCard = ({ audience }: { audience: Audience }) => {
  const { t } = useTranslation('profile');
  const { state, reload } = useCall(callsOf(audience).passkeys, {});
  const [adding, setAdding] = useState(false);
  const [renaming, setRenaming] = useState<Passkey | null>(null);
  const [removing, setRemoving] = useState<Passkey | null>(null);

  return (
    <Card title={t('passkeys.title')} aria-label={t('passkeys.title')} className="profile__passkeys">
      <LoadStates state={state} reload={reload} what={t('passkeys.what')}>
        {({ passkeys }) => (
          <>
            <div className="factor">
              <p className="factor__text">{t('passkeys.intro')}</p>
              <Button onClick={() => setAdding(true)}>{t('passkeys.add')}</Button>
            </div>
            {passkeys.length === 0 ? (
              <p className="profile__muted passkeys__none">{t('passkeys.none')}</p>
            ) : (
              <ul className="sessions passkeys" aria-label={t('passkeys.list')}>
                {passkeys.map((passkey) => (
                  <li key={passkey._id} className="sessions__item">
                    <div className="sessions__what">
                      <span className="sessions__device">
                        <bdi>{passkey.name}</bdi>
                        {passkey.deviceType === 'multiDevice' ? (
                          <span className="sessions__badge">{t('passkeys.synced')}</span>
                        ) : null}
                      </span>
                      <span className="sessions__meta">
                        {t('passkeys.added', { date: formatDate(passkey.createdAt) })} ·{' '}
                        {passkey.lastUsedAt
                          ? t('passkeys.lastUsed', { date: formatDate(passkey.lastUsedAt) })
                          : t('passkeys.neverUsed')}
                      </span>
                    </div>
                    <div className="passkeys__actions">
                      <Button
                        variant="secondary"
                        size="sm"
                        onClick={() => setRenaming(passkey)}
                        aria-label={t('passkeys.renameLabel', { name: passkey.name })}
                      >
                        {t('passkeys.rename')}
                      </Button>
                      <Button
                        variant="danger"
                        size="sm"
                        onClick={() => setRemoving(passkey)}
                        aria-label={t('passkeys.removeLabel', { name: passkey.name })}
                      >
                        {t('passkeys.remove')}
                      </Button>
                    </div>
                  </li>
                ))}
              </ul>
            )}
          </>
        )}
      </LoadStates>
      {adding ? (
        <AddDialog
          audience={audience}
          onClose={() => setAdding(false)}
          onAdded={() => {
            setAdding(false);
            notify.success(t('passkeys.addedToast'));
            reload();
          }}
        />
      ) : null}
      {renaming ? (
        <RenameDialog
          audience={audience}
          passkey={renaming}
          onClose={() => setRenaming(null)}
          onRenamed={() => {
            setRenaming(null);
            notify.success(t('passkeys.renamedToast'));
            reload();
          }}
        />
      ) : null}
      {removing ? (
        <PasswordConfirmDialog
          title={t('passkeys.removeTitle', { name: removing.name })}
          description={t('passkeys.removeText')}
          submitLabel={t('passkeys.removeConfirm')}
          passwordLabel={t('passkeys.password')}
          emptyMessage={t('passkeys.enterPassword')}
          onConfirm={async (password) => {
            await api.call(callsOf(audience).remove, { passkeyId: removing._id, password });
            setRemoving(null);
            notify.success(t('passkeys.removedToast'));
            reload();
          }}
          onClose={() => setRemoving(null)}
        />
      ) : null}
    </Card>
  );
};

/** The name field both dialogs share: 1-60 characters, checked here before the server checks it again. */
const NameField = ({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
}) => {
  const { t } = useTranslation('profile');
  return (
    <TextField
      label={t('passkeys.name')}
      hint={t('passkeys.nameHint')}
      name="passkey-name"
      autoComplete="off"
      maxLength={NAME_MAX}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={error}
      autoFocus
    />
  );
};

const AddDialog = ({
  audience,
  onClose,
  onAdded,
}: {
  audience: Audience;
  onClose: () => void;
  onAdded: () => void;
}) => {
  const { t } = useTranslation('profile');
  const [name, setName] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [saving, setSaving] = useState(false);

  const submit = async () => {
    if (!name.trim()) {
      setErrors({ field: t('passkeys.enterName') });
      return;
    }
    setErrors({});
    setSaving(true);
    const calls = callsOf(audience);
    try {
      const { options } = await api.call(calls.registerOptions, {});
      const credential = await createPasskey(options);
      await api.call(calls.registerVerify, { name: name.trim(), credential });
      onAdded();
    } catch (failure) {
      const problem = passkeyProblem(failure);
      setErrors(
        problem
          ? { form: t(`common:${problem}`), calm: problem === 'passkey.cancelled' }
          : fieldOrForm(failure, 'name'),
      );
      setSaving(false);
    }
  };

  return (
    <FormDialog
      title={t('passkeys.addTitle')}
      description={t('passkeys.addText')}
      formError={errors.form}
      formTone={errors.calm ? 'info' : 'error'}
      submitLabel={t('passkeys.continue')}
      saving={saving}
      onSubmit={() => void submit()}
      onClose={onClose}
    >
      <NameField value={name} onChange={setName} error={errors.field} />
    </FormDialog>
  );
};

const RenameDialog = ({
  audience,
  passkey,
  onClose,
  onRenamed,
}: {
  audience: Audience;
  passkey: Passkey;
  onClose: () => void;
  onRenamed: () => void;
}) => {
  const { t } = useTranslation('profile');
  const [name, setName] = useState(passkey.name);
  const [errors, setErrors] = useState<Errors>({});
  const [saving, setSaving] = useState(false);

  const submit = async () => {
    if (!name.trim()) {
      setErrors({ field: t('passkeys.enterName') });
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      await api.call(callsOf(audience).rename, { passkeyId: passkey._id, name: name.trim() });
      onRenamed();
    } catch (failure) {
      setErrors(fieldOrForm(failure, 'name'));
      setSaving(false);
    }
  };

  return (
    <FormDialog
      title={t('passkeys.renameTitle')}
      formError={errors.form}
      submitLabel={t('passkeys.save')}
      saving={saving}
      onSubmit={() => void submit()}
      onClose={onClose}
    >
      <NameField value={name} onChange={setName} error={errors.field} />
    </FormDialog>
  );
};
