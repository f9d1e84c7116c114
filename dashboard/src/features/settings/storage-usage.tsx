import { UPLOAD_RULES } from '@coach/shared/constants/uploads';
import { enterpriseGeneral, type StorageUsage } from '@coach/shared/contract/general';
import { Trans, useTranslation } from 'react-i18next';
import { fileSize } from '../../lib/file-size.ts';
import { useCall } from '../../lib/use-call.ts';
import { Card } from '../../ui/layout.tsx';
import { LoadStates } from '../../ui/load-states.tsx';
import { ProgressBar } from '../../ui/progress-bar.tsx';

/** From this share of the quota on, the card says uploads will soon be refused. */
const NEARLY_FULL_PERCENT = 90;

/** The figure and bar: files kept plus uploads under way (they hold their space) against the quota. */
export const StorageFigure = ({ usage }: { usage: StorageUsage }) => {
  const { t } = useTranslation('settings');
  const taken = usage.usedBytes + usage.reservedBytes;
  const percent = usage.quotaBytes > 0 ? (taken / usage.quotaBytes) * 100 : 100;
  return (
    <div className="storage">
      <p className="storage__figure">
        <Trans
          t={t}
          i18nKey="storage.figure"
          values={{ used: fileSize(usage.usedBytes), quota: fileSize(usage.quotaBytes) }}
          components={{ strong: <strong /> }}
        />
      </p>
      <ProgressBar value={percent} label={t('storage.used')} />
      {usage.reservedBytes > 0 ? (
        <p className="storage__note">{t('storage.uploading', { size: fileSize(usage.reservedBytes) })}</p>
      ) : null}
      {percent >= NEARLY_FULL_PERCENT ? (
        <p className="storage__note storage__note--warning" role="status">
          {percent >= 100 ? t('storage.full') : t('storage.nearlyFull')}
        </p>
      ) : null}
      <p className="storage__note">
        {t('storage.limits', {
          images: fileSize(UPLOAD_RULES.avatar.maxBytes),
          recordings: fileSize(UPLOAD_RULES['task-recording'].maxBytes),
          videos: fileSize(UPLOAD_RULES['content-video'].maxBytes),
        })}
      </p>
    </div>
  );
};

/** Settings' storage card: the organisation's uploads against its quota, from general/storage-usage. */
export const StorageUsageCard = () => {
  const { t } = useTranslation('settings');
  const { state, reload } = useCall(enterpriseGeneral.storageUsage, {});
  return (
    <Card title={t('storage.title')} aria-label={t('storage.title')} className="settings__storage">
      <LoadStates state={state} reload={reload} what={t('storage.what')}>
        {(usage) => <StorageFigure usage={usage} />}
      </LoadStates>
    </Card>
  );
};
