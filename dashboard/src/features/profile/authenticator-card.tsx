import { adminFactors, enterpriseFactors } from '@coach/shared/contract/factors';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api.ts';
import { apiErrorText } from '../../lib/api-error-text.ts';
import { formatDate } from '../../lib/dates.ts';
import { downloadText } from '../../lib/download.ts';
import { notify } from '../../lib/notify.ts';
import type { Audience } from '../../lib/session.ts';
import { useCall } from '../../lib/use-call.ts';
import { useContractForm } from '../../lib/use-contract-form.ts';
import { Button } from '../../ui/button.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { FormDialog } from '../../ui/form-dialog.tsx';
import { Card } from '../../ui/layout.tsx';
import { LoadStates } from '../../ui/load-states.tsx';
import { OneTimeCodeField } from '../../ui/text-field.tsx';
import { PasswordConfirmDialog } from './password-confirm-dialog.tsx';

const CODE_FIELDS = ['code'] as const;

const callsOf = (audience: Audience) => (audience === 'enterprise' ? enterpriseFactors : adminFactors);

type Setup = { secret: string; qrSvg: string };

/** The secret as an app's "enter a key" screen shows it: groups of four, easier to copy by eye. */
const grouped = (secret: string) => secret.replace(/(.{4})/g, '$1 ').trim();

/**
 * An authenticator app as the second sign-in step. Setting one up shows a QR code (and the key for
 * typing in), asks for a code from the app, then shows the recovery codes once; removing it asks for the password.
 */
export const AuthenticatorCard = ({ audience }: { audience: Audience }) => {
  const { t } = useTranslation('profile');
  const calls = callsOf(audience);
  const { state, reload } = useCall(calls.factors, {});
  const [starting, setStarting] = useState(false);
  const [setup, setSetup] = useState<Setup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [removing, setRemoving] = useState(false);

  const start = async () => {
    setStarting(true);
    try {
      setSetup(await api.call(calls.totpStart, {}));
    } catch (failure) {
      notify.error(apiErrorText(failure));
    } finally {
      setStarting(false);
    }
  };

  return (
    <Card title={t('authenticator.title')} aria-label={t('authenticator.title')} className="profile__factors">
      <LoadStates state={state} reload={reload} what={t('authenticator.what')}>
        {({ authenticatorApp, recoveryCodesLeft }) =>
          authenticatorApp.enabled ? (
            <div className="factor">
              <p className="factor__text">
                {t('authenticator.on', { date: formatDate(authenticatorApp.since) })}{' '}
                <span className="profile__muted">
                  {t('authenticator.codesLeft', { count: recoveryCodesLeft })}
                </span>
              </p>
              <Button variant="secondary" onClick={() => setRemoving(true)}>
                {t('authenticator.remove')}
              </Button>
            </div>
          ) : (
            <div className="factor">
              <p className="factor__text">{t('authenticator.off')}</p>
              <Button loading={starting} onClick={() => void start()}>
                {t('authenticator.setUp')}
              </Button>
            </div>
          )
        }
      </LoadStates>
      {setup ? (
        <ConfirmDialog
          audience={audience}
          setup={setup}
          onClose={() => setSetup(null)}
          onConfirmed={(recoveryCodes) => {
            setSetup(null);
            setCodes(recoveryCodes);
            reload();
          }}
        />
      ) : null}
      {codes ? <RecoveryCodesDialog codes={codes} onClose={() => setCodes(null)} /> : null}
      {removing ? (
        <PasswordConfirmDialog
          title={t('authenticator.removeTitle')}
          description={t('authenticator.removeText')}
          submitLabel={t('authenticator.removeConfirm')}
          passwordLabel={t('authenticator.password')}
          emptyMessage={t('authenticator.enterPassword')}
          call={calls.totpRemove}
          input={(password) => ({ password })}
          onDone={() => {
            setRemoving(false);
            reload();
          }}
          onClose={() => setRemoving(false)}
        />
      ) : null}
    </Card>
  );
};

const ConfirmDialog = ({
  audience,
  setup,
  onClose,
  onConfirmed,
}: {
  audience: Audience;
  setup: Setup;
  onClose: () => void;
  onConfirmed: (recoveryCodes: string[]) => void;
}) => {
  const { t } = useTranslation('profile');
  const call = callsOf(audience).totpConfirm;
  const [code, setCode] = useState('');
  const { errors, saving, send } = useContractForm(CODE_FIELDS, call);

  const submit = async () => {
    const confirmed = await send(
      call,
      { code },
      {
        // The form's own sentence for a code that is not 6 digits (the schema words it otherwise).
        errors: /^\d{6}$/.test(code) ? {} : { code: t('authenticator.enterCode') },
        toast: false,
        errorText: apiErrorText,
      },
    );
    if (confirmed) onConfirmed(confirmed.recoveryCodes);
  };

  return (
    <FormDialog
      title={t('authenticator.setupTitle')}
      description={t('authenticator.scan')}
      className="factor-setup"
      formError={errors.form}
      submitLabel={t('authenticator.turnOn')}
      saving={saving}
      onSubmit={() => void submit()}
      onClose={onClose}
    >
      <img
        className="factor-setup__qr"
        src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(setup.qrSvg)}`}
        alt={t('authenticator.qrAlt')}
        width={192}
        height={192}
      />
      <p className="factor-setup__manual">
        {t('authenticator.manual')}{' '}
        <code className="factor-setup__key ltr-value">{grouped(setup.secret)}</code>
      </p>
      <OneTimeCodeField
        label={t('authenticator.code')}
        value={code}
        onValue={setCode}
        error={errors.code}
        autoFocus
      />
    </FormDialog>
  );
};

const RecoveryCodesDialog = ({ codes, onClose }: { codes: string[]; onClose: () => void }) => {
  const { t } = useTranslation('profile');
  const text = `${codes.join('\n')}\n`;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      notify.success(t('authenticator.copied'));
    } catch {
      // No clipboard (an insecure origin): the list stays on screen to copy by hand, or to download.
    }
  };
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={t('authenticator.codesTitle')}
      description={t('authenticator.codesText')}
      footer={<Button onClick={onClose}>{t('authenticator.done')}</Button>}
    >
      <ul className="recovery-codes ltr-value" aria-label={t('authenticator.codesList')}>
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ul>
      <div className="recovery-codes__actions">
        <Button variant="secondary" onClick={() => void copy()}>
          {t('authenticator.copy')}
        </Button>
        <Button
          variant="secondary"
          onClick={() => downloadText('coach-recovery-codes.txt', text, 'text/plain;charset=utf-8')}
        >
          {t('authenticator.download')}
        </Button>
      </div>
    </Dialog>
  );
};
