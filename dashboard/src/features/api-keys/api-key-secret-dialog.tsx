import { useTranslation } from 'react-i18next';
import { notify } from '../../lib/notify.ts';
import { Button } from '../../ui/button.tsx';
import { Dialog } from '../../ui/dialog.tsx';

/** The new key's secret, shown this once, with a copy button and how to send it. */
export const ApiKeySecretDialog = ({
  name,
  secret,
  onClose,
}: {
  name: string;
  secret: string;
  onClose: () => void;
}) => {
  const { t } = useTranslation('api-keys');

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      notify.success(t('secret.copied'));
    } catch {
      notify.error(t('secret.copyFailed'));
    }
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={t('secret.title', { name })}
      description={t('secret.warning')}
      footer={<Button onClick={onClose}>{t('secret.done')}</Button>}
    >
      <div className="api-key-secret">
        <label className="field__label" htmlFor="api-key-secret">
          {t('secret.label')}
        </label>
        <div className="api-key-secret__row">
          <input
            id="api-key-secret"
            className="field__input api-key-secret__value ltr-value"
            value={secret}
            readOnly
            spellCheck={false}
            onFocus={(event) => event.target.select()}
          />
          <Button variant="secondary" aria-label={t('secret.copyLabel')} onClick={() => void copy()}>
            {t('secret.copy')}
          </Button>
        </div>
        <p className="api-key-secret__usage">
          {t('secret.usage')}{' '}
          <code className="ltr-value">{`Authorization: Bearer ${secret.slice(0, 22)}…`}</code>
        </p>
      </div>
    </Dialog>
  );
};
