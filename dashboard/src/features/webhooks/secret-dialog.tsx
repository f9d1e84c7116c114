import { useTranslation } from 'react-i18next';
import { notify } from '../../lib/notify.ts';
import { Button } from '../../ui/button.tsx';
import { Dialog } from '../../ui/dialog.tsx';

/** The endpoint's signing secret, shown once after it is added (the server never sends it again). */
export const SecretDialog = ({ secret, onClose }: { secret: string; onClose: () => void }) => {
  const { t } = useTranslation('webhooks');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      notify.success(t('secret.copied'));
    } catch {
      // No clipboard (an insecure origin): the field is selected so the keyboard can copy it.
      document.getElementById('webhook-secret')?.focus();
    }
  };
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={t('secret.title')}
      description={t('secret.text')}
      footer={<Button onClick={onClose}>{t('secret.done')}</Button>}
    >
      <label className="field__label" htmlFor="webhook-secret">
        {t('secret.label')}
      </label>
      <div className="webhooks__secret">
        <input
          id="webhook-secret"
          className="field__input ltr-value"
          readOnly
          value={secret}
          dir="ltr"
          onFocus={(event) => event.target.select()}
        />
        <Button variant="secondary" aria-label={t('secret.copyLabel')} onClick={copy}>
          {t('secret.copy')}
        </Button>
      </div>
    </Dialog>
  );
};
