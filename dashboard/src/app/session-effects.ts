import { ApiError } from '@coach/shared/client';
import { TOKEN_REFRESH_WINDOW_SECONDS } from '@coach/shared/constants/timing';
import { useAtom, useAtomValue, useSetAtom, useStore } from 'jotai';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { audienceConfig } from '../config/audience.ts';
import { adoptAccountLanguage } from '../i18n/account.ts';
import { api } from '../lib/api.ts';
import { secondsUntilExpiry } from '../lib/jwt.ts';
import {
  type Audience,
  adminUserAtom,
  enterpriseUserAtom,
  profileDoubtedAtoms,
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

/**
 * How old the loaded profile may be before a navigation reads it again. A few seconds: a role or flag changed by
 * an admin shows on the holder's next click after that, while a burst of clicks costs at most one `me` per window.
 */
export const PROFILE_RECHECK_MS = 5_000;

/**
 * Keeps the shell's view of the session (role, permissions, feature flags: the menu, the role label, the
 * permission guards) in step with the server's, which applies a role change on the very next request (the Roles
 * page promises a change reaches its holders "as soon as they next click").
 *
 * Why on navigation: a click that changes screen is when the menu and the guards are read, so it is the moment the
 * profile must be current; polling would cost requests while nobody clicks, and asking on every click would cost
 * one per click. So a navigation reads `me` again when the profile is older than PROFILE_RECHECK_MS (one request
 * at a time, in the background: the screen does not wait for it). A 403 on any of the session's calls
 * (`profileDoubtedAtoms`) reads it at once, since the server has just said the view here is out of date. The
 * answer replaces the profile only when it differs, so an unchanged one re-renders nothing; a lost permission
 * then takes the menu item away and sends the screen needing it to the unauthorized page (RequirePermission).
 */
export const useProfileKeptCurrent = (audience: Audience) => {
  const store = useStore();
  const { key } = useLocation();
  const doubted = useAtomValue(profileDoubtedAtoms[audience]);
  const checkedAt = useRef(Date.now());
  const inFlight = useRef(false);
  const lastKey = useRef(key);
  const lastDoubt = useRef(doubted);

  useEffect(() => {
    const navigated = key !== lastKey.current;
    const refused = doubted !== lastDoubt.current;
    lastKey.current = key;
    lastDoubt.current = doubted;
    if (!navigated && !refused) return;
    if (inFlight.current || (!refused && Date.now() - checkedAt.current < PROFILE_RECHECK_MS)) return;
    const token = store.get(sessionAtoms[audience])?.token;
    const loaded =
      audience === 'enterprise' ? store.get(enterpriseUserAtom) !== null : store.get(adminUserAtom) !== null;
    if (!token || !loaded) return;
    inFlight.current = true;
    checkedAt.current = Date.now();
    const same = (before: unknown, after: unknown) => JSON.stringify(before) === JSON.stringify(after);
    // The answer counts only for the session that asked (not after a sign-out or another sign-in meanwhile).
    const stillAsking = () => store.get(sessionAtoms[audience])?.token === token;
    const request =
      audience === 'enterprise'
        ? api.call(audienceConfig.enterprise.calls.me, {}).then((user) => {
            if (stillAsking() && !same(store.get(enterpriseUserAtom), user))
              store.set(enterpriseUserAtom, user);
          })
        : api.call(audienceConfig.admin.calls.me, {}).then((user) => {
            if (stillAsking() && !same(store.get(adminUserAtom), user)) store.set(adminUserAtom, user);
          });
    // A 401 logs out through the API client; anything else leaves the profile as it was until the next try.
    request
      .catch((error: unknown) => {
        if (!(error instanceof ApiError && error.status === 401))
          console.warn('Reading the profile again failed', error);
      })
      .finally(() => {
        inFlight.current = false;
      });
  }, [audience, key, doubted, store]);
};
