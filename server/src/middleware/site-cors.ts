import { API_BASE } from '@coach/shared/contract/define-call';
import type { Hono } from 'hono';
import { cors } from 'hono/cors';

/** How long a browser may keep a preflight's answer (seconds). */
const PREFLIGHT_MAX_AGE = 600;

/**
 * The marketplace's calls for the static site on another origin (a CDN; SITE_ORIGINS): those origins, and no
 * other, get a CORS grant, preflight included. Never with credentials: the marketplace's calls are public and
 * carry no cookie or token. Without SITE_ORIGINS nothing is granted, as the site is then served from here.
 */
export const mountSiteCors = (app: Hono, siteOrigins: readonly string[]) => {
  if (siteOrigins.length === 0) return;
  const allowed = new Set(siteOrigins);
  app.use(
    `${API_BASE.marketplace}/*`,
    cors({
      origin: (origin) => (allowed.has(origin) ? origin : null),
      allowMethods: ['GET', 'POST'],
      allowHeaders: ['Content-Type', 'Accept-Language'],
      maxAge: PREFLIGHT_MAX_AGE,
      credentials: false,
    }),
  );
};
