import { ApiError, GENERIC_ERROR_MESSAGE } from '@coach/shared/client';
import {
  INTEGRATION_MAX_ATTEMPTS,
  integrations,
  type WebhookEndpoint,
} from '@coach/shared/contract/integrations';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router-dom';
import { paths } from '../../config/paths.ts';
import { formatList } from '../../i18n/format.ts';
import { serverText } from '../../i18n/server-text.ts';
import { api } from '../../lib/api.ts';
import { useCan } from '../../lib/can.tsx';
import { formatDateTime } from '../../lib/dates.ts';
import { notify } from '../../lib/notify.ts';
import { useCall } from '../../lib/use-call.ts';
import { Button } from '../../ui/button.tsx';
import { ConfirmDialog } from '../../ui/dialog.tsx';
import { Card, PageHeader } from '../../ui/layout.tsx';
import { LoadStates } from '../../ui/load-states.tsx';
import { LoadingBlock } from '../../ui/spinner.tsx';
import { EmptyState } from '../../ui/states.tsx';
import { SwitchField } from '../../ui/switch.tsx';
import { DeliveryLog, STATUS_CLASS, standingOf } from './delivery-log.tsx';
import { EndpointFormDialog } from './endpoint-form-dialog.tsx';
import { SecretDialog } from './secret-dialog.tsx';
import { XapiCard } from './xapi-card.tsx';
import './webhooks.css';

const messageOf = (error: unknown) =>
  error instanceof ApiError ? serverText(error.message) : serverText(GENERIC_ERROR_MESSAGE);

/**
 * /enterprise/settings/integrations (role named admin, like Settings): the webhook endpoints with their delivery
 * log and test event, and the xAPI learning record store.
 */
/**
 * An endpoint's latest delivery as its deliveries log names it: one its receiver keeps refusing reads "Retrying",
 * with its tries, not a calm "Pending".
 */
const LastDelivery = ({ delivery }: { delivery: NonNullable<WebhookEndpoint['lastDelivery']> }) => {
  const { t } = useTranslation('webhooks');
  const standing = standingOf(delivery);
  return (
    <>
      <span className={STATUS_CLASS[standing]}>{t(`status.${standing}`)}</span>{' '}
      {standing === 'retrying' || standing === 'failed'
        ? `${t('log.attemptsOf', { attempts: delivery.attempts, max: INTEGRATION_MAX_ATTEMPTS })} · `
        : null}
      {formatDateTime(delivery.at)}
    </>
  );
};

export const IntegrationsPage = () => {
  const { t } = useTranslation('webhooks');
  // The page opens for whoever the server lets list the endpoints it opens with (the xAPI card's calls share the rule).
  const mayOpen = useCan(integrations.listWebhooks);
  if (mayOpen === null) return <LoadingBlock label={t('endpoints.what')} />;
  if (!mayOpen) return <Navigate to={paths.enterprise.unauthorized} replace />;
  return <IntegrationsScreen />;
};

const IntegrationsScreen = () => {
  const { t } = useTranslation('webhooks');
  const { state, setState, reload } = useCall(integrations.listWebhooks, {});
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<WebhookEndpoint | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const [logOf, setLogOf] = useState<WebhookEndpoint | null>(null);
  const [logVersion, setLogVersion] = useState(0);
  const [deleting, setDeleting] = useState<WebhookEndpoint | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  const replace = (next: WebhookEndpoint) =>
    setState((current) =>
      current.status === 'ready'
        ? { status: 'ready', data: current.data.map((e) => (e._id === next._id ? next : e)) }
        : current,
    );

  const toggle = async (endpoint: WebhookEndpoint, enabled: boolean) => {
    setBusy(`toggle:${endpoint._id}`);
    try {
      replace(await api.call(integrations.updateWebhook, { endpointId: endpoint._id, enabled }));
      notify.success(enabled ? t('endpoints.switchedOn') : t('endpoints.switchedOff'));
    } catch (error) {
      notify.error(messageOf(error));
    } finally {
      setBusy(null);
    }
  };

  const sendTest = async (endpoint: WebhookEndpoint) => {
    setBusy(`test:${endpoint._id}`);
    try {
      await api.call(integrations.sendTestWebhook, { endpointId: endpoint._id });
      notify.success(t('endpoints.testSent'));
      setLogOf(endpoint);
      setLogVersion((v) => v + 1);
    } catch (error) {
      notify.error(messageOf(error));
    } finally {
      setBusy(null);
    }
  };

  const remove = async (endpoint: WebhookEndpoint) => {
    setBusy(`delete:${endpoint._id}`);
    try {
      await api.call(integrations.deleteWebhook, { endpointId: endpoint._id });
      notify.success(t('endpoints.deleted'));
      if (logOf?._id === endpoint._id) setLogOf(null);
      setDeleting(null);
      reload();
    } catch (error) {
      notify.error(messageOf(error));
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="webhooks">
      <Link to={paths.enterprise.settings} className="back-link">
        {t('back')}
      </Link>
      <PageHeader title={t('title')} description={t('description')} />
      <Card title={t('endpoints.title')} aria-label={t('endpoints.title')} className="webhooks__card">
        <div className="webhooks__toolbar">
          <Button onClick={() => setAdding(true)}>{t('endpoints.add')}</Button>
        </div>
        <LoadStates state={state} reload={reload} what={t('endpoints.what')}>
          {(endpoints) =>
            endpoints.length === 0 ? (
              <EmptyState title={t('endpoints.emptyTitle')} description={t('endpoints.emptyText')} />
            ) : (
              <ul className="webhooks__endpoints">
                {endpoints.map((endpoint) => (
                  <li key={endpoint._id} className="webhooks__endpoint">
                    <div className="webhooks__endpoint-main">
                      <span className="webhooks__url ltr-value">{endpoint.url}</span>
                      {endpoint.description ? (
                        <span className="webhooks__muted" dir="auto">
                          {endpoint.description}
                        </span>
                      ) : null}
                      <span className="webhooks__muted">
                        {formatList(endpoint.events.map((event) => t(`events.${event}`)))}
                      </span>
                      <span className="webhooks__muted">
                        {t('endpoints.lastDelivery')}:{' '}
                        {endpoint.lastDelivery ? (
                          <LastDelivery delivery={endpoint.lastDelivery} />
                        ) : (
                          t('endpoints.never')
                        )}
                      </span>
                    </div>
                    <div className="webhooks__endpoint-side">
                      <SwitchField
                        label={t('endpoints.enabled')}
                        checked={endpoint.enabled}
                        busy={busy === `toggle:${endpoint._id}`}
                        saving={busy === `toggle:${endpoint._id}`}
                        onChange={(on) => void toggle(endpoint, on)}
                      />
                      <div className="table__actions">
                        <Button
                          variant="secondary"
                          size="sm"
                          aria-label={t('endpoints.testLabel', { url: endpoint.url })}
                          loading={busy === `test:${endpoint._id}`}
                          onClick={() => void sendTest(endpoint)}
                        >
                          {t('endpoints.test')}
                        </Button>
                        <Button
                          variant="secondary"
                          size="sm"
                          aria-label={t('endpoints.logLabel', { url: endpoint.url })}
                          aria-pressed={logOf?._id === endpoint._id}
                          onClick={() => setLogOf(logOf?._id === endpoint._id ? null : endpoint)}
                        >
                          {t('endpoints.log')}
                        </Button>
                        <Button
                          variant="secondary"
                          size="sm"
                          aria-label={t('endpoints.editLabel', { url: endpoint.url })}
                          onClick={() => setEditing(endpoint)}
                        >
                          {t('endpoints.edit')}
                        </Button>
                        <Button
                          variant="ghost"
                          size="sm"
                          aria-label={t('endpoints.deleteLabel', { url: endpoint.url })}
                          onClick={() => setDeleting(endpoint)}
                        >
                          {t('endpoints.delete')}
                        </Button>
                      </div>
                    </div>
                  </li>
                ))}
              </ul>
            )
          }
        </LoadStates>
      </Card>
      {logOf ? (
        <DeliveryLog
          key={logOf._id}
          endpoint={logOf}
          version={logVersion}
          onClose={() => setLogOf(null)}
          onSettled={reload}
        />
      ) : null}
      <XapiCard />
      {adding ? (
        <EndpointFormDialog
          onClose={() => setAdding(false)}
          onAdded={(_endpoint, shownOnce) => {
            setAdding(false);
            setSecret(shownOnce);
            notify.success(t('form.added'));
            reload();
          }}
        />
      ) : null}
      {editing ? (
        <EndpointFormDialog
          endpoint={editing}
          onClose={() => setEditing(null)}
          onSaved={(saved) => {
            setEditing(null);
            replace(saved);
          }}
        />
      ) : null}
      {secret ? <SecretDialog secret={secret} onClose={() => setSecret(null)} /> : null}
      {deleting ? (
        <ConfirmDialog
          title={t('endpoints.deleteTitle')}
          description={t('endpoints.deleteText', { url: deleting.url })}
          confirmLabel={t('endpoints.delete')}
          busy={busy === `delete:${deleting._id}`}
          onConfirm={() => void remove(deleting)}
          onCancel={() => setDeleting(null)}
        />
      ) : null}
    </div>
  );
};
