import {
  INTEGRATION_MAX_ATTEMPTS,
  integrations,
  type WebhookDelivery,
  type WebhookEndpoint,
} from '@coach/shared/contract/integrations';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../i18n/format.ts';
import { formatDateTime } from '../../lib/dates.ts';
import { useCall } from '../../lib/use-call.ts';
import { Button } from '../../ui/button.tsx';
import { Card } from '../../ui/layout.tsx';
import { LoadStates } from '../../ui/load-states.tsx';
import { EmptyState } from '../../ui/states.tsx';
import { Pagination } from '../../ui/table.tsx';
import { outcomeOf } from './delivery-failure.ts';

/** While a delivery is on its first try the log asks again this often, so a test event's answer shows by itself. */
const POLL_MS = 1500;

/** How a delivery stands: a pending one that has failed a try is being retried (the queue's backoff). */
type Standing = WebhookDelivery['status'] | 'retrying';
export const standingOf = (
  delivery: Pick<WebhookDelivery, 'status'> & { attempts?: number | undefined },
): Standing => (delivery.status === 'pending' && (delivery.attempts ?? 0) > 0 ? 'retrying' : delivery.status);

export const STATUS_CLASS: Record<Standing, string> = {
  pending: 'status status--pending',
  retrying: 'status status--pending',
  delivered: 'status status--active',
  failed: 'status webhooks__status--failed',
  cancelled: 'status status--inactive',
};

const AttemptLine = ({ attempt }: { attempt: WebhookDelivery['attemptLog'][number] }) => {
  const { t } = useTranslation('webhooks');
  const time = formatDateTime(attempt.startedAt);
  if (attempt.durationMs === null) return <li>{t('log.attemptCut', { attempt: attempt.attempt, time })}</li>;
  const outcome = outcomeOf(attempt);
  const result =
    outcome.kind === 'http'
      ? t('log.outcome.http', { status: outcome.status })
      : t(`log.outcome.${outcome.kind}`);
  // The server's own words (Node's error, say), for whoever fixes the receiver: not the reader's first line.
  const detail = attempt.error && attempt.error !== `HTTP ${attempt.statusCode}` ? attempt.error : null;
  return (
    <li>
      <span title={detail ?? undefined}>
        {t('log.attempt', {
          attempt: attempt.attempt,
          time,
          result,
          duration: formatNumber(attempt.durationMs),
        })}
      </span>
      {detail ? (
        <details className="webhooks__detail">
          <summary>{t('log.detail')}</summary>
          <code className="ltr-value">{detail}</code>
        </details>
      ) : null}
    </li>
  );
};

/** Whether it will be tried again (and when), or has failed for good, with the tries made of the most allowed. */
const StandingNote = ({ delivery }: { delivery: WebhookDelivery }) => {
  const { t } = useTranslation('webhooks');
  const standing = standingOf(delivery);
  if (standing !== 'retrying' && standing !== 'failed') return null;
  const tries = t('log.attemptsOf', { attempts: delivery.attempts, max: INTEGRATION_MAX_ATTEMPTS });
  return (
    <span className="webhooks__next">
      {standing === 'failed'
        ? t('log.gaveUp')
        : delivery.nextAttemptAt
          ? t('log.nextAttempt', { date: formatDateTime(delivery.nextAttemptAt) })
          : t('log.retryingSoon')}{' '}
      ({tries})
    </span>
  );
};

/** An endpoint's deliveries, newest first, each with its tries (status code or error, and how long it took). */
export const DeliveryLog = ({
  endpoint,
  version,
  onClose,
  onSettled,
}: {
  endpoint: WebhookEndpoint;
  /** Bumped by the page after a test is sent: the log loads again. */
  version: number;
  onClose: () => void;
  /** A delivery this log waited for has its answer: the endpoint's last delivery changed. */
  onSettled: () => void;
}) => {
  const { t } = useTranslation('webhooks');
  const [page, setPage] = useState(1);
  const { state, reload } = useCall(
    integrations.webhookDeliveries,
    { endpointId: endpoint._id, currentPage: page },
    { refreshOn: [version] },
  );
  const waiting =
    state.status === 'ready' && state.data.listdata.some((d) => d.status === 'pending' && d.attempts === 0);
  const waited = useRef(false);
  useEffect(() => {
    if (waited.current && !waiting) onSettled();
    waited.current = waiting;
  }, [waiting, onSettled]);
  useEffect(() => {
    if (!waiting) return;
    const timer = setTimeout(reload, POLL_MS);
    return () => clearTimeout(timer);
  }, [waiting, reload, state]);

  return (
    <Card
      title={t('log.title', { url: endpoint.url })}
      aria-label={t('log.title', { url: endpoint.url })}
      className="webhooks__log"
    >
      <div className="webhooks__log-actions">
        <Button variant="secondary" size="sm" onClick={reload}>
          {t('log.refresh')}
        </Button>
        <Button variant="ghost" size="sm" onClick={onClose}>
          {t('log.close')}
        </Button>
      </div>
      <LoadStates state={state} reload={reload} what={t('log.what')}>
        {(data) =>
          data.listdata.length === 0 ? (
            <EmptyState title={t('log.emptyTitle')} description={t('log.emptyText')} />
          ) : (
            <>
              <div className="table-scroll">
                <table className="table table--stack">
                  <thead>
                    <tr>
                      <th scope="col">{t('log.columns.event')}</th>
                      <th scope="col">{t('log.columns.status')}</th>
                      <th scope="col">{t('log.columns.created')}</th>
                      <th scope="col">{t('log.columns.attempts')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.listdata.map((delivery) => (
                      <tr key={delivery._id}>
                        <td>
                          <span className="webhooks__event">
                            {t(`events.${delivery.eventType}`, { defaultValue: delivery.eventType })}
                          </span>
                          <span className="webhooks__id ltr-value" title={t('log.id')}>
                            {delivery._id}
                          </span>
                        </td>
                        <td data-label={t('log.columns.status')}>
                          <span className={STATUS_CLASS[standingOf(delivery)]}>
                            {t(`status.${standingOf(delivery)}`)}
                          </span>
                          <StandingNote delivery={delivery} />
                        </td>
                        <td data-label={t('log.columns.created')}>{formatDateTime(delivery.createdAt)}</td>
                        <td data-label={t('log.columns.attempts')}>
                          <ol className="webhooks__attempts">
                            {delivery.attemptLog.map((attempt) => (
                              <AttemptLine
                                key={`${attempt.attempt}:${attempt.startedAt}`}
                                attempt={attempt}
                              />
                            ))}
                          </ol>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              {data.totalPages > 1 ? (
                <Pagination
                  page={data.currentPage}
                  totalPages={data.totalPages}
                  totalCount={data.totalCount}
                  onPage={setPage}
                  noun={t('log.noun')}
                />
              ) : null}
            </>
          )
        }
      </LoadStates>
    </Card>
  );
};
