import type { MiddlewareHandler } from 'hono';

/**
 * The security headers of every answer that is not a page (pages set their own policy in static-files.ts, which
 * these never overwrite): API answers and uploads are data, so the policy allows nothing (csp.ts API_CSP). The same
 * set Hono's secureHeaders() gave with its defaults, embedder policy off.
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': 'max-age=15552000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
});
const SECURITY_ENTRIES = Object.entries(SECURITY_HEADERS);

/**
 * Answers built whole by jsonAnswer, with their length in bytes: their headers are known, so the
 * middleware after the handler need not read them back (each read turns the plain header list into a Headers object,
 * and reading a body turns the light answer of @hono/node-server into a web stream it must then pump).
 */
const prepared = new WeakMap<Response, number>();

/** The byte length of an answer built by jsonAnswer, or undefined for any other answer. */
export const preparedLength = (res: Response) => prepared.get(res);

/**
 * A JSON answer with everything it goes out with: type, length, Vary (API JSON of 1 KB or more is compressed by
 * Accept-Encoding, compression.ts) and the security headers.
 */
export const jsonAnswer = (value: unknown, status = 200): Response => {
  const text = JSON.stringify(value);
  const length = Buffer.byteLength(text);
  const res = new Response(text, {
    status,
    headers: {
      'content-type': 'application/json',
      'content-length': String(length),
      vary: 'Accept-Encoding',
      ...SECURITY_HEADERS,
    },
  });
  prepared.set(res, length);
  return res;
};

/** Sets the security headers an answer lacks (an answer built by jsonAnswer has them all already). */
export const securityHeaders = (): MiddlewareHandler => async (c, next) => {
  await next();
  if (prepared.has(c.res)) return;
  const headers = c.res.headers;
  for (const [name, value] of SECURITY_ENTRIES) if (!headers.has(name)) headers.set(name, value);
  headers.delete('x-powered-by');
};
