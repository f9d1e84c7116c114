import { type ScimRequest, type ScimToken, scimProvisioning } from '@coach/shared/contract/scim';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api.ts';
import { formatDate, formatDateTime } from '../../lib/dates.ts';
import { useCall } from '../../lib/use-call.ts';
import { useConfirmedDelete } from '../../lib/use-confirmed-delete.ts';
import { useContractForm } from '../../lib/use-contract-form.ts';
import { Button } from '../../ui/button.tsx';
import { ConfirmDialog } from '../../ui/dialog.tsx';
import { FormDialog } from '../../ui/form-dialog.tsx';
import { Card } from '../../ui/layout.tsx';
import { LoadStates } from '../../ui/load-states.tsx';
import { SecretOnceDialog } from '../../ui/secret-once-dialog.tsx';
import { TextField } from '../../ui/text-field.tsx';
import '../../ui/table.css';

/** Requests shown on the card (the server keeps the latest 25). */
const SHOWN_REQUESTS = 8;

const TokenRows = ({ tokens, onRevoke }: { tokens: ScimToken[]; onRevoke: (token: ScimToken) => void }) => {
  const { t } = useTranslation('settings');
  return (
    <div className="table-scroll">
      <table className="table table--stack" aria-label={t('scim.tokens')}>
        <thead>
          <tr>
            <th scope="col">{t('scim.name')}</th>
            <th scope="col">{t('scim.created')}</th>
            <th scope="col">{t('scim.lastUsed')}</th>
            <th scope="col">
              <span className="visually-hidden">{t('scim.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {tokens.map((token) => (
            <tr key={token._id}>
              <td>
                <span dir="auto">{token.name}</span>{' '}
                <code className="ltr-value settings__scim-prefix">{`${token.prefix}_…`}</code>
              </td>
              <td data-label={t('scim.created')}>{formatDate(token.createdAt)}</td>
              <td data-label={t('scim.lastUsed')}>
                {token.lastUsedAt ? formatDateTime(token.lastUsedAt) : t('scim.never')}
              </td>
              <td>
                {token.revokedAt ? (
                  <span className="chip chip--danger">
                    {t('scim.revokedOn', { date: formatDate(token.revokedAt) })}
                  </span>
                ) : (
                  <div className="table__actions">
                    <Button
                      variant="ghost"
                      size="sm"
                      aria-label={t('scim.revokeLabel', { name: token.name })}
                      onClick={() => onRevoke(token)}
                    >
                      {t('scim.revoke')}
                    </Button>
                  </div>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
};

const RecentRequests = ({ requests }: { requests: ScimRequest[] }) => {
  const { t } = useTranslation('settings');
  if (requests.length === 0) return <p className="settings__legal-note">{t('scim.noRequests')}</p>;
  return (
    <div className="table-scroll">
      <table className="table table--stack" aria-label={t('scim.requests')}>
        <thead>
          <tr>
            <th scope="col">{t('scim.at')}</th>
            <th scope="col">{t('scim.request')}</th>
            <th scope="col">{t('scim.status')}</th>
          </tr>
        </thead>
        <tbody>
          {requests.slice(0, SHOWN_REQUESTS).map((request, index) => (
            // Two requests may share a millisecond: the position tells them apart.
            <tr key={`${request.tokenId}:${request.at}:${index}`}>
              <td>{formatDateTime(request.at)}</td>
              <td data-label={t('scim.request')}>
                <code className="ltr-value">{request.call.replace('/scim/v2', '')}</code>
              </td>
              <td data-label={t('scim.status')}>
                <span className={request.status < 400 ? 'chip chip--success' : 'chip chip--danger'}>
                  {request.status}
                </span>
                {/* What the directory was told, so a refusal can be fixed from here. */}
                {request.detail ? (
                  <span className="settings__request-detail" lang="en" dir="ltr">
                    {request.detail}
                  </span>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
};

const CreateTokenDialog = ({
  onClose,
  onCreated,
}: {
  onClose: () => void;
  onCreated: (created: { name: string; secret: string }) => void;
}) => {
  const { t } = useTranslation('settings');
  const [name, setName] = useState('');
  const { errors, setErrors, saving, send, field } = useContractForm(
    ['name'] as const,
    scimProvisioning.create,
  );
  const submit = async () => {
    if (!name.trim()) return setErrors({ name: t('scim.nameRequired') });
    const created = await send(scimProvisioning.create, { name }, { toast: false });
    if (created) onCreated({ name: created.token.name, secret: created.secret });
  };
  return (
    <FormDialog
      title={t('scim.createTitle')}
      description={t('scim.createText')}
      formError={errors.form}
      submitLabel={t('scim.createSubmit')}
      saving={saving}
      onSubmit={() => void submit()}
      onClose={onClose}
    >
      <TextField
        label={t('scim.name')}
        hint={t('scim.nameHint')}
        value={name}
        onChange={(event) => {
          setName(event.target.value);
          setErrors({});
        }}
        {...field('name')}
        autoFocus
      />
    </FormDialog>
  );
};

/**
 * Settings › Directory sync (SCIM 2.0), for the role named admin: the base URL and a token to paste into Entra ID,
 * Okta or Google, the tokens (each revocable), and the directory's latest requests with their status.
 */
export const ScimCard = () => {
  const { t } = useTranslation('settings');
  const { state, reload } = useCall(scimProvisioning.list, {});
  const [creating, setCreating] = useState(false);
  const [secret, setSecret] = useState<{ name: string; secret: string } | null>(null);
  const revoking = useConfirmedDelete<ScimToken>(async (token) => {
    await api.call(scimProvisioning.revoke, { tokenId: token._id });
    return t('scim.revoked');
  }, reload);

  return (
    <Card title={t('scim.title')} aria-label={t('scim.title')} className="settings__scim">
      <p className="settings__legal-note">{t('scim.note')}</p>
      <LoadStates state={state} reload={reload} what={t('scim.what')}>
        {({ baseUrl, tokens, recentRequests }) => (
          <>
            <TextField
              label={t('scim.baseUrl')}
              value={baseUrl}
              readOnly
              hint={t('scim.baseUrlHint')}
              onFocus={(event) => event.currentTarget.select()}
            />
            {tokens.length === 0 ? (
              <p className="settings__legal-note">{t('scim.none')}</p>
            ) : (
              <TokenRows tokens={tokens} onRevoke={revoking.ask} />
            )}
            <div className="settings__actions">
              <Button onClick={() => setCreating(true)}>{t('scim.create')}</Button>
            </div>
            <h3 className="settings__subheading">{t('scim.requests')}</h3>
            <RecentRequests requests={recentRequests} />
          </>
        )}
      </LoadStates>
      {creating ? (
        <CreateTokenDialog
          onClose={() => setCreating(false)}
          onCreated={(created) => {
            setCreating(false);
            setSecret(created);
            reload();
          }}
        />
      ) : null}
      {secret ? (
        <SecretOnceDialog
          secret={secret.secret}
          onClose={() => setSecret(null)}
          words={{
            title: t('scim.secretTitle', { name: secret.name }),
            description: t('scim.secretWarning'),
            label: t('scim.secretLabel'),
            copy: t('scim.copy'),
            copyLabel: t('scim.copyLabel'),
            copied: t('scim.copied'),
            done: t('scim.done'),
            copyFailed: t('scim.copyFailed'),
          }}
        />
      ) : null}
      {revoking.pending ? (
        <ConfirmDialog
          title={t('scim.confirmTitle', { name: revoking.pending.name })}
          description={t('scim.confirmText')}
          confirmLabel={t('scim.revoke')}
          {...revoking.dialog}
        />
      ) : null}
    </Card>
  );
};
