import { ApiError, GENERIC_ERROR_MESSAGE } from '@coach/shared/client';
import { adminAuth, enterpriseAuth, type SignedInSession } from '@coach/shared/contract/auth';
import { useSetAtom } from 'jotai';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { i18n } from '../../i18n/index.ts';
import { api } from '../../lib/api.ts';
import { formatDateTime } from '../../lib/dates.ts';
import { notify } from '../../lib/notify.ts';
import { type Audience, loggedOutOnPurposeAtom, logoutAtom } from '../../lib/session.ts';
import { useCall } from '../../lib/use-call.ts';
import { Button } from '../../ui/button.tsx';
import { Card } from '../../ui/layout.tsx';
import { LoadStates } from '../../ui/load-states.tsx';

const callsOf = (audience: Audience) => (audience === 'enterprise' ? enterpriseAuth : adminAuth);

/**
 * "Chrome 131 on Linux" in the reader's language from the session's parts; the server's own words for a header that
 * names neither (a script's User-Agent, shown as it came).
 */
export const deviceName = ({ device, browser, system }: SignedInSession) => {
  if (browser && system) return i18n.t('profile:sessions.deviceOn', { browser, system });
  if (system) return i18n.t('profile:sessions.browserOn', { system });
  if (browser) return browser;
  return device === 'Unknown device' ? i18n.t('profile:sessions.unknownDevice') : device;
};

/**
 * Where the account is signed in: each session's device, address and last use, and a way to sign
 * one out. Signing out this device's own session logs out here too.
 */
export const SessionsCard = ({ audience }: { audience: Audience }) => {
  const { t } = useTranslation('profile');
  const calls = callsOf(audience);
  const { state, reload } = useCall(calls.sessions, {});
  const logout = useSetAtom(logoutAtom);
  const setOnPurpose = useSetAtom(loggedOutOnPurposeAtom);
  const [ending, setEnding] = useState<string | null>(null);

  const end = async (session: SignedInSession) => {
    setEnding(session._id);
    try {
      await api.call(calls.endSession, { sessionId: session._id });
      if (session.current) {
        setOnPurpose(true);
        logout(audience);
        return;
      }
      notify.success(t('sessions.ended'));
      reload();
    } catch (error) {
      notify.error(error instanceof ApiError ? error.message : GENERIC_ERROR_MESSAGE);
    } finally {
      setEnding(null);
    }
  };

  return (
    <Card title={t('sessions.title')} aria-label={t('sessions.title')} className="profile__sessions">
      <LoadStates state={state} reload={reload} what={t('sessions.what')}>
        {({ listdata }) =>
          listdata.length === 0 ? (
            <p className="profile__muted">{t('sessions.none')}</p>
          ) : (
            <ul className="sessions" aria-label={t('sessions.list')}>
              {listdata.map((session) => (
                <li key={session._id} className="sessions__item">
                  <div className="sessions__what">
                    <span className="sessions__device">
                      {deviceName(session)}
                      {session.current && <span className="sessions__badge">{t('sessions.thisDevice')}</span>}
                    </span>
                    <span className="sessions__meta">
                      {/* An address reads left to right in any page ("::1" showed as "1::" in Arabic). */}
                      <bdi dir="ltr">{session.ip}</bdi> ·{' '}
                      {t('sessions.lastUsed', { date: formatDateTime(session.lastUsedAt) })} ·{' '}
                      {t('sessions.signedIn', { date: formatDateTime(session.createdAt) })}
                    </span>
                  </div>
                  <Button
                    variant={session.current ? 'secondary' : 'danger'}
                    size="sm"
                    loading={ending === session._id}
                    disabled={ending !== null}
                    onClick={() => void end(session)}
                    // The name starts with the words shown (label-in-name).
                    aria-label={
                      session.current
                        ? t('sessions.signOutHereLabel', { device: deviceName(session) })
                        : t('sessions.signOutLabel', { device: deviceName(session) })
                    }
                  >
                    {session.current ? t('sessions.signOutHere') : t('sessions.signOut')}
                  </Button>
                </li>
              ))}
            </ul>
          )
        }
      </LoadStates>
    </Card>
  );
};
