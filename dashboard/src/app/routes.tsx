import type { PermissionKey } from '@coach/shared/permissions';
import type { RouteObject } from 'react-router-dom';
import { paths } from '../config/paths.ts';
import { type Screen, type ScreenArea, type ScreenSection, screens } from '../config/screens.ts';
import { namespacesReady } from '../i18n/index.ts';
import type { Audience } from '../lib/session.ts';
import { LoadingBlock } from '../ui/spinner.tsx';
import { RequirePermission, RequireSession, RequireVerifiedEmail } from './guards.tsx';
import { EntryRedirect, OpenMarketplacePage } from './marketplace-redirect.tsx';
import { RouteError } from './route-error.tsx';
import { type LoadPage, screenPages } from './screen-pages.tsx';

/**
 * A lazily loaded route element: each screen is its own chunk (ARCHITECTURE.md "Dashboard SPA"), shown once the
 * strings its modules use are in (each module asks for its namespaces as it loads: i18n/index.ts `needNamespaces`).
 */
const lazyElement = (load: LoadPage): Pick<RouteObject, 'lazy'> => ({
  lazy: async () => {
    const element = await load();
    await namespacesReady();
    return { element };
  },
});

/** Every screen of the table with its page, once. */
const allScreens = (Object.keys(screens) as ScreenSection[]).flatMap((section) => {
  const table: Record<string, Screen> = screens[section];
  const pages: Record<string, LoadPage> = screenPages[section];
  return Object.entries(table).map(([id, screen]) => {
    const page = pages[id];
    // Unreachable: screen-pages.tsx does not compile without a page for every screen.
    if (!page) throw new Error(`The screen ${section}.${id} has no page in screen-pages.tsx`);
    return { screen, page };
  });
});

/** The routes of the screens mounted in an area; those sharing a permission key sit under one permission guard. */
const routesIn = (area: ScreenArea): RouteObject[] => {
  const inArea = allScreens
    .filter(({ screen }) => screen.area === area)
    .map(({ screen, page }) => ({
      permission: screen.permission,
      route: { path: screen.path, ...lazyElement(page) },
    }));
  const keys = [
    ...new Set(inArea.map(({ permission }) => permission).filter((key): key is PermissionKey => !!key)),
  ];
  return [
    ...inArea.filter(({ permission }) => !permission).map(({ route }) => route),
    ...keys.map((key) => ({
      element: <RequirePermission permission={key} />,
      children: inArea.filter(({ permission }) => permission === key).map(({ route }) => route),
    })),
  ];
};

const sidebarLayout = (audience: Audience, children: RouteObject[]): RouteObject => ({
  ...lazyElement(() =>
    import('./layouts/sidebar-layout.tsx').then(({ SidebarLayout }) => <SidebarLayout audience={audience} />),
  ),
  children,
});

const fullpageLayout = (audience: Audience, children: RouteObject[]): RouteObject => ({
  ...lazyElement(() =>
    import('./layouts/fullpage-layout.tsx').then(({ FullpageLayout }) => (
      <FullpageLayout audience={audience} />
    )),
  ),
  children,
});

/** An unknown address under the audience's own prefix, for someone signed in. */
const signedInNotFound = (audience: Audience): RouteObject => ({
  path: `/${audience}/*`,
  ...lazyElement(() =>
    import('../features/errors/not-found-page.tsx').then(({ SignedInNotFoundPage }) => (
      <SignedInNotFoundPage audience={audience} />
    )),
  ),
});

/** Every route of spec §2 with its guards: the screens of config/screens.ts, each in its area. */
export const buildRoutes = (): RouteObject[] => [
  {
    hydrateFallbackElement: <LoadingBlock />,
    errorElement: <RouteError />,
    children: areaRoutes(),
  },
];

const areaRoutes = (): RouteObject[] => [
  { path: paths.root, element: <EntryRedirect to={paths.enterprise.dashboard} /> },
  ...routesIn('open'),
  {
    element: <RequireSession audience="enterprise" />,
    children: [
      ...routesIn('enterprise-unverified'),
      {
        element: <RequireVerifiedEmail />,
        children: [
          sidebarLayout('enterprise', [signedInNotFound('enterprise'), ...routesIn('enterprise')]),
          fullpageLayout('enterprise', routesIn('enterprise-fullpage')),
        ],
      },
    ],
  },
  {
    element: <RequireSession audience="admin" />,
    children: [
      sidebarLayout('admin', [...routesIn('admin'), signedInNotFound('admin')]),
      fullpageLayout('admin', routesIn('admin-fullpage')),
    ],
  },
  {
    ...lazyElement(() => import('./layouts/public-layout.tsx').then(({ PublicLayout }) => <PublicLayout />)),
    children: routesIn('public'),
  },
  { path: '/marketplace/*', element: <OpenMarketplacePage /> },
  { path: '*', element: <EntryRedirect to={paths.enterprise.login.build()} /> },
];
