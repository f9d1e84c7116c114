import { integrations, type XapiSettings } from '@coach/shared/contract/integrations';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/dates.ts';
import { useCall } from '../../lib/use-call.ts';
import { useContractForm } from '../../lib/use-contract-form.ts';
import { Button } from '../../ui/button.tsx';
import { Card } from '../../ui/layout.tsx';
import { LoadStates } from '../../ui/load-states.tsx';
import { FormAlert } from '../../ui/states.tsx';
import { SwitchField } from '../../ui/switch.tsx';
import { PasswordField, TextField } from '../../ui/text-field.tsx';

const FIELDS = ['endpoint', 'username', 'key'] as const;

const XapiForm = ({ initial }: { initial: XapiSettings }) => {
  const { t } = useTranslation('webhooks');
  const [settings, setSettings] = useState(initial);
  const [endpoint, setEndpoint] = useState(initial.endpoint);
  const [username, setUsername] = useState(initial.username);
  const [key, setKey] = useState('');
  const [enabled, setEnabled] = useState(initial.enabled || !initial.hasKey);
  const { errors, saving, send } = useContractForm(FIELDS);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    // The call's schema trims the address and username; an empty key keeps the stored one.
    const saved = await send(
      integrations.saveXapi,
      { endpoint, username, enabled, ...(key ? { key } : {}) },
      { toast: t('xapi.saved') },
    );
    if (!saved) return;
    setSettings(saved);
    setKey('');
  };

  return (
    <>
      <form className="webhooks__xapi" onSubmit={save} noValidate>
        <FormAlert message={errors.form} />
        <TextField
          label={t('xapi.endpoint')}
          type="url"
          inputMode="url"
          autoComplete="off"
          placeholder="https://"
          value={endpoint}
          error={errors.endpoint}
          hint={t('xapi.endpointHint')}
          onChange={(e) => setEndpoint(e.target.value)}
        />
        <TextField
          label={t('xapi.username')}
          autoComplete="off"
          value={username}
          error={errors.username}
          onChange={(e) => setUsername(e.target.value)}
        />
        <PasswordField
          label={t('xapi.key')}
          autoComplete="new-password"
          value={key}
          error={errors.key}
          hint={settings.hasKey ? t('xapi.keyStored') : undefined}
          onChange={(e) => setKey(e.target.value)}
        />
        <SwitchField label={t('xapi.enabled')} checked={enabled} onChange={setEnabled} />
        <div className="webhooks__xapi-actions">
          <Button type="submit" loading={saving}>
            {t('xapi.save')}
          </Button>
        </div>
      </form>
      <h3 className="webhooks__subtitle">{t('xapi.recent')}</h3>
      {settings.recent.length === 0 ? (
        <p className="webhooks__muted">{t('xapi.noneYet')}</p>
      ) : (
        <ul className="webhooks__statements">
          {settings.recent.map((statement) => (
            <li key={statement._id}>
              <span>{t(`events.${statement.eventType}`, { defaultValue: statement.eventType })}</span>
              <span
                className={
                  statement.status === 'delivered' ? 'status status--active' : 'status status--pending'
                }
              >
                {t(`status.${statement.status}`)}
              </span>
              <span className="webhooks__muted">
                {formatDateTime(statement.deliveredAt ?? statement.createdAt)}
              </span>
              {statement.lastError ? (
                <span className="webhooks__muted ltr-value">{statement.lastError}</span>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </>
  );
};

/** The enterprise's learning record store: address, Basic auth, on or off, latest statements. */
export const XapiCard = () => {
  const { t } = useTranslation('webhooks');
  const { state, reload } = useCall(integrations.getXapi, {});
  return (
    <Card title={t('xapi.title')} aria-label={t('xapi.title')} className="webhooks__card">
      <p className="webhooks__muted">{t('xapi.text')}</p>
      <LoadStates state={state} reload={reload} what={t('xapi.what')}>
        {(settings) => <XapiForm initial={settings} />}
      </LoadStates>
    </Card>
  );
};
