import { type NoticeSettings, noticeSettingsCalls } from '@coach/shared/contract/notices';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api.ts';
import { apiErrorText } from '../../lib/api-error-text.ts';
import { notify } from '../../lib/notify.ts';
import { useCall } from '../../lib/use-call.ts';
import { Card } from '../../ui/layout.tsx';
import { LoadStates } from '../../ui/load-states.tsx';
import { SwitchField } from '../../ui/switch.tsx';

const CHOICES = ['assigned', 'dueTomorrow', 'feedback'] as const satisfies readonly (keyof NoticeSettings)[];

/**
 * Which mails about their work the member gets: something assigned to them, a task due tomorrow,
 * a reviewer's feedback. All on until turned off; each switch saves at once, in the member's own settings.
 */
export const NoticesCard = () => {
  const { t } = useTranslation('profile');
  const { state, reload, setState } = useCall(noticeSettingsCalls.get, {});
  const [saving, setSaving] = useState<keyof NoticeSettings | null>(null);

  const change = async (settings: NoticeSettings, choice: keyof NoticeSettings, on: boolean) => {
    setSaving(choice);
    try {
      const saved = await api.call(noticeSettingsCalls.update, { ...settings, [choice]: on });
      setState({ status: 'ready', data: saved });
      notify.success(on ? t('notices.switchedOn') : t('notices.switchedOff'));
    } catch (error) {
      notify.error(apiErrorText(error));
    } finally {
      setSaving(null);
    }
  };

  return (
    <Card title={t('notices.title')} aria-label={t('notices.title')} className="profile__notices">
      <p className="profile__muted">{t('notices.description')}</p>
      <LoadStates state={state} reload={reload} what={t('notices.what')}>
        {(settings) => (
          <div className="profile__switches">
            {CHOICES.map((choice) => (
              <SwitchField
                key={choice}
                label={t(`notices.${choice}.label`)}
                hint={t(`notices.${choice}.hint`)}
                checked={settings[choice]}
                busy={saving !== null}
                saving={saving === choice}
                onChange={(on) => void change(settings, choice, on)}
              />
            ))}
          </div>
        )}
      </LoadStates>
    </Card>
  );
};
