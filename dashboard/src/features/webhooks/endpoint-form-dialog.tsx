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

/**
 * Add a webhook endpoint (its https address, a description, the events it receives), or change an endpoint's
 * description and events: its address and secret stay, so its receiver need not be told anything new.
 */
export const EndpointFormDialog = ({
  endpoint,
  onClose,
  onAdded,
  onSaved,
}: {
  /** The endpoint to change; none to add one. */
  endpoint?: WebhookEndpoint;
  onClose: () => void;
  onAdded?: (endpoint: WebhookEndpoint, secret: string) => void;
  onSaved?: (endpoint: WebhookEndpoint) => void;
}) => {
  const { t } = useTranslation('webhooks');
  const [url, setUrl] = useState(endpoint?.url ?? '');
  const [description, setDescription] = useState(endpoint?.description ?? '');
  const [events, setEvents] = useState<WebhookEventType[]>(endpoint?.events ?? ['task.completed']);
  const { errors, saving, send, limits } = useContractForm(FIELDS, integrations.addWebhook);
  const chosen = { events: events.length ? undefined : t('form.chooseEvent') };

  const submit = async () => {
    if (endpoint) {
      const saved = await send(
        integrations.updateWebhook,
        { endpointId: endpoint._id, events, description: description.trim() },
        { errors: chosen, toast: t('form.saved') },
      );
      if (saved) onSaved?.(saved);
      return;
    }
    // A blank description is left out; the page says the endpoint was added once the secret is shown.
    const added = await send(
      integrations.addWebhook,
      { url, events, ...(description.trim() ? { description } : {}) },
      { errors: chosen, toast: false },
    );
    if (added) onAdded?.(added.endpoint, added.secret);
  };

  return (
    <FormDialog
      title={endpoint ? t('form.editTitle') : t('form.title')}
      formError={errors.form}
      submitLabel={endpoint ? t('form.saveChanges') : t('form.save')}
      saving={saving}
      onSubmit={submit}
      onClose={onClose}
      className="webhooks__form"
    >
      {endpoint ? (
        <div className="field">
          <span className="field__label">{t('form.url')}</span>
          <span className="webhooks__url ltr-value">{endpoint.url}</span>
          <p className="field__hint">{t('form.urlFixed')}</p>
        </div>
      ) : (
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
      )}
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
