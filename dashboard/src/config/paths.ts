import { type Screen, screens } from './screens.ts';

/** A screen's entry in `paths`: its pattern, or `{ pattern, build }` when it has a link builder. */
type PathOf<S extends Screen> = S extends { build: infer Build }
  ? { pattern: S['path']; build: Build }
  : S['path'];

type PathsOf<Section extends Record<string, Screen>> = { [Id in keyof Section]: PathOf<Section[Id]> };

const pathsOf = <Section extends Record<string, Screen>>(section: Section): PathsOf<Section> =>
  // Object.fromEntries loses the keys' types; each value is built exactly as PathOf describes.
  Object.fromEntries(
    Object.entries(section).map(([id, screen]) => [
      id,
      screen.build ? { pattern: screen.path, build: screen.build } : screen.path,
    ]),
  ) as PathsOf<Section>;

/**
 * Every URL of the dashboard, built in one place (spec §2) from the screen table (screens.ts). Route
 * definitions use `.pattern`, links call `.build(...)`.
 */
export const paths = {
  /** Not screens: the entry redirect, the marketplace and the API reference, served beside the dashboard. */
  root: '/',
  marketplaceHome: '/marketplace/home',
  /** The marketplace's home in a language: English at the spec's path, the others under /<code> (the site's own). */
  marketplaceHomeIn: (language: string) =>
    language === 'en' ? '/marketplace/home' : `/${language}/marketplace/home`,
  /** The API reference (Redoc over the OpenAPI document), served by the server beside the dashboard. */
  apiReference: '/api-reference',
  ...pathsOf(screens.general),
  enterprise: pathsOf(screens.enterprise),
  admin: pathsOf(screens.admin),
} as const;

/** Only same-origin relative paths are followed after login (no `//evil.example`). */
export const safeRedirect = (value: string | null | undefined, fallback: string): string =>
  value?.startsWith('/') && !value.startsWith('//') ? value : fallback;

/** A route pattern with its `:name` (and optional `/:name?`) segments filled in, each encoded. */
export const fillPath = (pattern: string, params: Record<string, string | undefined> = {}) =>
  pattern.replace(/\/:(\w+)(\?)?/g, (_, name: string) => {
    const value = params[name];
    return value === undefined || value === '' ? '' : `/${encodeURIComponent(value)}`;
  });
