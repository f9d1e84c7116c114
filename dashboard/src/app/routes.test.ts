import type { RouteObject } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { paths } from '../config/paths.ts';
import { ENTERPRISE_COMING_LATER, PUBLIC_COMING_LATER } from './coming-later-screens.ts';
import { buildRoutes } from './routes.tsx';

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
  it('uses only paths of config/paths.ts, the coming-later screens and the catch-alls', () => {
    const known = new Set([
      ...patternsOf(paths),
      ...ENTERPRISE_COMING_LATER.map((screen) => screen.path),
      ...PUBLIC_COMING_LATER.map((screen) => screen.path),
      ...CATCH_ALLS,
    ]);
    const used = routePaths(buildRoutes());
    expect(used.filter((path) => !known.has(path))).toEqual([]);
    expect(used.length).toBeGreaterThan(40);
  });
});
