import { useTranslation } from 'react-i18next';
import { SecretOnceDialog } from '../../ui/secret-once-dialog.tsx';

/** The endpoint's signing secret, shown once after it is added (the server never sends it again). */
export const SecretDialog = ({ secret, onClose }: { secret: string; onClose: () => void }) => {
  const { t } = useTranslation('webhooks');
  return (
    <SecretOnceDialog
      secret={secret}
      onClose={onClose}
      words={{
        title: t('secret.title'),
        description: t('secret.text'),
        label: t('secret.label'),
        copy: t('secret.copy'),
        copyLabel: t('secret.copyLabel'),
        copied: t('secret.copied'),
        done: t('secret.done'),
      }}
    />
  );
};
