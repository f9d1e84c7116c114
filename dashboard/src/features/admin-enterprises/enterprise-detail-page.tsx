import { ApiError, GENERIC_ERROR_MESSAGE } from '@coach/shared/client';
import { FEATURE_FLAGS, type FeatureFlagKey, switchFeature } from '@coach/shared/constants/features';
import { adminEnterprises, type EnterpriseDetail } from '@coach/shared/contract/admin-enterprises';
import type { FeatureFlags } from '@coach/shared/contract/auth';
import { useSetAtom } from 'jotai';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { STORAGE_KEYS } from '../../config/app-links.ts';
import { paths } from '../../config/paths.ts';
import { formatList, formatNumber } from '../../i18n/format.ts';
import { serverText } from '../../i18n/server-text.ts';
import { api } from '../../lib/api.ts';
import { formatDate } from '../../lib/dates.ts';
import { notify } from '../../lib/notify.ts';
import { enterpriseUserAtom, sessionAtoms } from '../../lib/session.ts';
import { useCall } from '../../lib/use-call.ts';
import { Button } from '../../ui/button.tsx';
import { ConfirmDialog } from '../../ui/dialog.tsx';
import { useInviteesApart } from '../../ui/joined-count.tsx';
import { Card, PageHeader } from '../../ui/layout.tsx';
import { LoadingBlock } from '../../ui/spinner.tsx';
import { ErrorState } from '../../ui/states.tsx';
import { SwitchField } from '../../ui/switch.tsx';
import { EnterpriseMembers, EnterpriseUsage } from './enterprise-activity.tsx';
import './admin-enterprises.css';

const Facts = ({ detail }: { detail: EnterpriseDetail }) => {
  const { t } = useTranslation('admin-enterprises');
  const inviteesApart = useInviteesApart();
  return (
    <Card title={t('facts.title')}>
      <dl className="enterprise-facts">
        <div>
          <dt>{t('facts.companyName')}</dt>
          <dd>{detail.company_name}</dd>
        </div>
        <div>
          <dt>{t('facts.address')}</dt>
          {/* bdi: an address takes its own letters' direction ("101 Collins Street" keeps its number in front). */}
          <dd>{detail.address ? <bdi>{detail.address}</bdi> : '—'}</dd>
        </div>
        <div>
          <dt>{t('facts.members')}</dt>
          {/* Invited is not joined: the invitees are counted apart, as on the list. */}
          <dd>
            {detail.invitedCount > 0
              ? `${formatNumber(detail.memberCount)} · ${inviteesApart(detail.invitedCount)}`
              : formatNumber(detail.memberCount)}
          </dd>
        </div>
        <div>
          <dt>{t('facts.signIn')}</dt>
          <dd>
            <ul className="enterprise-facts__list">
              <li>{t('facts.signInPassword')}</li>
              <li>{t('facts.signInApp', { count: detail.signInMethods.authenticatorApp })}</li>
              <li>{t('facts.signInSms', { count: detail.signInMethods.smsCodes })}</li>
              <li>{t('facts.signInPasskeys', { count: detail.signInMethods.passkeys })}</li>
              {detail.signInMethods.singleSignOn ? (
                <li>
                  {t('facts.signInSso', {
                    issuer: detail.signInMethods.singleSignOn.issuer,
                    domains: formatList(detail.signInMethods.singleSignOn.domains),
                  })}
                  {detail.signInMethods.singleSignOn.required ? (
                    <span className="chip">{t('facts.signInSsoRequired')}</span>
                  ) : null}
                </li>
              ) : (
                <li>{t('facts.signInSsoOff')}</li>
              )}
            </ul>
          </dd>
        </div>
        <div>
          <dt>{t('facts.created')}</dt>
          <dd>{formatDate(detail.createdAt)}</dd>
        </div>
        <div>
          <dt>{t('facts.defaultAdmin')}</dt>
          <dd>
            {detail.defaultAdmin ? (
              <>
                {/* Each in its own direction: "سارة QA" stays together and the address whole. */}
                <bdi>{detail.defaultAdmin.name}</bdi> · <bdi dir="ltr">{detail.defaultAdmin.email}</bdi>
                {detail.defaultAdmin.invitePending ? (
                  <span className="chip">{t('facts.invitePending')}</span>
                ) : null}
              </>
            ) : (
              '—'
            )}
          </dd>
        </div>
      </dl>
    </Card>
  );
};

const Features = ({
  detail,
  onSaved,
}: {
  detail: EnterpriseDetail;
  onSaved: (d: EnterpriseDetail) => void;
}) => {
  const { t } = useTranslation('admin-enterprises');
  // Flag names and what they close come from shared constants in English; the screen names them by key.
  const featureLabel = (key: FeatureFlagKey) => t(`features.${key}`);
  const [saving, setSaving] = useState<FeatureFlagKey | null>(null);
  // The switch moves at once; it moves back if the server refuses.
  const [pending, setPending] = useState<FeatureFlags | null>(null);
  const flags = pending ?? detail.features;
  // Switching a feature off closes screens and calls for every member at once, so it is asked first.
  const [closing, setClosing] = useState<FeatureFlagKey | null>(null);
  // Keyboard users land back on the switch they pressed when the question closes.
  const asker = useRef<HTMLElement | null>(null);
  const ask = (key: FeatureFlagKey) => {
    asker.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setClosing(key);
  };
  const answered = () => {
    setClosing(null);
    window.setTimeout(() => asker.current?.focus(), 0);
  };

  const toggle = async (key: FeatureFlagKey, on: boolean) => {
    // One change at a time: each save sends every flag, so a second one waits for the first (the switches say busy).
    if (saving) return;
    const next = switchFeature(flags, key, on);
    setSaving(key);
    setPending(next);
    try {
      const saved = await api.call(adminEnterprises.updateFeatures, {
        enterpriseId: detail._id,
        features: next,
      });
      onSaved(saved);
      notify.success(
        t(on ? 'flags.turnedOn' : 'flags.turnedOff', {
          feature: featureLabel(key),
          company: detail.company_name,
        }),
      );
    } catch (error) {
      notify.error(error instanceof ApiError ? error.message : GENERIC_ERROR_MESSAGE);
    } finally {
      setPending(null);
      setSaving(null);
    }
  };

  return (
    <Card title={t('flags.title')}>
      <p className="enterprise-features__note">{t('flags.note')}</p>
      <fieldset className="enterprise-features" aria-busy={saving !== null}>
        <legend className="visually-hidden">{t('flags.legend', { company: detail.company_name })}</legend>
        {FEATURE_FLAGS.map(({ key, parent }) => {
          const parentOff = parent !== null && !flags[parent];
          return (
            <div key={key} className={parent ? 'enterprise-features__child' : undefined}>
              <SwitchField
                label={featureLabel(key)}
                checked={flags[key]}
                disabled={parentOff}
                busy={saving !== null}
                saving={saving === key}
                hint={parentOff ? t('flags.needsParent', { feature: featureLabel(parent) }) : undefined}
                onChange={(on) => (on ? void toggle(key, on) : ask(key))}
              />
            </div>
          );
        })}
      </fieldset>
      {closing ? (
        <ConfirmDialog
          title={t('flags.confirmTitle', { feature: featureLabel(closing), company: detail.company_name })}
          description={t('flags.confirmText', {
            closes: t(`closes.${closing}`),
            company: detail.company_name,
          })}
          confirmLabel={t('flags.confirm', { feature: featureLabel(closing) })}
          busy={false}
          onCancel={answered}
          onConfirm={() => {
            const key = closing;
            answered();
            void toggle(key, false);
          }}
        />
      ) : null}
    </Card>
  );
};

/**
 * Log in as the enterprise (spec §1.2): its dashboard opens in this browser as the enterprise session with the
 * log-in-as marker; the admin session stays, and enterprise logout clears the marker (spec §4).
 */
const LoginAsButton = ({ detail }: { detail: EnterpriseDetail }) => {
  const { t } = useTranslation('admin-enterprises');
  const setSession = useSetAtom(sessionAtoms.enterprise);
  const setUser = useSetAtom(enterpriseUserAtom);
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const open = async () => {
    setBusy(true);
    try {
      const { accesstoken } = await api.call(adminEnterprises.loginAs, { enterpriseId: detail._id });
      localStorage.setItem(STORAGE_KEYS.loginAsEnterprise, detail._id);
      setUser(null);
      setSession({ token: accesstoken, mfaDone: true, refreshDone: false });
      navigate(paths.enterprise.dashboard);
    } catch (error) {
      notify.error(error instanceof ApiError ? error.message : GENERIC_ERROR_MESSAGE);
      setBusy(false);
    }
  };
  return (
    <Button variant="secondary" loading={busy} disabled={!detail.defaultAdmin} onClick={() => void open()}>
      {t('detail.loginAs', { company: detail.company_name })}
    </Button>
  );
};

/** /admin/enterprise/detail/:id: one company, its default admin and every feature flag of spec §3. */
export const EnterpriseDetailPage = () => {
  const { t } = useTranslation('admin-enterprises');
  const { id = '' } = useParams();
  const { state, setState, reload } = useCall(adminEnterprises.detail, { enterpriseId: id });
  return (
    <div className="admin-enterprise">
      <Link className="back-link" to={paths.admin.enterprises}>
        {t('detail.back')}
      </Link>
      {state.status === 'loading' ? (
        <LoadingBlock label={t('detail.loading')} />
      ) : state.status === 'error' ? (
        <ErrorState
          title={t('detail.loadError')}
          description={serverText(state.message)}
          action={
            <Button variant="secondary" onClick={reload}>
              {t('common:ui.tryAgain')}
            </Button>
          }
        />
      ) : (
        <>
          <PageHeader
            title={state.data.company_name}
            description={t('detail.description')}
            actions={<LoginAsButton detail={state.data} />}
          />
          <div className="admin-enterprise__grid">
            <Facts detail={state.data} />
            <Features detail={state.data} onSaved={(data) => setState({ status: 'ready', data })} />
            <EnterpriseUsage enterpriseId={state.data._id} />
          </div>
          <EnterpriseMembers enterpriseId={state.data._id} />
        </>
      )}
    </div>
  );
};
