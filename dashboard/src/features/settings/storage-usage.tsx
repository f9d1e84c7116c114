import { UPLOAD_RULES } from '@coach/shared/constants/uploads';
import { enterpriseGeneral, type StorageUsage } from '@coach/shared/contract/general';
import { fileSize } from '@coach/shared/format/file-size';
import { api } from '../../lib/api.ts';
import { useLoad } from '../../lib/use-load.ts';
import { Card } from '../../ui/layout.tsx';
import { LoadStates } from '../../ui/load-states.tsx';
import { ProgressBar } from '../../ui/progress-bar.tsx';

/** From this share of the quota on, the card says uploads will soon be refused. */
const NEARLY_FULL_PERCENT = 90;

/** The figure and bar: files kept plus uploads under way (they hold their space) against the quota. */
export const StorageFigure = ({ usage }: { usage: StorageUsage }) => {
  const taken = usage.usedBytes + usage.reservedBytes;
  const percent = usage.quotaBytes > 0 ? (taken / usage.quotaBytes) * 100 : 100;
  return (
    <div className="storage">
      <p className="storage__figure">
        Storage: <strong>{fileSize(usage.usedBytes)}</strong> of {fileSize(usage.quotaBytes)} used
      </p>
      <ProgressBar value={percent} label="Storage used" />
      {usage.reservedBytes > 0 ? (
        <p className="storage__note">{fileSize(usage.reservedBytes)} more is being uploaded.</p>
      ) : null}
      {percent >= NEARLY_FULL_PERCENT ? (
        <p className="storage__note storage__note--warning" role="status">
          {percent >= 100 ? 'Storage is full' : 'Storage is nearly full'}: uploads that do not fit are
          refused. Ask support for a larger quota.
        </p>
      ) : null}
      <p className="storage__note">
        Each file has its own limit: images {fileSize(UPLOAD_RULES.avatar.maxBytes)}, recordings{' '}
        {fileSize(UPLOAD_RULES['task-recording'].maxBytes)}, videos{' '}
        {fileSize(UPLOAD_RULES['content-video'].maxBytes)}.
      </p>
    </div>
  );
};

/** Settings' storage card (issue 15): the organisation's uploads against its quota, from general/storage-usage. */
export const StorageUsageCard = () => {
  const { state, reload } = useLoad('storage-usage', () => api.call(enterpriseGeneral.storageUsage, {}));
  return (
    <Card title="Storage" aria-label="Storage" className="settings__storage">
      <LoadStates state={state} reload={reload} what="the storage usage">
        {(usage) => <StorageFigure usage={usage} />}
      </LoadStates>
    </Card>
  );
};
