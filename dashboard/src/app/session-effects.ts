import { ApiError } from '@coach/shared/client';
import { TOKEN_REFRESH_WINDOW_SECONDS } from '@coach/shared/constants/timing';
import { useAtom, useSetAtom } from 'jotai';
import { useCallback, useEffect, useRef, useState } from 'react';
import { audienceConfig } from '../config/audience.ts';
import { adoptAccountLanguage } from '../i18n/account.ts';
import { api } from '../lib/api.ts';
import { secondsUntilExpiry } from '../lib/jwt.ts';
import {
  type Audience,
  adminUserAtom,
  enterpriseUserAtom,
  refreshingSessionAtom,
  sessionAtoms,
} from '../lib/session.ts';

/**
 * spec §4 token refresh: on a private page, when the token expires in (0, 14400] s and no refresh ran
 * yet, show the overlay, ask for a new token and store it; a failure is only logged.
 */
export const useTokenRefresh = (audience: Audience) => {
  const [session, setSession] = useAtom(sessionAtoms[audience]);
  const setRefreshing = useSetAtom(refreshingSessionAtom);
  const started = useRef(false);

  useEffect(() => {
    if (!session?.mfaDone || session.refreshDone || started.current) return;
    const left = secondsUntilExpiry(session.token);
    if (left === null || left <= 0 || left > TOKEN_REFRESH_WINDOW_SECONDS) return;
    started.current = true;
    setRefreshing(true);
    api
      .call(audienceConfig[audience].calls.refreshToken, {})
      .then(({ accesstoken }) => setSession({ token: accesstoken, mfaDone: true, refreshDone: true }))
      .catch((error: unknown) => console.error('Session refresh failed', error))
      .finally(() => setRefreshing(false));
  }, [audience, session, setSession, setRefreshing]);
};

/** A language that failed to load or save leaves the screen as it is: the profile still opens. */
const keep = (error: unknown) => {
  console.error('Applying the saved language failed', error);
  return null;
};

/**
 * spec §4: the first private page with no user yet fetches the profile. A 401 is handled by the API
 * client (message toast + logout); other failures are logged and offered a retry.
 */
export const useSignedInUser = (audience: Audience) => {
  const [session] = useAtom(sessionAtoms[audience]);
  const [enterpriseUser, setEnterpriseUser] = useAtom(enterpriseUserAtom);
  const [adminUser, setAdminUser] = useAtom(adminUserAtom);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const loaded = audience === 'enterprise' ? enterpriseUser !== null : adminUser !== null;
  const ready = session?.mfaDone ?? false;

  useEffect(() => {
    if (!ready || loaded) return;
    let active = true;
    setFailed(false);
    // The person's language is shown before their first screen; a platform admin logged in as an
    // enterprise keeps their own.
    const request =
      audience === 'enterprise'
        ? api.call(audienceConfig.enterprise.calls.me, {}).then(async (user) => {
            const saved = user.loggedInAsAdmin
              ? null
              : await adoptAccountLanguage('enterprise', user).catch(keep);
            if (active) setEnterpriseUser(saved ?? user);
          })
        : api.call(audienceConfig.admin.calls.me, {}).then(async (user) => {
            const saved = await adoptAccountLanguage('admin', user).catch(keep);
            if (active) setAdminUser(saved ?? user);
          });
    request.catch((error: unknown) => {
      if (error instanceof ApiError && error.status === 401) return;
      console.error('Loading the profile failed', error);
      if (active) setFailed(true);
    });
    return () => {
      active = false;
    };
  }, [audience, ready, loaded, attempt, setEnterpriseUser, setAdminUser]);

  const retry = useCallback(() => setAttempt((value) => value + 1), []);
  return { loaded, failed, retry };
};
