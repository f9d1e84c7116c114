import { SESSION_STORAGE_KEYS } from '@coach/shared/constants/session-storage';

/** Mobile app downloads offered in the footer (spec §1). */
export const APP_STORE_LINKS = {
  ios: 'https://apps.apple.com/app/coach-ai-speaking-coach/id0000000000',
  android: 'https://play.google.com/store/apps/details?id=example.coach.app',
} as const;

/** Storage keys: the two sessions are independent (spec §3, §4). */
export const STORAGE_KEYS = {
  enterpriseSession: SESSION_STORAGE_KEYS.enterprise,
  adminSession: SESSION_STORAGE_KEYS.admin,
  loginAsEnterprise: 'coach.loginAsEnterprise',
  menuMode: 'coach.menu.mode',
  /** The language chosen in this browser, before sign-in or from the member's profile. */
  language: 'coach.language',
} as const;
