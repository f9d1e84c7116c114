import { SESSION_STORAGE_KEYS } from '@coach/shared/constants/session-storage';
import { type AppStoreLinks, appStoreLinksFrom } from '@coach/shared/format/store-links';

declare global {
  interface ImportMetaEnv {
    /** The App Store page of the mobile app (docs/configuration.md, build-time settings). */
    readonly VITE_APP_STORE_URL?: string;
    /** The Google Play page of the mobile app. */
    readonly VITE_GOOGLE_PLAY_URL?: string;
  }
}

/** Mobile app downloads offered in the footer (spec §1), as this build was configured. */
export const APP_STORE_LINKS: AppStoreLinks = appStoreLinksFrom(import.meta.env);

/** Storage keys: the two sessions are independent (spec §3, §4). */
export const STORAGE_KEYS = {
  enterpriseSession: SESSION_STORAGE_KEYS.enterprise,
  adminSession: SESSION_STORAGE_KEYS.admin,
  loginAsEnterprise: 'coach.loginAsEnterprise',
  menuMode: 'coach.menu.mode',
  /** The language chosen in this browser, before sign-in or from the member's profile. */
  language: 'coach.language',
} as const;
