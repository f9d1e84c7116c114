import { ERROR_CODES } from '@coach/shared/contract/envelope';
import { allCalls } from '@coach/shared/contract/registry';
import type { Context } from 'hono';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { envelopeError, mountCall, type Registration } from './adapter.ts';
import { mountApiReference } from './api-reference.ts';
import { compressJson } from './compression.ts';
import { closeUnreadBodies } from './connections.ts';
import type { Deps } from './deps.ts';
import { mountDevOutbox } from './dev-outbox.ts';
import { AppError, fromDatabaseError } from './errors.ts';
import { securityHeaders } from './middleware/api-answers.ts';
import { mountSiteCors } from './middleware/site-cors.ts';
import { LOCAL_PUT_PREFIX } from './providers/storage.ts';
import { requestLog } from './request-log.ts';
import { ResponseContractError } from './response-check.ts';
import { allRoutes } from './routes/index.ts';
import { mountLti } from './routes/lti.ts';
import { mountScim } from './routes/scim.ts';
import { mountLocalUploads } from './routes/uploads.ts';
import { courseOffered } from './services/marketplace/marketplace.ts';
import { mountStatic } from './static-files.ts';

const MAX_BODY = 1024 * 1024;

/** Builds the whole HTTP app from its dependencies (pure: tests call `app.request()`). */
export const createApp = (deps: Deps, { extraCalls = [] }: { extraCalls?: Registration[] } = {}) => {
  const app = new Hono();
  if (!deps.config.quiet) app.use('*', requestLog);
  // API answers and uploads are data: a policy that allows nothing (csp.ts API_CSP). HTML pages set their own
  // strict policy in static-files.ts, which these never overwrite.
  app.use('*', securityHeaders());
  // The marketplace's calls answer CORS for the static site's own origins (SITE_ORIGINS) and no other.
  mountSiteCors(app, deps.config.siteOrigins ?? []);
  // Refusals answered before the body was read (413 below, refused uploads) close the connection cleanly.
  app.use('*', closeUnreadBodies);
  const tooLarge = (c: Context) =>
    c.json(
      { success: 0, message: 'The request body is larger than 1 MB', code: ERROR_CODES.payloadTooLarge },
      413,
    );
  const jsonLimit = bodyLimit({ maxSize: MAX_BODY, onError: tooLarge });
  // Signed uploads stream their bytes under their own signed size limit instead. A request without a body (GET,
  // HEAD) or with its length declared is judged from its headers: asking Hono's bodyLimit for the body would build
  // a whole web Request around the socket for every call (4.6% of the server's CPU on auth/me).
  app.use('/api/*', async (c, next) => {
    const method = c.req.method;
    if (method === 'GET' || method === 'HEAD' || c.req.path.startsWith(LOCAL_PUT_PREFIX)) return next();
    const length = c.req.header('content-length');
    if (length !== undefined && c.req.header('transfer-encoding') === undefined)
      return Number.parseInt(length, 10) > MAX_BODY ? tooLarge(c) : next();
    return jsonLimit(c, next);
  });
  // JSON answers of 1 KB or more go out compressed (static files and pages negotiate in static-files.ts).
  app.use('/api/*', compressJson());
  // An answer is one person's data, or a secret shown once (an API key, a webhook's signing secret, a directory
  // token): no browser or proxy cache keeps it. A call that may be kept (a keyset, a public file) says so itself.
  app.use('/api/*', async (c, next) => {
    await next();
    if (!c.res.headers.has('cache-control')) c.res.headers.set('cache-control', 'no-store');
  });

  const handlers = new Map(allRoutes.map((r) => [r.entry, r.handler]));
  for (const { entry, handler } of extraCalls) mountCall(app, deps, entry, handler);
  for (const entry of allCalls) mountCall(app, deps, entry, handlers.get(entry));

  // The OpenAPI document of the contract and its reference page.
  mountApiReference(app);
  mountLocalUploads(app, deps);
  // SCIM 2.0 for an enterprise's directory, outside the envelope (RFC 7644).
  mountScim(app, deps);
  // LTI 1.3: the LMS's login initiation and launch, and the tool's keyset.
  mountLti(app, deps);
  app.all('/api/*', (c) => c.json({ success: 0, message: 'Not found', code: ERROR_CODES.notFound }, 404));
  mountDevOutbox(app, deps.config);
  mountStatic(app, deps.config, {
    storageOrigins: deps.storage.browserOrigins ?? [],
    courseOffered: (courseId) => courseOffered(deps, courseId),
  });
  app.notFound((c) => c.json({ success: 0, message: 'Not found', code: ERROR_CODES.notFound }, 404));

  app.onError((err, c) => {
    if (err instanceof AppError) return envelopeError(c, err);
    // A unique-key race or a value the database refuses is the request's doing: 409/422, never 500.
    const fromDatabase = fromDatabaseError(err);
    if (fromDatabase) return envelopeError(c, fromDatabase);
    // The client went away while its body was being read: nobody is there to answer, and it is no fault here.
    if (c.req.raw.signal.aborted)
      return c.json(
        { success: 0, message: 'The request ended before its body arrived', code: ERROR_CODES.validation },
        400,
      );
    console.error('Unexpected error', c.req.method, c.req.path, err);
    // Only with config.validateResponses (tests): the mismatch itself is the message, so the failing test shows it.
    if (err instanceof ResponseContractError)
      return c.json({ success: 0, message: err.message, code: ERROR_CODES.internal }, 500);
    return c.json(
      { success: 0, message: 'Something went wrong. Please try again.', code: ERROR_CODES.internal },
      500,
    );
  });
  return app;
};
