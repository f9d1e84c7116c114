import { ApiError, GENERIC_ERROR_MESSAGE } from '@coach/shared/client';
import type { EnterpriseUser } from '@coach/shared/contract/auth';
import { timezoneCalls } from '@coach/shared/contract/timezone';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api.ts';
import { notify } from '../../lib/notify.ts';
import { Button } from '../../ui/button.tsx';
import { Card } from '../../ui/layout.tsx';
import { TimezoneCombobox } from '../../ui/timezone-combobox.tsx';

/**
 * Settings' default timezone (spec §9): the zone members without their own see due dates in;
 * without one, UTC.
 */
export const TimezoneCard = ({
  user,
  onSaved,
}: {
  user: EnterpriseUser;
  onSaved: (updated: EnterpriseUser) => void;
}) => {
  const { t } = useTranslation('settings');
  const saved = user.enterpriseId.timezone;
  const [zone, setZone] = useState<string | null>(saved);
  const [saving, setSaving] = useState(false);
  const save = async () => {
    setSaving(true);
    try {
      const { response, message } = await api.callWithMessage(timezoneCalls.updateDefaultTimezone, {
        timezone: zone,
      });
      onSaved(response);
      notify.success(message);
    } catch (err) {
      notify.error(err instanceof ApiError ? err.message : GENERIC_ERROR_MESSAGE);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Card title={t('timezone.title')} aria-label={t('timezone.title')} className="settings__timezone">
      <div className="settings__timezone-row">
        <TimezoneCombobox
          label={t('timezone.label')}
          value={zone}
          onChange={setZone}
          noneLabel={t('timezone.none')}
          hint={t('timezone.hint')}
        />
        <Button loading={saving} disabled={zone === saved} onClick={() => void save()}>
          {t('timezone.save')}
        </Button>
      </div>
    </Card>
  );
};
