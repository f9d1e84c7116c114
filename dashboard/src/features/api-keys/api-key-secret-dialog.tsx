import { useTranslation } from 'react-i18next';
import { SecretOnceDialog } from '../../ui/secret-once-dialog.tsx';
import { ApiReferenceLink } from './api-reference-link.tsx';

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
  return (
    <SecretOnceDialog
      secret={secret}
      onClose={onClose}
      words={{
        title: t('secret.title', { name }),
        description: t('secret.warning'),
        label: t('secret.label'),
        copy: t('secret.copy'),
        copyLabel: t('secret.copyLabel'),
        copied: t('secret.copied'),
        done: t('secret.done'),
        copyFailed: t('secret.copyFailed'),
      }}
    >
      <p className="api-key-secret__usage">
        {t('secret.usage')}{' '}
        <code className="ltr-value">{`Authorization: Bearer ${secret.slice(0, 22)}…`}</code>
      </p>
      <p className="api-key-secret__usage">
        {t('reference.text')} <ApiReferenceLink />
      </p>
    </SecretOnceDialog>
  );
};
