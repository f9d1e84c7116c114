import { SESSION_STORAGE_KEYS } from '@coach/shared/constants/session-storage';

/**
 * The enterprise session the dashboard keeps on this origin (the one-process server serves both), when it is
 * signed in with its second factor; null otherwise, and wherever storage cannot be read.
 */
export const signedInToken = () => {
  try {
    const raw = localStorage.getItem(SESSION_STORAGE_KEYS.enterprise);
    const session = raw ? (JSON.parse(raw) as { token?: string; mfaDone?: boolean }) : null;
    return session?.token && session.mfaDone ? session.token : null;
  } catch {
    return null;
  }
};
