import { enterpriseSso as enterpriseSsoCalls } from 'virtual:light-contract/sso';
import { useEffect, useState } from 'react';
import { api } from '../../lib/api.ts';

/**
 * Single sign-on from /login. The key `sso/start` gives is kept in this tab's sessionStorage, so
 * only the tab that went to the identity provider can finish the sign-in when it comes back to /sso/callback (a
 * link to the callback sent by someone else finds no key and signs nobody in).
 */
const ATTEMPT_KEY = 'coach.sso.attempt';

type Attempt = { browserKey: string; redirect: string | null };

export type Discovery = { singleSignOn: boolean; required: boolean };

const looksLikeEmail = (email: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim());

/** Whether the typed address's organisation signs in with single sign-on: asked once typing pauses. */
export const useSsoDiscovery = (email: string, enabled: boolean): Discovery | null => {
  const [found, setFound] = useState<{ email: string; discovery: Discovery } | null>(null);
  const typed = email.trim().toLowerCase();
  useEffect(() => {
    if (!enabled || !looksLikeEmail(typed)) return;
    let current = true;
    const timer = setTimeout(() => {
      api
        .call(enterpriseSsoCalls.discover, { email: typed })
        .then((discovery) => {
          if (current) setFound({ email: typed, discovery });
        })
        // Not knowing is the same as no: the password form stays, and the server still says if SSO is required.
        .catch(() => undefined);
    }, 350);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [typed, enabled]);
  return enabled && found?.email === typed ? found.discovery : null;
};

/** Sends the browser to the identity provider. */
export const startSingleSignOn = async (email: string, redirect: string | null) => {
  const { authorizationUrl, browserKey } = await api.call(enterpriseSsoCalls.start, { email });
  sessionStorage.setItem(ATTEMPT_KEY, JSON.stringify({ browserKey, redirect } satisfies Attempt));
  window.location.assign(authorizationUrl);
};

/** The attempt this tab started, taken once. */
export const takeSsoAttempt = (): Attempt | null => {
  const raw = sessionStorage.getItem(ATTEMPT_KEY);
  sessionStorage.removeItem(ATTEMPT_KEY);
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as Partial<Attempt>;
    return typeof parsed.browserKey === 'string'
      ? {
          browserKey: parsed.browserKey,
          redirect: typeof parsed.redirect === 'string' ? parsed.redirect : null,
        }
      : null;
  } catch {
    return null;
  }
};
