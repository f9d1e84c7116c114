import { ApiError, GENERIC_ERROR_MESSAGE } from '@coach/shared/client';
import {
  integrations,
  WEBHOOK_EVENT_TYPES,
  type WebhookEndpoint,
  type WebhookEventType,
} from '@coach/shared/contract/integrations';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverText } from '../../i18n/server-text.ts';
import { api } from '../../lib/api.ts';
import { FormDialog } from '../../ui/form-dialog.tsx';
import { Checkbox } from '../../ui/table.tsx';
import { TextField } from '../../ui/text-field.tsx';

type Errors = { url?: string; description?: string; events?: string; form?: string };

/** Add a webhook endpoint: its https address, a description, and the events it receives. */
export const EndpointFormDialog = ({
  onClose,
  onAdded,
}: {
  onClose: () => void;
  onAdded: (endpoint: WebhookEndpoint, secret: string) => void;
}) => {
  const { t } = useTranslation('webhooks');
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [events, setEvents] = useState<WebhookEventType[]>(['task.completed']);
  const [errors, setErrors] = useState<Errors>({});
  const [saving, setSaving] = useState(false);

  const submit = async () => {
    if (events.length === 0) {
      setErrors({ events: t('form.chooseEvent') });
      return;
    }
    setSaving(true);
    setErrors({});
    try {
      const added = await api.call(integrations.addWebhook, {
        url: url.trim(),
        events,
        ...(description.trim() ? { description: description.trim() } : {}),
      });
      onAdded(added.endpoint, added.secret);
    } catch (error) {
      const message =
        error instanceof ApiError
          ? serverText(error.message.replace(/^[\w.]+: /, ''))
          : GENERIC_ERROR_MESSAGE;
      const field = error instanceof ApiError ? (error.field ?? '').split('.')[0] : '';
      if (field === 'url' || field === 'description' || field === 'events') setErrors({ [field]: message });
      else setErrors({ form: message });
    } finally {
      setSaving(false);
    }
  };

  return (
    <FormDialog
      title={t('form.title')}
      formError={errors.form}
      submitLabel={t('form.save')}
      saving={saving}
      onSubmit={submit}
      onClose={onClose}
      className="webhooks__form"
    >
      <TextField
        label={t('form.url')}
        type="url"
        inputMode="url"
        autoComplete="off"
        required
        value={url}
        error={errors.url}
        hint={t('form.urlHint')}
        placeholder="https://"
        onChange={(event) => setUrl(event.target.value)}
      />
      <TextField
        label={t('form.description')}
        value={description}
        maxLength={200}
        error={errors.description}
        onChange={(event) => setDescription(event.target.value)}
      />
      <fieldset className="webhooks__events" aria-invalid={errors.events ? true : undefined}>
        <legend className="field__label">{t('form.events')}</legend>
        {WEBHOOK_EVENT_TYPES.map((type) => (
          <Checkbox
            key={type}
            label={t(`events.${type}`)}
            checked={events.includes(type)}
            onChange={(on) =>
              setEvents((current) =>
                on
                  ? WEBHOOK_EVENT_TYPES.filter((e) => e === type || current.includes(e))
                  : current.filter((e) => e !== type),
              )
            }
          />
        ))}
        {errors.events ? (
          <p className="field__error" role="alert">
            {errors.events}
          </p>
        ) : null}
      </fieldset>
    </FormDialog>
  );
};
