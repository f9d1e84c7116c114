import { LTI_PATHS } from '@coach/shared/contract/lti';
import type { Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { clientIp } from '../adapter.ts';
import { assertNotThrottled, IP_LIMIT, recordEvent } from '../auth/throttle.ts';
import { newNonce } from '../csp.ts';
import type { Deps } from '../deps.ts';
import { AppError } from '../errors.ts';
import { audit } from '../services/common/audit.ts';
import type { ServiceContext } from '../services/context.ts';
import { takeDeepLinkAnswer } from '../services/lti/deep-linking.ts';
import { completeLaunch, type LoginParams, startLogin } from '../services/lti/launch.ts';
import { toolKeyset } from '../services/lti/tool-keys.ts';

/**
 * The LTI 1.3 message endpoints, outside the envelope: the platform's browser comes to /lti/login (GET or a form
 * POST) and posts the id token to /lti/launch; /lti/jwks is the tool's public keyset. A refusal is a 4xx page that
 * says why (the person sees it inside their course), counted against the address and audited.
 */

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

const refusalPage = (c: Context, status: number, message: string) =>
  c.html(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>Coach: the launch did not work</title></head><body><main><h1>The launch did not work</h1><p>${escapeHtml(message)}</p><p>Go back to your course and open the activity again. If it keeps happening, tell your course's administrator what this page says.</p></main></body></html>`,
    status as 400,
  );

const serviceContext = (c: Context, deps: Deps): ServiceContext => ({
  ...deps,
  ip: clientIp(c, deps.config.trustProxy),
  clientPlatform: 'web',
  userAgent: c.req.header('user-agent') ?? '',
  requestLanguage: null,
  session: null,
  setMessage: () => {},
});

/** The parameters of a GET's query or a form POST's body. */
const paramsOf = async (c: Context): Promise<Record<string, string>> => {
  if (c.req.method === 'GET') return c.req.query();
  const body = await c.req.parseBody().catch(() => ({}));
  return Object.fromEntries(
    Object.entries(body).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
};

/**
 * The most a platform's form POST may hold: an id token of a few KB with room to spare. The API's 1 MB limit covers
 * /api/* only, and a form is read whole into memory, so without this a stranger's 2 GB POST would be read too.
 */
export const LTI_MAX_BODY = 64 * 1024;

export const mountLti = (app: Hono, deps: Deps) => {
  app.use(
    '/lti/*',
    bodyLimit({
      maxSize: LTI_MAX_BODY,
      onError: (c) => refusalPage(c, 413, 'The request is larger than an LMS sends: 64 KB at most'),
    }),
  );
  app.get(LTI_PATHS.keyset, async (c) => {
    const keyset = await toolKeyset(serviceContext(c, deps));
    c.header('Cache-Control', 'public, max-age=300');
    return c.json(keyset);
  });

  const step = (name: 'login' | 'launch') => async (c: Context) => {
    const ctx = serviceContext(c, deps);
    const ipKey = `lti-${name}:ip:${ctx.ip}`;
    let enterpriseId: string | null = null;
    let platformId: string | null = null;
    try {
      await assertNotThrottled(deps.db, ipKey, IP_LIMIT);
      const params = await paramsOf(c);
      if (name === 'login') {
        const { redirect, platform } = await startLogin(ctx, params as LoginParams);
        enterpriseId = platform.enterprise_id;
        platformId = platform.id;
        return c.redirect(redirect, 302);
      }
      const done = await completeLaunch(ctx, params);
      await audit(deps.db, {
        actorKind: 'enterprise',
        actorId: done.userId,
        enterpriseId: done.platform.enterprise_id,
        action: 'lti.launch',
        details: { platformId: done.platform.id, created: done.created },
      });
      // 303: the browser GETs the dashboard page after its form POST.
      return c.redirect(done.redirect, 303);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      if (error.status === 429) {
        c.header('Retry-After', String(error.retryAfter ?? 60));
        return refusalPage(
          c,
          429,
          'Too many launches from this address: wait a few minutes and launch again',
        );
      }
      await recordEvent(deps.db, ipKey);
      await audit(deps.db, {
        actorKind: 'lti-platform',
        actorId: platformId ?? 'unknown',
        enterpriseId,
        action: `lti.${name}.refused`,
        details: { status: error.status, reason: error.message },
      });
      return refusalPage(c, error.status, error.message);
    }
  };
  app.on(['GET', 'POST'], LTI_PATHS.login, step('login'));
  app.post(LTI_PATHS.launch, step('launch'));

  // Deep Linking's way back: the dashboard posts its answer's one-time code here (its own policy allows forms to
  // this origin only), and this page posts the signed answer on to the platform, the one address its policy allows.
  app.post(LTI_PATHS.deepLinkReturn, async (c) => {
    const ip = clientIp(c, deps.config.trustProxy);
    const ipKey = `lti-return:ip:${ip}`;
    try {
      await assertNotThrottled(deps.db, ipKey, IP_LIMIT);
    } catch (error) {
      if (error instanceof AppError && error.status === 429) {
        c.header('Retry-After', String(error.retryAfter ?? 60));
        return refusalPage(
          c,
          429,
          'Too many answers from this address: wait a few minutes and add the activity again',
        );
      }
      throw error;
    }
    const code = (await paramsOf(c)).code ?? '';
    const answer = /^[A-Za-z0-9_-]{43}$/.test(code) ? await takeDeepLinkAnswer(deps.db, code) : null;
    if (!answer) {
      await recordEvent(deps.db, ipKey);
      return refusalPage(
        c,
        401,
        'This answer to your course has expired or was sent already: add the activity again',
      );
    }
    const nonce = newNonce();
    c.header(
      'Content-Security-Policy',
      `default-src 'none'; script-src 'nonce-${nonce}'; form-action ${new URL(answer.returnUrl).origin}; base-uri 'none'; frame-ancestors 'none'`,
    );
    c.header('Cache-Control', 'no-store');
    c.header('Referrer-Policy', 'no-referrer');
    return c.html(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>Coach: back to your course</title></head><body><main><h1>Back to your course</h1><form method="post" action="${escapeHtml(answer.returnUrl)}"><input type="hidden" name="JWT" value="${escapeHtml(answer.jwt)}"><p>Your choice is on its way to your course.</p><button type="submit">Continue to your course</button></form></main><script nonce="${nonce}">document.forms[0].submit()</script></body></html>`,
    );
  });
};
