import { type ApiKey, type ApiKeyUse, apiKeys } from '@coach/shared/contract/api-keys';
import type { EnterpriseUser } from '@coach/shared/contract/auth';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router-dom';
import { paths } from '../../config/paths.ts';
import { api } from '../../lib/api.ts';
import { useCan } from '../../lib/can.tsx';
import { formatDate, formatDateTime } from '../../lib/dates.ts';
import { enterpriseUserAtom } from '../../lib/session.ts';
import { useCall } from '../../lib/use-call.ts';
import { useConfirmedDelete } from '../../lib/use-confirmed-delete.ts';
import { Button } from '../../ui/button.tsx';
import { ConfirmDialog } from '../../ui/dialog.tsx';
import { Card, PageHeader } from '../../ui/layout.tsx';
import { LoadStates } from '../../ui/load-states.tsx';
import { LoadingBlock } from '../../ui/spinner.tsx';
import { EmptyState } from '../../ui/states.tsx';
import { ApiKeySecretDialog } from './api-key-secret-dialog.tsx';
import { ApiReferenceLink } from './api-reference-link.tsx';
import { CreateApiKeyDialog } from './create-api-key-dialog.tsx';
import './api-keys.css';

const KeyRow = ({ apiKey, onRevoke }: { apiKey: ApiKey; onRevoke: (key: ApiKey) => void }) => {
  const { t } = useTranslation('api-keys');
  const revoked = apiKey.revokedAt !== null;
  return (
    <tr className={revoked ? 'api-keys__row--revoked' : undefined}>
      <td>
        <span className="api-keys__name" dir="auto">
          {apiKey.name}
        </span>
        <code className="api-keys__prefix ltr-value">{`${apiKey.prefix}_…`}</code>
      </td>
      <td data-label={t('list.permissions')}>
        <span className="chips">
          {apiKey.permissions.map((key) => (
            <span key={key} className="chip">
              {t(`permissions.${key}`)}
            </span>
          ))}
        </span>
      </td>
      <td data-label={t('list.access')}>
        <span className={apiKey.access === 'read' ? 'chip' : 'chip chip--accent'}>
          {t(`access.${apiKey.access}`)}
        </span>
      </td>
      <td data-label={t('list.created')}>
        {formatDate(apiKey.createdAt)}
        {apiKey.createdBy ? (
          <span className="api-keys__by">{t('list.createdBy', { name: apiKey.createdBy.name })}</span>
        ) : null}
      </td>
      <td data-label={t('list.lastUsed')}>
        {apiKey.lastUsedAt ? formatDateTime(apiKey.lastUsedAt) : t('list.never')}
      </td>
      <td>
        {revoked ? (
          <span className="chip chip--danger">
            {t('list.revokedOn', { date: formatDate(apiKey.revokedAt) })}
          </span>
        ) : (
          <div className="table__actions">
            <Button
              variant="ghost"
              size="sm"
              aria-label={t('list.revokeLabel', { name: apiKey.name })}
              onClick={() => onRevoke(apiKey)}
            >
              {t('list.revoke')}
            </Button>
          </div>
        )}
      </td>
    </tr>
  );
};

const RecentUses = ({ uses }: { uses: ApiKeyUse[] }) => {
  const { t } = useTranslation('api-keys');
  if (uses.length === 0) return <p className="api-keys__note">{t('usage.none')}</p>;
  return (
    <div className="table-scroll">
      <table className="table table--stack" aria-label={t('usage.title')}>
        <thead>
          <tr>
            <th scope="col">{t('usage.at')}</th>
            <th scope="col">{t('usage.key')}</th>
            <th scope="col">{t('usage.call')}</th>
            <th scope="col">{t('usage.status')}</th>
          </tr>
        </thead>
        <tbody>
          {uses.map((use, index) => (
            // Two uses of one key may share a millisecond: the position tells them apart.
            <tr key={`${use.keyId}:${use.at}:${index}`}>
              <td>{formatDateTime(use.at)}</td>
              <td data-label={t('usage.key')} dir="auto">
                {use.keyName}
              </td>
              <td data-label={t('usage.call')}>
                <code className="api-keys__call ltr-value">
                  {use.call.replace(/^\/api\/v1\/enterprise\//, '')}
                </code>
              </td>
              <td data-label={t('usage.status')}>
                <span className={use.status < 400 ? 'chip chip--success' : 'chip chip--danger'}>
                  {use.status}
                </span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
};

/**
 * /enterprise/settings/api-keys (role named admin, like Settings): the organisation's API keys with
 * their permissions, access and last use, creating one (its secret shown once), revoking one, and the latest uses.
 */
export const ApiKeysPage = () => {
  const { t } = useTranslation('api-keys');
  const user = useAtomValue(enterpriseUserAtom);
  // Whoever the server would refuse the list it opens with (403) is sent away before anything is asked of it.
  const mayOpen = useCan(apiKeys.list);
  if (!user || mayOpen === null) return <LoadingBlock label={t('loading')} />;
  if (!mayOpen) return <Navigate to={paths.enterprise.unauthorized} replace />;
  return <ApiKeysScreen user={user} />;
};

const ApiKeysScreen = ({ user }: { user: EnterpriseUser }) => {
  const { t } = useTranslation('api-keys');
  const { state, reload } = useCall(apiKeys.list, {});
  const [creating, setCreating] = useState(false);
  const [secret, setSecret] = useState<{ name: string; secret: string } | null>(null);
  const revoking = useConfirmedDelete<ApiKey>(async (key) => {
    await api.call(apiKeys.revoke, { keyId: key._id });
    return t('confirm.revoked');
  }, reload);

  return (
    <div className="api-keys">
      <Link className="back-link" to={paths.enterprise.settings}>
        {t('back')}
      </Link>
      <PageHeader
        title={t('title')}
        description={t('description')}
        actions={
          <>
            <ApiReferenceLink className="btn btn--secondary btn--md" />
            <Button onClick={() => setCreating(true)}>{t('create')}</Button>
          </>
        }
      />
      <LoadStates state={state} reload={reload} what={t('what')}>
        {({ keys, recentUses }) => (
          <>
            {keys.length === 0 ? (
              <EmptyState title={t('list.none')} description={t('list.noneText')} />
            ) : (
              <div className="table-card">
                <div className="table-scroll">
                  <table className="table table--stack" aria-label={t('title')}>
                    <thead>
                      <tr>
                        <th scope="col">{t('list.name')}</th>
                        <th scope="col">{t('list.permissions')}</th>
                        <th scope="col">{t('list.access')}</th>
                        <th scope="col">{t('list.created')}</th>
                        <th scope="col">{t('list.lastUsed')}</th>
                        <th scope="col">
                          <span className="visually-hidden">{t('list.actions')}</span>
                        </th>
                      </tr>
                    </thead>
                    <tbody>
                      {keys.map((key) => (
                        <KeyRow key={key._id} apiKey={key} onRevoke={revoking.ask} />
                      ))}
                    </tbody>
                  </table>
                </div>
              </div>
            )}
            <Card title={t('usage.title')} aria-label={t('usage.title')} className="api-keys__usage">
              <p className="api-keys__note">{t('usage.description')}</p>
              <RecentUses uses={recentUses} />
            </Card>
          </>
        )}
      </LoadStates>

      {creating ? (
        <CreateApiKeyDialog
          user={user}
          onClose={() => setCreating(false)}
          onCreated={(created) => {
            setCreating(false);
            setSecret({ name: created.key.name, secret: created.secret });
            reload();
          }}
        />
      ) : null}
      {secret ? <ApiKeySecretDialog {...secret} onClose={() => setSecret(null)} /> : null}
      {revoking.pending ? (
        <ConfirmDialog
          title={t('confirm.title', { name: revoking.pending.name })}
          description={t('confirm.text')}
          confirmLabel={t('confirm.revoke')}
          {...revoking.dialog}
        />
      ) : null}
    </div>
  );
};
