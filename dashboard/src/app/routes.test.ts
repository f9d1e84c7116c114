import type { RouteObject } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { paths } from '../config/paths.ts';
import { screens } from '../config/screens.ts';
import { buildRoutes } from './routes.tsx';
import { screenPages } from './screen-pages.tsx';

const routePaths = (routes: RouteObject[]): string[] =>
  routes.flatMap((route) => [...(route.path ? [route.path] : []), ...routePaths(route.children ?? [])]);

const patternsOf = (value: unknown): string[] => {
  if (typeof value === 'string') return [value];
  if (value && typeof value === 'object')
    return 'pattern' in value ? [String(value.pattern)] : Object.values(value).flatMap(patternsOf);
  return [];
};

/** Catch-alls, which the axe e2e visits with an unknown address of their own. */
const CATCH_ALLS = ['/enterprise/*', '/admin/*', '/marketplace/*', '*'];

describe('the route table', () => {
  // e2e/tests/axe-every-route.spec.ts visits every path of paths.ts; a route with a path of its own would escape it.
  it('uses only paths of config/paths.ts and the catch-alls', () => {
    const known = new Set([...patternsOf(paths), ...CATCH_ALLS]);
    const used = routePaths(buildRoutes());
    expect(used.filter((path) => !known.has(path))).toEqual([]);
    expect(used.length).toBeGreaterThan(40);
  });

  it('routes every screen of config/screens.ts once, and the entry redirect', () => {
    const screenPaths = Object.values(screens).flatMap((section) =>
      Object.values(section).map((screen) => screen.path),
    );
    const used = routePaths(buildRoutes()).filter((path) => !CATCH_ALLS.includes(path));
    expect(used.sort()).toEqual([paths.root, ...screenPaths].sort());
  });

  // The compiler checks this already (screen-pages.tsx `satisfies`); this catches a cast or a spread that slips by.
  it('has a page for every screen and a screen for every page', () => {
    for (const section of Object.keys(screens) as (keyof typeof screens)[]) {
      expect(Object.keys(screenPages[section]).sort(), section).toEqual(Object.keys(screens[section]).sort());
    }
  });
});
