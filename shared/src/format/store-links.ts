/** The store pages of the mobile app; null where the deployment gives none. */
export type AppStoreLinks = { ios: string | null; android: string | null };

/** The build settings that name them (docs/configuration.md, build-time settings), for the dashboard and the site. */
export type StoreLinkSettings = {
  VITE_APP_STORE_URL?: string | undefined;
  VITE_GOOGLE_PLAY_URL?: string | undefined;
};

/** An address worth a button: an absolute http(s) URL, else null (unset, blank or mistyped). */
const storeAddress = (value: string | undefined): string | null => {
  const trimmed = value?.trim();
  if (!trimmed) return null;
  try {
    const { protocol } = new URL(trimmed);
    return protocol === 'https:' || protocol === 'http:' ? trimmed : null;
  } catch {
    return null;
  }
};

/**
 * The store pages from the build's settings. They are the deployment's own (each operator ships the app under its
 * own account), so none is written in the code: a button without an address is not shown rather than sending people
 * to a missing app.
 */
export const appStoreLinksFrom = (settings: StoreLinkSettings): AppStoreLinks => ({
  ios: storeAddress(settings.VITE_APP_STORE_URL),
  android: storeAddress(settings.VITE_GOOGLE_PLAY_URL),
});
