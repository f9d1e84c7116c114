import { roles } from '@coach/shared/contract/roles';
import { enterpriseSso, SSO_TXT_PREFIX, type SsoSettings } from '@coach/shared/contract/sso';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api.ts';
import { apiErrorText, apiFieldErrorText } from '../../lib/api-error-text.ts';
import '../../ui/table.css';
import { notify } from '../../lib/notify.ts';
import { useCall } from '../../lib/use-call.ts';
import { type FormErrors, useContractForm } from '../../lib/use-contract-form.ts';
import { Button } from '../../ui/button.tsx';
import { ConfirmDialog } from '../../ui/dialog.tsx';
import { Card } from '../../ui/layout.tsx';
import { LoadStates } from '../../ui/load-states.tsx';
import { FormAlert } from '../../ui/states.tsx';
import { SwitchField } from '../../ui/switch.tsx';
import { PasswordField, SelectField, TextAreaField, TextField } from '../../ui/text-field.tsx';

type Role = { _id: string; name: string };
const FIELDS = ['issuer', 'clientId', 'clientSecret', 'domains', 'defaultRoleId'] as const;

/** Domains as typed: one per line, or separated by commas or spaces; an @ in front is forgiven. */
const domainsOf = (typed: string) =>
  typed
    .split(/[\s,;]+/)
    .map((part) => part.trim().replace(/^@/, '').toLowerCase())
    .filter(Boolean);

/**
 * Settings › Single sign-on, the default admin's alone: the company's OpenID Connect provider,
 * the email domains it owns, the role a first sign-in gets, and whether passwords are off. The client secret is
 * never shown again once saved; leaving it empty keeps it.
 */
export const SsoCard = () => {
  const { t } = useTranslation('settings');
  const settings = useCall(enterpriseSso.settings, {});
  const roleList = useCall(roles.options, {});
  return (
    <Card title={t('sso.title')} aria-label={t('sso.title')} className="settings__sso">
      <p className="settings__legal-note">{t('sso.note')}</p>
      <LoadStates state={settings.state} reload={settings.reload} what={t('sso.what')}>
        {(loaded) => (
          <LoadStates state={roleList.state} reload={roleList.reload} what={t('sso.rolesWhat')}>
            {(roleOptions) => (
              <SsoForm
                // A save or a removal starts the form afresh from what the server holds.
                key={loaded.connection?.updatedAt ?? 'none'}
                settings={loaded}
                roles={roleOptions}
                onChange={(next) => settings.setState({ status: 'ready', data: next })}
              />
            )}
          </LoadStates>
        )}
      </LoadStates>
    </Card>
  );
};

const SsoForm = ({
  settings,
  roles: roleOptions,
  onChange,
}: {
  settings: SsoSettings;
  roles: Role[];
  onChange: (next: SsoSettings) => void;
}) => {
  const { t } = useTranslation('settings');
  const saved = settings.connection;
  const learner = roleOptions.find((role) => role.name.toLowerCase() === 'learner') ?? roleOptions[0];
  const [issuer, setIssuer] = useState(saved?.issuer ?? '');
  const [clientId, setClientId] = useState(saved?.clientId ?? '');
  const [clientSecret, setClientSecret] = useState('');
  const [domains, setDomains] = useState(saved?.domains.map((d) => d.domain).join('\n') ?? '');
  const [defaultRoleId, setDefaultRoleId] = useState(saved?.defaultRoleId ?? learner?._id ?? '');
  const [requireSso, setRequireSso] = useState(saved?.requireSso ?? false);
  const { errors, saving, send, field } = useContractForm(FIELDS, enterpriseSso.save);
  const [confirmRemove, setConfirmRemove] = useState(false);
  const [removing, setRemoving] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // The form's own sentences for what is missing (the secret only the first time); a domain's error (domains.0)
    // shows under the list.
    const missing: FormErrors<(typeof FIELDS)[number]> = {};
    if (!issuer.trim()) missing.issuer = t('sso.issuerRequired');
    if (!clientId.trim()) missing.clientId = t('sso.clientIdRequired');
    if (!saved && !clientSecret) missing.clientSecret = t('sso.secretRequired');
    if (domainsOf(domains).length === 0) missing.domains = t('sso.domainsRequired');
    const response = await send(
      enterpriseSso.save,
      {
        issuer: issuer.trim(),
        clientId: clientId.trim(),
        ...(clientSecret ? { clientSecret } : {}),
        domains: domainsOf(domains),
        requireSso,
        defaultRoleId,
      },
      { errors: missing, errorText: apiErrorText },
    );
    if (response) onChange(response);
  };

  const remove = async () => {
    setRemoving(true);
    try {
      const { response, message } = await api.callWithMessage(enterpriseSso.remove, {});
      notify.success(message);
      setConfirmRemove(false);
      onChange(response);
    } catch (error) {
      notify.error(apiErrorText(error));
      setRemoving(false);
    }
  };

  return (
    <form className="settings__sso-form" onSubmit={submit} noValidate>
      <FormAlert message={errors.form ?? null} />
      <p className="settings__sso-status" role="status">
        {!saved
          ? t('sso.statusOff')
          : !saved.domains.some((d) => d.verifiedAt)
            ? t('sso.statusWaiting')
            : saved.requireSso
              ? t('sso.statusRequired')
              : t('sso.statusOn')}
      </p>
      <TextField
        label={t('sso.redirectUri')}
        value={settings.redirectUri}
        readOnly
        hint={t('sso.redirectUriHint')}
        onFocus={(event) => event.currentTarget.select()}
      />
      <TextField
        label={t('sso.issuer')}
        type="url"
        inputMode="url"
        placeholder="https://login.example.com"
        value={issuer}
        onChange={(event) => setIssuer(event.target.value)}
        {...field('issuer')}
        hint={t('sso.issuerHint')}
        required
      />
      <div className="settings__sso-pair">
        <TextField
          label={t('sso.clientId')}
          value={clientId}
          onChange={(event) => setClientId(event.target.value)}
          {...field('clientId')}
          autoComplete="off"
          required
        />
        <PasswordField
          label={t('sso.clientSecret')}
          value={clientSecret}
          onChange={(event) => setClientSecret(event.target.value)}
          error={errors.clientSecret}
          autoComplete="new-password"
          placeholder={saved ? t('sso.secretKept') : ''}
          hint={saved ? t('sso.secretKeptHint') : undefined}
          required={!saved}
        />
      </div>
      <TextAreaField
        label={t('sso.domains')}
        rows={3}
        value={domains}
        onChange={(event) => setDomains(event.target.value)}
        error={errors.domains}
        hint={t('sso.domainsHint')}
        spellCheck={false}
      />
      <SelectField
        label={t('sso.defaultRole')}
        value={defaultRoleId}
        onChange={(event) => setDefaultRoleId(event.target.value)}
        error={errors.defaultRoleId}
        hint={t('sso.defaultRoleHint')}
      >
        {roleOptions.map((role) => (
          <option key={role._id} value={role._id}>
            {role.name}
          </option>
        ))}
      </SelectField>
      <SwitchField
        label={t('sso.require')}
        checked={requireSso}
        onChange={setRequireSso}
        hint={t('sso.requireHint')}
      />
      {saved ? <DomainProofs settings={settings} onChange={onChange} /> : null}
      <div className="settings__sso-actions">
        <Button type="submit" loading={saving}>
          {t('sso.save')}
        </Button>
        {saved ? (
          <Button variant="ghost" onClick={() => setConfirmRemove(true)}>
            {t('sso.remove')}
          </Button>
        ) : null}
      </div>
      {confirmRemove ? (
        <ConfirmDialog
          title={t('sso.removeTitle')}
          description={t('sso.removeText')}
          confirmLabel={t('sso.removeConfirm')}
          busy={removing}
          onConfirm={() => void remove()}
          onCancel={() => setConfirmRemove(false)}
        />
      ) : null}
    </form>
  );
};

/** Each saved domain with its proof: the TXT record to publish, and a check of it now. */
const DomainProofs = ({
  settings,
  onChange,
}: {
  settings: SsoSettings;
  onChange: (next: SsoSettings) => void;
}) => {
  const { t } = useTranslation('settings');
  const [checking, setChecking] = useState<string | null>(null);
  const [problems, setProblems] = useState<Record<string, string>>({});
  const connection = settings.connection;
  if (!connection) return null;
  const check = async (domain: string) => {
    setChecking(domain);
    try {
      const { response, message } = await api.callWithMessage(enterpriseSso.verifyDomain, { domain });
      notify.success(message);
      setProblems((current) => ({ ...current, [domain]: '' }));
      onChange(response);
    } catch (error) {
      setProblems((current) => ({ ...current, [domain]: apiFieldErrorText(error) }));
    } finally {
      setChecking(null);
    }
  };
  return (
    <section className="settings__sso-domains" aria-labelledby="sso-domains-title">
      <h3 id="sso-domains-title" className="settings__sso-subtitle">
        {t('sso.domainsTitle')}
      </h3>
      <p className="settings__legal-note">{t('sso.domainsIntro')}</p>
      <ul className="settings__sso-domain-list">
        {connection.domains.map(({ domain, verifiedAt }) => (
          <li key={domain} className="settings__sso-domain">
            <div className="settings__sso-domain-head">
              <strong>{domain}</strong>
              <span className={`chip ${verifiedAt ? 'chip--success' : ''}`}>
                {verifiedAt ? t('sso.verified') : t('sso.unverified')}
              </span>
            </div>
            {verifiedAt ? null : (
              <>
                <dl className="settings__sso-record">
                  <div>
                    <dt>{t('sso.txtName')}</dt>
                    <dd>
                      <code>{`${SSO_TXT_PREFIX}.${domain}`}</code>
                    </dd>
                  </div>
                  <div>
                    <dt>{t('sso.txtValue')}</dt>
                    <dd>
                      <code>{connection.txtValue}</code>
                    </dd>
                  </div>
                </dl>
                <FormAlert message={problems[domain] || null} />
                <Button
                  variant="secondary"
                  size="sm"
                  loading={checking === domain}
                  disabled={checking !== null && checking !== domain}
                  aria-label={t('sso.checkDomain', { domain })}
                  onClick={() => void check(domain)}
                >
                  {t('sso.check')}
                </Button>
              </>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
};
