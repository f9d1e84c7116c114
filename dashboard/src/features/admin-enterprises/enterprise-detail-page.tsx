import { ApiError, GENERIC_ERROR_MESSAGE } from '@coach/shared/client';
import {
  FEATURE_CLOSES,
  FEATURE_FLAGS,
  type FeatureFlagKey,
  featureLabel,
  switchFeature,
} from '@coach/shared/constants/features';
import { adminEnterprises, type EnterpriseDetail } from '@coach/shared/contract/admin-enterprises';
import type { FeatureFlags } from '@coach/shared/contract/auth';
import { useSetAtom } from 'jotai';
import { useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { STORAGE_KEYS } from '../../config/app-links.ts';
import { paths } from '../../config/paths.ts';
import { api } from '../../lib/api.ts';
import { formatDate } from '../../lib/dates.ts';
import { notify } from '../../lib/notify.ts';
import { enterpriseUserAtom, sessionAtoms } from '../../lib/session.ts';
import { useLoad } from '../../lib/use-load.ts';
import { Button } from '../../ui/button.tsx';
import { ConfirmDialog } from '../../ui/dialog.tsx';
import { Card, PageHeader } from '../../ui/layout.tsx';
import { LoadingBlock } from '../../ui/spinner.tsx';
import { ErrorState } from '../../ui/states.tsx';
import { SwitchField } from '../../ui/switch.tsx';
import { EnterpriseMembers, EnterpriseUsage } from './enterprise-activity.tsx';
import './admin-enterprises.css';

const Facts = ({ detail }: { detail: EnterpriseDetail }) => (
  <Card title="Company">
    <dl className="enterprise-facts">
      <div>
        <dt>Company name</dt>
        <dd>{detail.company_name}</dd>
      </div>
      <div>
        <dt>Address</dt>
        {/* bdi: an address takes its own letters' direction ("101 Collins Street" keeps its number in front). */}
        <dd>{detail.address ? <bdi>{detail.address}</bdi> : '—'}</dd>
      </div>
      <div>
        <dt>Members</dt>
        <dd>{detail.memberCount}</dd>
      </div>
      <div>
        <dt>Created</dt>
        <dd>{formatDate(detail.createdAt)}</dd>
      </div>
      <div>
        <dt>Default admin</dt>
        <dd>
          {detail.defaultAdmin ? (
            <>
              {detail.defaultAdmin.name} · {detail.defaultAdmin.email}
              {detail.defaultAdmin.invitePending ? <span className="chip">Invitation pending</span> : null}
            </>
          ) : (
            '—'
          )}
        </dd>
      </div>
    </dl>
  </Card>
);

const Features = ({
  detail,
  onSaved,
}: {
  detail: EnterpriseDetail;
  onSaved: (d: EnterpriseDetail) => void;
}) => {
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
      notify.success(`${featureLabel(key)} is ${on ? 'on' : 'off'} for ${detail.company_name}`);
    } catch (error) {
      notify.error(error instanceof ApiError ? error.message : GENERIC_ERROR_MESSAGE);
    } finally {
      setPending(null);
      setSaving(null);
    }
  };

  return (
    <Card title="Features">
      <p className="enterprise-features__note">
        Changes apply at once: a feature switched off disappears from the enterprise's menu and its calls are
        refused, so switching one off is asked first.
      </p>
      <fieldset className="enterprise-features" aria-busy={saving !== null}>
        <legend className="visually-hidden">Features of {detail.company_name}</legend>
        {FEATURE_FLAGS.map(({ key, label, parent }) => {
          const parentOff = parent !== null && !flags[parent];
          return (
            <div key={key} className={parent ? 'enterprise-features__child' : undefined}>
              <SwitchField
                label={label}
                checked={flags[key]}
                disabled={parentOff}
                busy={saving !== null}
                saving={saving === key}
                hint={parentOff ? `Turn on ${featureLabel(parent)} first` : undefined}
                onChange={(on) => (on ? void toggle(key, on) : ask(key))}
              />
            </div>
          );
        })}
      </fieldset>
      {closing ? (
        <ConfirmDialog
          title={`Switch ${featureLabel(closing)} off for ${detail.company_name}?`}
          description={`This closes ${FEATURE_CLOSES[closing]} for all of ${detail.company_name}'s members at once; their calls are refused. Nothing is deleted: switching it on again brings it all back.`}
          confirmLabel={`Switch ${featureLabel(closing)} off`}
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
      Log in as {detail.company_name}
    </Button>
  );
};

/** /admin/enterprise/detail/:id: one company, its default admin and every feature flag of spec §3 (issue 7). */
export const EnterpriseDetailPage = () => {
  const { id = '' } = useParams();
  const { state, setState, reload } = useLoad(id, () =>
    api.call(adminEnterprises.detail, { enterpriseId: id }),
  );
  return (
    <div className="admin-enterprise">
      <Link className="back-link" to={paths.admin.enterprises}>
        Enterprises
      </Link>
      {state.status === 'loading' ? (
        <LoadingBlock label="Loading the enterprise" />
      ) : state.status === 'error' ? (
        <ErrorState
          title="The enterprise could not be loaded"
          description={state.message}
          action={
            <Button variant="secondary" onClick={reload}>
              Try again
            </Button>
          }
        />
      ) : (
        <>
          <PageHeader
            title={state.data.company_name}
            description="Company details, the features it can use, its usage and its members."
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
