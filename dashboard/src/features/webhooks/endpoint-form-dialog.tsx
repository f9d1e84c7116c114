import {
  integrations,
  WEBHOOK_EVENT_TYPES,
  type WebhookEndpoint,
  type WebhookEventType,
} from '@coach/shared/contract/integrations';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useContractForm } from '../../lib/use-contract-form.ts';
import { FormDialog } from '../../ui/form-dialog.tsx';
import { Checkbox } from '../../ui/table.tsx';
import { TextField } from '../../ui/text-field.tsx';

const FIELDS = ['url', 'description', 'events'] as const;

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
  const { errors, saving, send, limits } = useContractForm(FIELDS, integrations.addWebhook);

  const submit = async () => {
    // A blank description is left out; the page says the endpoint was added once the secret is shown.
    const added = await send(
      integrations.addWebhook,
      { url, events, ...(description.trim() ? { description } : {}) },
      { errors: { events: events.length ? undefined : t('form.chooseEvent') }, toast: false },
    );
    if (added) onAdded(added.endpoint, added.secret);
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
        maxLength={limits.description?.maxLength}
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
