/** Mobile app downloads offered in the footer (spec §1). */
export const APP_STORE_LINKS = {
  ios: 'https://apps.apple.com/app/coach-ai-speaking-coach/id0000000000',
  android: 'https://play.google.com/store/apps/details?id=example.coach.app',
} as const;

/** Storage keys: the two sessions are independent (spec §3, §4). */
export const STORAGE_KEYS = {
  enterpriseSession: 'coach.enterprise.session',
  adminSession: 'coach.admin.session',
  loginAsEnterprise: 'coach.loginAsEnterprise',
  menuMode: 'coach.menu.mode',
} as const;
