import { SCIM_BASE_PATH } from '@coach/shared/contract/scim';
import type { Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { clientIp } from '../adapter.ts';
import type { Deps } from '../deps.ts';
import { AppError } from '../errors.ts';
import type { ServiceContext } from '../services/context.ts';
import { answerScim, type ScimAnswer, scimErrorBody } from '../services/directory/scim.ts';
import { scimGroups } from '../services/directory/scim-groups.ts';
import { scimUsers } from '../services/directory/scim-users.ts';
import { bearerOf } from '../session/api-keys.ts';
import {
  assertScimNotThrottled,
  auditScimRequest,
  DEFAULT_SCIM_RATE_LIMIT,
  type FoundScimToken,
  findScimToken,
  touchScimToken,
} from '../session/scim-tokens.ts';

/**
 * The SCIM 2.0 endpoints at /scim/v2 (RFC 7644), outside the envelope: `application/scim+json` in and out, SCIM
 * error bodies, a bearer SCIM token that names the enterprise (no enterprise id is read from the request). Each
 * request is limited per token and audited, refused ones included; services/directory/scim.ts does the work.
 */

const SCIM_TYPE = 'application/scim+json';
const MAX_BODY = 1024 * 1024;

const answer = (c: Context, result: ScimAnswer) => {
  const headers: Record<string, string> = {};
  if (result.etag) headers.ETag = result.etag;
  if (result.location) headers.Location = result.location;
  if (result.status === 204 || result.status === 304) return c.body(null, result.status, headers);
  headers['Content-Type'] = SCIM_TYPE;
  return c.body(JSON.stringify(result.body ?? {}), result.status as 200, headers);
};

const refusal = (status: number, detail: string, scimType?: string): ScimAnswer => ({
  status,
  body: scimErrorBody(status, detail, scimType),
});

/** A refused request's reason (the SCIM error's detail), kept with it so Settings can say why, not only the status. */
const refusedBecause = (result: ScimAnswer) => {
  const detail = result.status >= 400 ? (result.body as { detail?: unknown } | undefined)?.detail : undefined;
  return typeof detail === 'string' && detail ? { detail: detail.slice(0, 300) } : {};
};

/** The JSON body of a write, or a refusal (SCIM bodies are JSON, as `application/scim+json` or `application/json`). */
const readBody = async (c: Context): Promise<{ body: unknown } | ScimAnswer> => {
  if (c.req.method === 'GET' || c.req.method === 'DELETE' || c.req.method === 'HEAD')
    return { body: undefined };
  const type = (c.req.header('content-type') ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  if (type !== SCIM_TYPE && type !== 'application/json')
    return refusal(415, `Send the body as ${SCIM_TYPE}`, 'invalidSyntax');
  const text = await c.req.text();
  try {
    return { body: JSON.parse(text) as unknown };
  } catch {
    return refusal(400, 'The body is not valid JSON', 'invalidSyntax');
  }
};

export const mountScim = (app: Hono, deps: Deps) => {
  const tooLarge = (c: Context) => answer(c, refusal(413, 'The request body is larger than 1 MB'));
  app.use(`${SCIM_BASE_PATH}/*`, bodyLimit({ maxSize: MAX_BODY, onError: tooLarge }));
  app.all(`${SCIM_BASE_PATH}/*`, async (c) => {
    const path = c.req.path.slice(SCIM_BASE_PATH.length);
    const call = `${c.req.method} ${SCIM_BASE_PATH}${path}`;
    let token: FoundScimToken;
    try {
      const bearer = bearerOf(c.req.header('authorization'));
      if (!bearer)
        throw new AppError(401, 'UNAUTHENTICATED', 'Send the SCIM token as Authorization: Bearer <token>');
      token = await findScimToken(deps.db, bearer);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      c.header('WWW-Authenticate', 'Bearer realm="scim"');
      return answer(c, refusal(401, error.message));
    }
    let result: ScimAnswer;
    try {
      await assertScimNotThrottled(deps.db, token, deps.config.scimRateLimit ?? DEFAULT_SCIM_RATE_LIMIT);
      await touchScimToken(deps.db, token);
      const read = await readBody(c);
      if ('status' in read) result = read;
      else {
        const service: ServiceContext = {
          ...deps,
          ip: clientIp(c, deps.config.trustProxy),
          clientPlatform: 'web',
          userAgent: c.req.header('user-agent') ?? '',
          requestLanguage: null,
          session: null,
          setMessage: () => {},
        };
        const sc = {
          service,
          enterpriseId: token.enterpriseId,
          creator: token.creator,
          changes: [] as string[],
          resources: { Users: scimUsers, Groups: scimGroups },
        };
        result = await answerScim(sc, `${deps.config.publicUrl}${SCIM_BASE_PATH}`, {
          method: c.req.method,
          path,
          query: c.req.query(),
          body: read.body,
          ifMatch: c.req.header('if-match'),
          ifNoneMatch: c.req.header('if-none-match'),
        });
        if (result.fault) console.error('SCIM request failed', call, result.fault);
        await auditScimRequest(deps.db, token, {
          call,
          status: result.status,
          ...refusedBecause(result),
          ...(sc.changes.length ? { change: sc.changes } : {}),
        });
        return answer(c, result);
      }
    } catch (error) {
      if (!(error instanceof AppError) || error.status !== 429) throw error;
      c.header('Retry-After', String(error.retryAfter ?? 60));
      result = refusal(429, 'Too many SCIM requests: please slow down');
    }
    await auditScimRequest(deps.db, token, { call, status: result.status, ...refusedBecause(result) });
    return answer(c, result);
  });
};
