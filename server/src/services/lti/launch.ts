import { LTI_PATHS } from '@coach/shared/contract/lti';
import { createRemoteJWKSet, customFetch, type JWTPayload, errors as joseErrors, jwtVerify } from 'jose';
import { randomToken, sha256 } from '../../auth/tokens.ts';
import { forbidden } from '../../errors.ts';
import { outboundFetch } from '../../providers/outbound-http.ts';
import { nowIso } from '../common/clock.ts';
import type { ServiceContext } from '../context.ts';
import { isInstructor, ltiRefusal, mayPickTasks, memberOfPlatformUser } from './accounts.ts';
import { CLAIM } from './claims.ts';
import { deepLinkingProblem, startDeepLink } from './deep-linking.ts';
import { recordLaunchLink } from './links.ts';
import { type PlatformRow, platformByClient, platformById } from './platforms.ts';

/**
 * An LTI 1.3 launch (1EdTech LTI Core 1.3, §5.1 of the Security Framework): the platform's OIDC third-party login
 * initiation at /lti/login, the tool's authentication request back to the platform with a state and a nonce, and the
 * platform's id token posted to /lti/launch. The token must be signed by a key of the platform's keyset and name the
 * platform as `iss`, the tool's client id in `aud` (and `azp` when there are several audiences), carry the nonce of
 * this login (each login is answered once), not be expired, name a registered deployment, and be an LTI 1.3
 * resource link launch. The person then is, or becomes, a member of the platform's enterprise (by the platform's
 * `sub`, found by email the first time), and the browser is sent to the linked page with a one-time code that
 * `lti/complete` trades for a session. Every refusal says why and is audited.
 */

const DEEP_LINKING = 'LtiDeepLinkingRequest';
const LOGIN_TTL_MS = 10 * 60 * 1000;
const HANDOFF_TTL_MS = 2 * 60 * 1000;
export type LoginParams = Partial<
  Record<
    'iss' | 'login_hint' | 'target_link_uri' | 'lti_message_hint' | 'client_id' | 'lti_deployment_id',
    string
  >
>;

const sameOrigin = (ctx: ServiceContext, url: string) => {
  try {
    return new URL(url).origin === new URL(ctx.config.publicUrl).origin;
  } catch {
    return false;
  }
};

/** The platform a login names: by issuer and client id, or by issuer alone when only one platform has it. */
const platformOfLogin = async (ctx: ServiceContext, params: LoginParams) => {
  const issuer = (params.iss ?? '').replace(/\/+$/, '');
  if (!issuer) throw ltiRefusal(400, 'The login initiation has no iss: start the launch from your course');
  if (params.client_id) {
    const row = await platformByClient(ctx.db, issuer, params.client_id);
    if (!row) throw ltiRefusal(404, 'No platform is registered with this issuer and client ID');
    return row;
  }
  const rows = await ctx.db
    .selectFrom('lti_platforms')
    .select('id')
    .where('issuer', '=', issuer)
    .limit(2)
    .execute();
  if (rows.length !== 1)
    throw ltiRefusal(
      rows.length ? 400 : 404,
      rows.length
        ? 'Several platforms share this issuer: the login initiation must name the client_id'
        : 'No platform is registered with this issuer',
    );
  return platformById(ctx.db, rows[0]?.id ?? '') as Promise<PlatformRow>;
};

/** The longest target_link_uri kept (the column's length). */
const MAX_TARGET_LENGTH = 2000;

/** Step 1: the platform asks the tool to log in; the answer is the platform's authorisation URL to send the browser to. */
export const startLogin = async (ctx: ServiceContext, params: LoginParams) => {
  const platform = await platformOfLogin(ctx, params);
  if (!params.login_hint) throw ltiRefusal(400, 'The login initiation has no login_hint');
  const target = params.target_link_uri ?? '';
  if (target.length > MAX_TARGET_LENGTH)
    throw ltiRefusal(400, `The target_link_uri is longer than ${MAX_TARGET_LENGTH} characters`);
  if (!sameOrigin(ctx, target)) throw ltiRefusal(400, "The target_link_uri is not this tool's address");
  const deployments = JSON.parse(platform.deployment_ids) as string[];
  if (params.lti_deployment_id && !deployments.includes(params.lti_deployment_id))
    throw ltiRefusal(403, `Deployment ${params.lti_deployment_id} is not registered for this platform`);
  const state = randomToken();
  const nonce = randomToken();
  // Logins never answered are dropped as new ones come: a stranger's stream of them keeps no row past its 10 minutes.
  await ctx.db.deleteFrom('lti_logins').where('expires_at', '<', nowIso()).execute();
  await ctx.db
    .insertInto('lti_logins')
    .values({
      state,
      platform_id: platform.id,
      nonce,
      target_link_uri: target,
      expires_at: new Date(Date.now() + LOGIN_TTL_MS).toISOString(),
    })
    .execute();
  const url = new URL(platform.auth_url);
  const query = {
    scope: 'openid',
    response_type: 'id_token',
    response_mode: 'form_post',
    prompt: 'none',
    client_id: platform.client_id,
    redirect_uri: `${ctx.config.publicUrl}${LTI_PATHS.launch}`,
    login_hint: params.login_hint,
    state,
    nonce,
    ...(params.lti_message_hint ? { lti_message_hint: params.lti_message_hint } : {}),
  };
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
  return { redirect: url.toString(), platform };
};

const headersOf = (headers: Headers) => {
  const plain: Record<string, string> = {};
  headers.forEach((value, name) => {
    plain[name] = value;
  });
  return plain;
};

/** The platforms' keysets, each fetched through the outbound policy and cached by jose (cooldown, max age). */
const keysets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();
const keysetOf = (ctx: ServiceContext, url: string) => {
  const allowPrivate = ctx.config.ssoAllowPrivate ?? false;
  const key = `${allowPrivate}:${url}`;
  let set = keysets.get(key);
  if (!set) {
    const fetcher = outboundFetch({ allowPrivateAddresses: allowPrivate });
    set = createRemoteJWKSet(new URL(url), {
      cooldownDuration: 30_000,
      cacheMaxAge: 10 * 60_000,
      [customFetch]: (input: string, init: { method: string; headers: Headers; signal: AbortSignal }) =>
        fetcher(input, {
          method: init.method,
          headers: headersOf(init.headers),
          signal: init.signal,
        }),
    });
    keysets.set(key, set);
  }
  return set;
};

/** Why jose refused the token, in words for the person launching. */
const refusalOfToken = (error: unknown) => {
  if (error instanceof joseErrors.JWTExpired)
    return ltiRefusal(401, 'The launch has expired: launch again from your course');
  if (error instanceof joseErrors.JWTClaimValidationFailed) {
    if (error.claim === 'iss') return ltiRefusal(401, 'The launch token comes from another platform (iss)');
    if (error.claim === 'aud') return ltiRefusal(401, 'The launch token is for another tool (aud)');
    return ltiRefusal(401, `The launch token's ${error.claim} claim is not valid`);
  }
  if (
    error instanceof joseErrors.JWSSignatureVerificationFailed ||
    error instanceof joseErrors.JWKSNoMatchingKey
  )
    return ltiRefusal(401, "The launch token is not signed by a key of the platform's keyset");
  if (error instanceof joseErrors.JOSEError)
    return ltiRefusal(401, `The launch token is not valid (${error.code})`);
  return ltiRefusal(
    401,
    "The platform's keyset could not be read: ask your admin to check the platform's keyset URL",
  );
};

type LaunchClaims = JWTPayload & {
  nonce?: unknown;
  azp?: unknown;
  email?: unknown;
  name?: unknown;
  given_name?: unknown;
  family_name?: unknown;
  [key: string]: unknown;
};

/** Checks the id token against the platform and this login; answers its claims. */
const verifiedClaims = async (ctx: ServiceContext, platform: PlatformRow, idToken: string, nonce: string) => {
  let payload: LaunchClaims;
  try {
    ({ payload } = await jwtVerify<LaunchClaims>(idToken, keysetOf(ctx, platform.keyset_url), {
      issuer: platform.issuer,
      audience: platform.client_id,
      algorithms: ['RS256', 'RS384', 'RS512', 'ES256', 'ES384'],
      requiredClaims: ['exp', 'iat', 'sub', 'nonce'],
      clockTolerance: 5,
      maxTokenAge: '10 minutes',
    }));
  } catch (error) {
    throw refusalOfToken(error);
  }
  const audiences = Array.isArray(payload.aud) ? payload.aud : [payload.aud];
  if ((audiences.length > 1 || payload.azp !== undefined) && payload.azp !== platform.client_id)
    throw ltiRefusal(401, 'The launch token names another tool as its authorised party (azp)');
  if (payload.nonce !== nonce) throw ltiRefusal(401, 'The launch token was not made for this login (nonce)');
  if (payload[`${CLAIM}version`] !== '1.3.0') throw ltiRefusal(400, 'Only LTI 1.3.0 launches are accepted');
  const deployment = payload[`${CLAIM}deployment_id`];
  const deployments = JSON.parse(platform.deployment_ids) as string[];
  if (typeof deployment !== 'string' || !deployments.includes(deployment))
    throw ltiRefusal(403, `Deployment ${String(deployment)} is not registered for this platform`);
  if (!Array.isArray(payload[`${CLAIM}roles`])) throw ltiRefusal(400, 'The launch has no roles claim');
  const type = payload[`${CLAIM}message_type`];
  if (type === DEEP_LINKING) {
    const problem = deepLinkingProblem(payload);
    if (problem) throw ltiRefusal(400, problem);
    return payload;
  }
  if (type !== 'LtiResourceLinkRequest')
    throw ltiRefusal(
      400,
      `This tool takes resource link and deep linking launches, not ${String(type).slice(0, 60)}`,
    );
  // The claim LTI Core makes required of a resource link launch.
  const link = payload[`${CLAIM}resource_link`] as { id?: unknown } | undefined;
  if (typeof link?.id !== 'string' || !link.id || link.id.length > 255)
    throw ltiRefusal(400, 'The launch names no resource link (resource_link.id)');
  return payload;
};

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/**
 * Step 2: the platform posts the id token. Answers the page to open with a one-time code, after every check above;
 * the login it answers is spent whatever the outcome.
 */
export const completeLaunch = async (ctx: ServiceContext, form: { id_token?: string; state?: string }) => {
  const state = form.state ?? '';
  const login = state
    ? await ctx.db.selectFrom('lti_logins').selectAll().where('state', '=', state).executeTakeFirst()
    : undefined;
  if (login) await ctx.db.deleteFrom('lti_logins').where('state', '=', state).execute();
  if (!login || login.expires_at < nowIso())
    throw ltiRefusal(401, 'This launch has expired or was already used: launch again from your course');
  const platform = await platformById(ctx.db, login.platform_id);
  if (!platform) throw ltiRefusal(404, 'This platform is no longer registered');
  if (!form.id_token) throw ltiRefusal(400, 'The platform sent no id_token');
  const claims = await verifiedClaims(ctx, platform, form.id_token, login.nonce);
  const email = text(claims.email).toLowerCase();
  const { user, created } = await memberOfPlatformUser(ctx.db, platform, {
    subject: String(claims.sub),
    email,
    name:
      text(claims.name) ||
      [text(claims.given_name), text(claims.family_name)].filter(Boolean).join(' ') ||
      email,
    roles: claims[`${CLAIM}roles`],
  });
  if (user.is_default_admin === 1)
    throw forbidden('The default admin signs in with their password, not from an LMS');
  if (user.status !== 'active') throw forbidden('Your account has been deactivated. Ask your admin.');
  const linkTarget = text(claims[`${CLAIM}target_link_uri`]) || login.target_link_uri;
  const instructor = isInstructor(claims[`${CLAIM}roles`]);
  const picker = instructor && (await mayPickTasks(ctx.db, user.id));
  let target = sameOrigin(ctx, linkTarget) ? new URL(linkTarget).pathname : '/enterprise/dashboard';
  if (claims[`${CLAIM}message_type`] === DEEP_LINKING) {
    if (!instructor) throw ltiRefusal(403, "Only your course's instructors add Coach activities to it");
    if (!picker)
      throw ltiRefusal(403, 'Your Coach role does not open the task library: ask your Coach admin for it');
    target = await startDeepLink(ctx.db, platform.id, user.id, claims);
  } else {
    const taskId = await recordLaunchLink(ctx.db, platform, claims, {
      userId: user.id,
      instructor: picker,
      target: linkTarget,
    });
    if (taskId)
      target = picker ? `/enterprise/tasks-library/view/${taskId}` : `/enterprise/my-tasks/view/${taskId}`;
  }
  const code = randomToken();
  await ctx.db
    .insertInto('lti_handoffs')
    .values({
      code_hash: sha256(code),
      user_id: user.id,
      enterprise_id: platform.enterprise_id,
      target: target.startsWith('/enterprise/') ? target : '/enterprise/dashboard',
      expires_at: new Date(Date.now() + HANDOFF_TTL_MS).toISOString(),
    })
    .execute();
  return {
    redirect: `${ctx.config.publicUrl}${LTI_PATHS.continue}#${code}`,
    platform,
    userId: user.id,
    created,
  };
};
