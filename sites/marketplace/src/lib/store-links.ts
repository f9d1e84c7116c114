import { appStoreLinksFrom } from '@coach/shared/format/store-links';

/**
 * The mobile app's store pages, from the same build settings as the dashboard's footer (VITE_APP_STORE_URL,
 * VITE_GOOGLE_PLAY_URL; docs/configuration.md). Read while the pages are built, in their frontmatter only, never
 * by a page's scripts; each is null where the deployment gives none, and its button is then not shown.
 */
export const STORE_LINKS = appStoreLinksFrom(process.env);
