import type { AdminUser, EnterpriseUser } from '@coach/shared/contract/auth';
import { atom } from 'jotai';
import { atomWithStorage, createJSONStorage } from 'jotai/utils';
import { STORAGE_KEYS } from '../config/app-links.ts';

export type Audience = 'enterprise' | 'admin';

/** One audience's session (spec §4): the token, whether the second factor is done, whether a refresh ran. */
export type Session = { token: string; mfaDone: boolean; refreshDone: boolean };

const storage = createJSONStorage<Session | null>(() => localStorage);

const enterpriseSessionAtom = atomWithStorage<Session | null>(STORAGE_KEYS.enterpriseSession, null, storage, {
  getOnInit: true,
});
const adminSessionAtom = atomWithStorage<Session | null>(STORAGE_KEYS.adminSession, null, storage, {
  getOnInit: true,
});

export const sessionAtoms = { enterprise: enterpriseSessionAtom, admin: adminSessionAtom } as const;

/** The signed-in enterprise user, fetched by `me` on the first private page (spec §4). */
export const enterpriseUserAtom = atom<EnterpriseUser | null>(null);
/** The signed-in platform admin. */
export const adminUserAtom = atom<AdminUser | null>(null);

/**
 * Bumped when the server refused one of the audience's calls (403): its view of the session (role, permissions,
 * feature flags) may have moved on from the profile loaded here, so the shell reads `me` again (session-effects.ts).
 */
export const profileDoubtedAtoms = { enterprise: atom(0), admin: atom(0) } as const;

/** True while the token refresh of spec §4 runs (the full-screen overlay). */
export const refreshingSessionAtom = atom(false);

/** Set when the user chose to log out, so the guard does not offer to return to the page they left. */
export const loggedOutOnPurposeAtom = atom(false);

/** Logs one audience out; the other session is left alone (spec §4). */
/**
 * Asked for when a platform admin acting as an enterprise logs out of it: the acting banner takes them back to the
 * admin area, as its own button does (the admin's session is still theirs; the enterprise's login was a dead end).
 */
export const leaveActingAtom = atom(0);

export const logoutAtom = atom(null, (_get, set, audience: Audience) => {
  if (audience === 'enterprise') {
    set(enterpriseSessionAtom, null);
    set(enterpriseUserAtom, null);
    localStorage.removeItem(STORAGE_KEYS.loginAsEnterprise);
    return;
  }
  set(adminSessionAtom, null);
  set(adminUserAtom, null);
});
