import { adminPasskeys, enterprisePasskeys, type Passkey } from '@coach/shared/contract/passkeys';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorText } from '../../lib/api-error-text.ts';
import { formatDate } from '../../lib/dates.ts';
import { createPasskey, passkeyProblem } from '../../lib/passkey.ts';
import type { Audience } from '../../lib/session.ts';
import { useCall } from '../../lib/use-call.ts';
import { useContractForm } from '../../lib/use-contract-form.ts';
import { Button } from '../../ui/button.tsx';
import { FormDialog } from '../../ui/form-dialog.tsx';
import { Card } from '../../ui/layout.tsx';
import { LoadStates } from '../../ui/load-states.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { PasswordConfirmDialog } from './password-confirm-dialog.tsx';

const callsOf = (audience: Audience) => (audience === 'enterprise' ? enterprisePasskeys : adminPasskeys);
const NAME_FIELDS = ['name'] as const;

/**
 * The account's passkeys. Each is listed with its name, when it was added and last used, and
 * whether it is synced between the owner's devices; adding one asks for a name and then the browser's own prompt
 * (fingerprint, face, screen lock or security key); renaming asks for the name; removing asks for the password.
 */
export const PasskeysCard = ({ audience }: { audience: Audience }) => {
  const { t } = useTranslation('profile');
  const calls = callsOf(audience);
  const { state, reload } = useCall(calls.passkeys, {});
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
          call={calls.remove}
          input={(password) => ({ passkeyId: removing._id, password })}
          toast={t('passkeys.removedToast')}
          onDone={() => {
            setRemoving(null);
            reload();
          }}
          onClose={() => setRemoving(null)}
        />
      ) : null}
    </Card>
  );
};

/** The name field both dialogs share: its error and the contract's bound on its length come from the form. */
const NameField = ({
  value,
  onChange,
  error,
  maxLength,
}: {
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
  maxLength: number | undefined;
}) => {
  const { t } = useTranslation('profile');
  return (
    <TextField
      label={t('passkeys.name')}
      hint={t('passkeys.nameHint')}
      name="passkey-name"
      autoComplete="off"
      maxLength={maxLength}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={error}
      autoFocus
    />
  );
};

/** The form's own sentence for a name left empty (the schema words it otherwise). */
const nameErrors = (name: string, message: string) => (name.trim() ? {} : { name: message });

/**
 * Adding a passkey: the name is checked first, then the server's challenge, the browser's own prompt, and the
 * credential it made is sent with the name. Closing the prompt is said calmly, as a note rather than an error.
 */
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
  const calls = callsOf(audience);
  const [name, setName] = useState('');
  // The browser's prompt, between the two calls: the dialog stays busy while it is open.
  const [prompting, setPrompting] = useState(false);
  const { errors, setErrors, saving, send, field } = useContractForm(NAME_FIELDS, calls.registerVerify);

  const submit = async () => {
    const started = await send(
      calls.registerOptions,
      {},
      { errors: nameErrors(name, t('passkeys.enterName')), toast: false, errorText: apiErrorText },
    );
    if (!started) return;
    setPrompting(true);
    try {
      const credential = await createPasskey(started.options).catch((failure: unknown) => {
        setErrors({ form: t(`common:${passkeyProblem(failure) ?? 'passkey.failed'}`) });
        return null;
      });
      if (!credential) return;
      const added = await send(
        calls.registerVerify,
        { name, credential },
        // A credential the contract refuses is the browser's failure, said as the prompt's own are.
        { toast: t('passkeys.addedToast'), errorText: apiErrorText, invalidText: t('common:passkey.failed') },
      );
      if (added) onAdded();
    } finally {
      setPrompting(false);
    }
  };

  return (
    <FormDialog
      title={t('passkeys.addTitle')}
      description={t('passkeys.addText')}
      formError={errors.form}
      formTone={errors.form === t('common:passkey.cancelled') ? 'info' : 'error'}
      submitLabel={t('passkeys.continue')}
      saving={saving || prompting}
      onSubmit={() => void submit()}
      onClose={onClose}
    >
      <NameField value={name} onChange={setName} {...field('name')} />
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
  const call = callsOf(audience).rename;
  const [name, setName] = useState(passkey.name);
  const { errors, saving, send, field } = useContractForm(NAME_FIELDS, call);

  const submit = async () => {
    const renamed = await send(
      call,
      { passkeyId: passkey._id, name },
      {
        errors: nameErrors(name, t('passkeys.enterName')),
        toast: t('passkeys.renamedToast'),
        errorText: apiErrorText,
      },
    );
    if (renamed) onRenamed();
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
      <NameField value={name} onChange={setName} {...field('name')} />
    </FormDialog>
  );
};
