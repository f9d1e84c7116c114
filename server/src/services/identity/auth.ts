import { isLanguageCode, type LanguageCode } from '@coach/shared/constants/languages';
import { effectiveTimeZone } from '@coach/shared/constants/timezones';
import type { AdminUser, EnterpriseUser, ThemeSettings } from '@coach/shared/contract/auth';
import { ERROR_CODES } from '@coach/shared/contract/envelope';
import { hasPermission, type PermissionKey } from '@coach/shared/permissions';
import { sql } from 'kysely';
import { hashPassword, verifyPassword } from '../../auth/passwords.ts';
import {
  clearEvents,
  forgetLatestEvent,
  guard,
  guardSignIn,
  isKnownPlace,
  mayMail,
  recordEvent,
  signInKeys,
  throttleKeys,
} from '../../auth/throttle.ts';
import { type Audience, FULL_TTL, PRE_MFA_TTL, randomToken, sha256 } from '../../auth/tokens.ts';
import { AppError, notFound, smsUnavailable, unauthenticated, validation } from '../../errors.ts';
import { mailTexts } from '../../mail/texts.ts';
import { SmsError } from '../../providers/sms.ts';
import { KeptUnderSignal } from '../../session/cache.ts';
import {
  adminSession,
  type EnterpriseUserRow,
  endSession,
  endSessionsOf,
  enterpriseFlags,
  enterpriseSession,
  listSessions,
  loadEnterpriseUser,
  markVerified,
  ownsSession,
  startSession,
  tokenLifetime,
} from '../../session/session.ts';
import { audit } from '../common/audit.ts';
import { nowIso } from '../common/clock.ts';
import { assertUploaded } from '../content/uploads.ts';
import type { ServiceContext } from '../context.ts';
import { emitEvent } from '../integrations/integration-events.ts';
import { recordActivity } from './activity.ts';
import { passwordsOff, ssoRequired } from './sso-policy.ts';

const CODE_TTL_MS = 10 * 60 * 1000;
const RESET_TTL_MS = 60 * 60 * 1000;
const VERIFY_TTL_MS = 24 * 60 * 60 * 1000;
const INVITE_TTL_MS = 7 * 24 * 60 * 60 * 1000;
const TOKEN_TTL_MS = { reset: RESET_TTL_MS, verify: VERIFY_TTL_MS, invite: INVITE_TTL_MS } as const;
type TokenPurpose = keyof typeof TOKEN_TTL_MS;
const MAX_CODE_ATTEMPTS = 5;
const PAGE_SIZE = 10;

type Account = {
  id: string;
  email: string;
  name: string;
  password_hash: string;
  enterprise_id: string | null;
  active: boolean;
  mobile: string | null;
  language: string | null;
  is_default_admin: number;
};

const findAccountByEmail = async (
  ctx: ServiceContext,
  audience: Audience,
  email: string,
): Promise<Account | undefined> => {
  if (audience === 'admin') {
    const a = await ctx.db
      .selectFrom('admins')
      .select(['id', 'email', 'name', 'password_hash', 'mobile', 'language'])
      .where('email', '=', email)
      .executeTakeFirst();
    return a && { ...a, enterprise_id: null, active: true, is_default_admin: 0 };
  }
  const u = await ctx.db
    .selectFrom('users')
    .select([
      'id',
      'email',
      'name',
      'password_hash',
      'mobile',
      'enterprise_id',
      'status',
      'language',
      'is_default_admin',
    ])
    .where('email', '=', email)
    .executeTakeFirst();
  return u && { ...u, active: u.status === 'active' };
};

const findAccountById = async (ctx: ServiceContext, audience: Audience, id: string) => {
  if (audience === 'admin') {
    return ctx.db.selectFrom('admins').select(['id', 'email']).where('id', '=', id).executeTakeFirst();
  }
  return ctx.db.selectFrom('users').select(['id', 'email']).where('id', '=', id).executeTakeFirst();
};

const setPassword = async (ctx: ServiceContext, audience: Audience, id: string, passwordHash: string) => {
  const table = audience === 'admin' ? 'admins' : 'users';
  await ctx.db.updateTable(table).set({ password_hash: passwordHash }).where('id', '=', id).execute();
};

export const login = async (
  ctx: ServiceContext,
  audience: Audience,
  { email, password }: { email: string; password: string },
) => {
  const keys = signInKeys(`login:${audience}`, email, ctx.ip);
  const account = await findAccountByEmail(ctx, audience, email);
  // Asked for unknown emails too (with no id), so the time taken does not tell which emails exist.
  const knownPlace = await isKnownPlace(ctx.db, audience, account?.id ?? '', ctx.ip);
  await guardSignIn(ctx.db, keys, knownPlace);
  const ok = await verifyPassword(account?.password_hash, password);
  if (!account || !ok || !account.active) {
    await recordEvent(ctx.db, keys.account, keys.accountWide, keys.ip);
    throw unauthenticated('Invalid email or password');
  }
  await clearEvents(ctx.db, keys.account);
  // Passwords are off where the organisation requires single sign-on, for all but its default admin (issue 21).
  if (await passwordsOff(ctx.db, account.enterprise_id, account.is_default_admin === 1)) throw ssoRequired();
  const lid = await startSession(ctx.db, {
    audience,
    subjectId: account.id,
    enterpriseId: account.enterprise_id,
    userAgent: ctx.userAgent,
    ip: ctx.ip,
    verified: false,
  });
  const accesstoken = await ctx.tokens.sign(
    { sub: account.id, aud: audience, ent: account.enterprise_id, mfa: false, lid },
    PRE_MFA_TTL,
  );
  ctx.setMessage('Please complete the second verification step');
  return { accesstoken, mfaRequired: true as const };
};

/** Stores the hash of a fresh one-time token (db may be a transaction) and returns the token itself. */
export const createOneTimeToken = async (
  ctx: Pick<ServiceContext, 'db'>,
  purpose: TokenPurpose,
  audience: Audience,
  subjectId: string,
) => {
  const token = randomToken();
  const ttl = TOKEN_TTL_MS[purpose];
  await ctx.db
    .insertInto('one_time_tokens')
    .values({
      id: crypto.randomUUID(),
      purpose,
      audience,
      subject_id: subjectId,
      token_hash: sha256(token),
      expires_at: new Date(Date.now() + ttl).toISOString(),
      used_at: null,
    })
    .execute();
  return token;
};

/** Finds a live one-time token; failures count toward the per-IP limit for token guessing. */
const findOneTimeToken = async (
  ctx: ServiceContext,
  purpose: TokenPurpose | readonly TokenPurpose[],
  audience: Audience,
  token: string,
) => {
  const purposes: readonly string[] = typeof purpose === 'string' ? [purpose] : purpose;
  const keys = throttleKeys(`token:${audience}`, 'any', ctx.ip);
  await guard(ctx.db, { account: keys.ip, ip: keys.ip });
  const row = await ctx.db
    .selectFrom('one_time_tokens')
    .selectAll()
    .where('token_hash', '=', sha256(token))
    .where('purpose', 'in', purposes)
    .where('audience', '=', audience)
    .executeTakeFirst();
  if (!row || row.used_at || row.expires_at < nowIso()) {
    await recordEvent(ctx.db, keys.ip);
    throw new AppError(400, ERROR_CODES.validation, 'This link is invalid or has expired', 'token');
  }
  const account = await findAccountById(ctx, audience, row.subject_id);
  if (!account)
    throw new AppError(400, ERROR_CODES.validation, 'This link is invalid or has expired', 'token');
  return { row, account };
};

export const forgotPassword = async (
  ctx: ServiceContext,
  audience: Audience,
  { email }: { email: string },
) => {
  const keys = throttleKeys(`forgot:${audience}`, email, ctx.ip);
  await guard(ctx.db, keys);
  await recordEvent(ctx.db, keys.account, keys.ip);
  // The same answer at the same speed for every email (issue 15): looking the account up, making the link and
  // mailing it happen after the answer, and at most 5 mails an hour reach one address whoever asks.
  ctx.background.run('password reset mail', async () => {
    const account = await findAccountByEmail(ctx, audience, email);
    if (!account?.active || !(await mayMail(ctx.db, account.email))) return;
    // No link to a password that could not be used: the organisation signs in with single sign-on.
    if (await passwordsOff(ctx.db, account.enterprise_id, account.is_default_admin === 1)) return;
    const token = await createOneTimeToken(ctx, 'reset', audience, account.id);
    const link = `${ctx.config.publicUrl}${audience === 'admin' ? '/admin' : ''}/password/reset/${token}`;
    const mail = mailTexts(account.language, ctx.requestLanguage).reset({ name: account.name, link });
    await ctx.mail.send({ to: account.email, ...mail });
  });
  ctx.setMessage('If an account exists for this email, we have sent a link to reset the password.');
  return {};
};

/** An invitation link sets the first password through the same page and call as a reset link. */
const SET_PASSWORD_PURPOSES = ['reset', 'invite'] as const;

export const resetPassword = async (
  ctx: ServiceContext,
  audience: Audience,
  { token, password }: { token: string; password: string },
) => {
  const { row, account } = await findOneTimeToken(ctx, SET_PASSWORD_PURPOSES, audience, token);
  // Single use: only the request that flips used_at wins.
  const claimed = await ctx.db
    .updateTable('one_time_tokens')
    .set({ used_at: nowIso() })
    .where('id', '=', row.id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) !== 1)
    throw new AppError(400, ERROR_CODES.validation, 'This link is invalid or has expired', 'token');
  await setPassword(ctx, audience, account.id, await hashPassword(password));
  // Whoever held a session with the old password holds it no more.
  await endSessionsOf(ctx.db, audience, account.id, 'password-reset');
  if (row.purpose === 'invite') {
    // The link reached the invited address: that verifies the email too.
    await ctx.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('users')
        .set({ email_verified_at: nowIso() })
        .where('id', '=', account.id)
        .execute();
      const member = await trx
        .selectFrom('users')
        .select('enterprise_id')
        .where('id', '=', account.id)
        .executeTakeFirstOrThrow();
      await emitEvent(trx, {
        enterpriseId: member.enterprise_id,
        type: 'member.joined',
        memberId: account.id,
        data: { via: 'invitation' },
      });
      await audit(trx, {
        actorKind: audience,
        actorId: account.id,
        enterpriseId: null,
        action: 'invite.accepted',
      });
    });
    ctx.setMessage('Your password is set. Please log in.');
    return {};
  }
  await audit(ctx.db, {
    actorKind: audience,
    actorId: account.id,
    enterpriseId: null,
    action: 'password.reset',
  });
  ctx.setMessage('Your password has been reset. Please log in.');
  return {};
};

export const verifyEmail = async (ctx: ServiceContext, audience: Audience, { token }: { token: string }) => {
  const { row, account } = await findOneTimeToken(ctx, 'verify', audience, token);
  await ctx.db.updateTable('one_time_tokens').set({ used_at: nowIso() }).where('id', '=', row.id).execute();
  const table = audience === 'admin' ? 'admins' : 'users';
  await ctx.db.updateTable(table).set({ email_verified_at: nowIso() }).where('id', '=', account.id).execute();
  ctx.setMessage('Your email has been verified');
  return { email: account.email };
};

/** `olivia@acme.example` → `o***a@acme.example`. */
export const maskEmail = (email: string) => {
  const [local = '', domain = ''] = email.split('@');
  const masked = local.length <= 2 ? `${local[0] ?? ''}***` : `${local[0]}***${local[local.length - 1]}`;
  return `${masked}@${domain}`;
};
/** `+61 412 345 678` → `+61 *** *** 678`. */
export const maskMobile = (mobile: string | null) => {
  if (!mobile) return null;
  const digits = mobile.replace(/\D/g, '');
  const last = digits.slice(-3);
  const prefix = mobile.trim().startsWith('+') ? `+${digits.slice(0, 2)} ` : '';
  return `${prefix}*** *** ${last}`;
};

export const sessionAccount = (ctx: ServiceContext) => {
  const s = ctx.session;
  if (!s) throw unauthenticated();
  if (s.audience === 'admin')
    return {
      claims: s.claims,
      id: s.admin.id,
      email: s.admin.email,
      mobile: s.admin.mobile,
      language: s.admin.language,
      passwordHash: s.admin.password_hash,
      enterpriseId: null,
    };
  return {
    claims: s.claims,
    id: s.user.id,
    email: s.user.email,
    mobile: s.user.mobile,
    language: s.user.language,
    passwordHash: s.user.password_hash,
    enterpriseId: s.enterpriseId,
  };
};

export const sendCode = async (
  ctx: ServiceContext,
  audience: Audience,
  { contactMethod }: { contactMethod: 1 | 2 },
) => {
  const me = sessionAccount(ctx);
  if (contactMethod === 1 && !me.mobile)
    throw validation('contactMethod', 'No mobile number is on file; choose email');
  const keys = throttleKeys(`send:${audience}`, me.id, ctx.ip);
  await guard(ctx.db, { account: keys.account, ip: keys.ip });
  await recordEvent(ctx.db, keys.account, keys.ip);
  const { randomInt } = await import('node:crypto');
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  // A new code replaces any earlier one for this login.
  await ctx.db
    .updateTable('mfa_challenges')
    .set({ used_at: nowIso() })
    .where('login_id', '=', me.claims.lid)
    .where('used_at', 'is', null)
    .execute();
  await ctx.db
    .insertInto('mfa_challenges')
    .values({
      id: crypto.randomUUID(),
      audience,
      subject_id: me.id,
      login_id: me.claims.lid,
      code_hash: ctx.tokens.hashCode(code),
      expires_at: new Date(Date.now() + CODE_TTL_MS).toISOString(),
      attempts: 0,
      used_at: null,
    })
    .execute();
  const { subject, text } = mailTexts(me.language, ctx.requestLanguage).code({ code });
  if (contactMethod === 1 && me.mobile) {
    try {
      await ctx.sms.send({ to: me.mobile, subject, text, kind: 'sms' });
    } catch (error) {
      if (error instanceof SmsError) throw smsUnavailable(`${error.message}. Choose email instead.`);
      throw error;
    }
  } else {
    await ctx.mail.send({ to: me.email, subject, text });
  }
  ctx.setMessage('Verification code sent');
  return {
    sentTo: contactMethod === 1 ? (maskMobile(me.mobile) ?? '') : maskEmail(me.email),
    expiresInSeconds: CODE_TTL_MS / 1000,
  };
};

const wrongCode = () => validation('code', 'The code is incorrect or has expired');

export const verifyCode = async (ctx: ServiceContext, audience: Audience, { code }: { code: string }) => {
  const me = sessionAccount(ctx);
  const keys = throttleKeys(`code:${audience}`, me.id, ctx.ip);
  await guard(ctx.db, keys);
  const challenge = await ctx.db
    .selectFrom('mfa_challenges')
    .selectAll()
    .where('login_id', '=', me.claims.lid)
    .where('subject_id', '=', me.id)
    .where('audience', '=', audience)
    .where('used_at', 'is', null)
    .orderBy('expires_at', 'desc')
    .executeTakeFirst();
  if (!challenge || challenge.expires_at < nowIso() || challenge.attempts >= MAX_CODE_ATTEMPTS) {
    await recordEvent(ctx.db, keys.account, keys.ip);
    throw wrongCode();
  }
  if (challenge.code_hash !== ctx.tokens.hashCode(code)) {
    await ctx.db
      .updateTable('mfa_challenges')
      .set({ attempts: sql<number>`attempts + 1` })
      .where('id', '=', challenge.id)
      .execute();
    await recordEvent(ctx.db, keys.account, keys.ip);
    throw wrongCode();
  }
  const claimed = await ctx.db
    .updateTable('mfa_challenges')
    .set({ used_at: nowIso() })
    .where('id', '=', challenge.id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) !== 1) throw wrongCode();
  await clearEvents(ctx.db, keys.account);
  // Sends are throttled so nobody can flood an inbox; a send that ended in a verified code was the owner's,
  // so it stops counting (people behind one office IP can each sign in as often as they need).
  const sendKeys = throttleKeys(`send:${audience}`, me.id, ctx.ip);
  await clearEvents(ctx.db, sendKeys.account);
  await forgetLatestEvent(ctx.db, sendKeys.ip);
  return completeSecondFactor(ctx, audience);
};

/**
 * The second factor is proven (a mailed code, an authenticator app's code or a recovery code): the session is
 * marked verified and the caller gets its full token.
 */
export const completeSecondFactor = async (ctx: ServiceContext, audience: Audience) => {
  const me = sessionAccount(ctx);
  await markActive(ctx, audience, me);
  await markVerified(ctx.db, me.claims.lid);
  const ttl = await tokenLifetime(ctx.db, me.claims.lid, FULL_TTL);
  const accesstoken = await ctx.tokens.sign(
    { sub: me.id, aud: audience, ent: me.enterpriseId, mfa: true, lid: me.claims.lid },
    ttl,
  );
  ctx.setMessage('Verified');
  return { accesstoken, expiresInSeconds: ttl };
};

/**
 * A sign-in proven whole in one step (a passkey with user verification, issue 21 item 2): no password step and no
 * token before it, so the session starts verified and the full token is answered at once, as verify-code does.
 */
export const completeOneStepSignIn = async (
  ctx: ServiceContext,
  audience: Audience,
  account: { id: string; enterpriseId: string | null },
) => {
  const lid = await startSession(ctx.db, {
    audience,
    subjectId: account.id,
    enterpriseId: account.enterpriseId,
    userAgent: ctx.userAgent,
    ip: ctx.ip,
    verified: true,
  });
  await markActive(ctx, audience, account);
  const ttl = await tokenLifetime(ctx.db, lid, FULL_TTL);
  const accesstoken = await ctx.tokens.sign(
    { sub: account.id, aud: audience, ent: account.enterpriseId, mfa: true, lid },
    ttl,
  );
  ctx.setMessage('Verified');
  return { accesstoken, expiresInSeconds: ttl };
};

/** A full sign-in or a refresh counts as activity for the member lists, detail and dashboard. */
const markActive = async (
  ctx: ServiceContext,
  audience: Audience,
  me: { id: string; enterpriseId: string | null },
) => {
  if (audience !== 'enterprise' || !me.enterpriseId) return;
  await ctx.db.updateTable('users').set({ last_active_at: nowIso() }).where('id', '=', me.id).execute();
  // A one-step sign-in has no session yet: the member's and the organisation's zones are read for it.
  const user =
    ctx.session?.audience === 'enterprise'
      ? ctx.session.user
      : await ctx.db
          .selectFrom('users')
          .innerJoin('enterprises', 'enterprises.id', 'users.enterprise_id')
          .select(['users.timezone', 'enterprises.timezone as ent_timezone'])
          .where('users.id', '=', me.id)
          .executeTakeFirst();
  const zone = effectiveTimeZone({ member: user?.timezone, enterprise: user?.ent_timezone });
  await recordActivity(ctx.db, me.id, me.enterpriseId, new Date(), ctx.clientPlatform, zone);
};

export const refreshToken = async (ctx: ServiceContext, audience: Audience) => {
  const me = sessionAccount(ctx);
  // A platform admin logged in as the enterprise is not the member's activity.
  if (!me.claims.act) await markActive(ctx, audience, me);
  // A refresh never outlives the session: 30 days after sign-in it is refused and the member signs in again.
  const ttl = await tokenLifetime(ctx.db, me.claims.lid, FULL_TTL);
  const accesstoken = await ctx.tokens.sign(
    { sub: me.id, aud: audience, ent: me.enterpriseId, mfa: true, lid: me.claims.lid, act: me.claims.act },
    ttl,
  );
  return { accesstoken, expiresInSeconds: ttl };
};

export const changePassword = async (
  ctx: ServiceContext,
  audience: Audience,
  { currentPassword, newPassword }: { currentPassword: string; newPassword: string },
) => {
  const me = sessionAccount(ctx);
  const keys = throttleKeys(`changepw:${audience}`, me.id, ctx.ip);
  await guard(ctx.db, keys);
  if (!(await verifyPassword(me.passwordHash, currentPassword))) {
    await recordEvent(ctx.db, keys.account, keys.ip);
    throw validation('currentPassword', 'The current password is not correct');
  }
  await setPassword(ctx, audience, me.id, await hashPassword(newPassword));
  // Every session ends, this one too (a token copied from it dies with it); the caller goes on in a fresh one.
  await endSessionsOf(ctx.db, audience, me.id, 'password-changed');
  const lid = await startSession(ctx.db, {
    audience,
    subjectId: me.id,
    enterpriseId: me.enterpriseId,
    userAgent: ctx.userAgent,
    ip: ctx.ip,
    verified: true,
  });
  const ttl = await tokenLifetime(ctx.db, lid, FULL_TTL);
  const accesstoken = await ctx.tokens.sign(
    { sub: me.id, aud: audience, ent: me.enterpriseId, mfa: true, lid },
    ttl,
  );
  await audit(ctx.db, {
    actorKind: audience,
    actorId: me.id,
    enterpriseId: me.enterpriseId,
    action: 'password.change',
  });
  ctx.setMessage('Password changed successfully. Your other sessions have been signed out.');
  return { accesstoken, expiresInSeconds: ttl };
};

/** Ends the caller's session on the server; a platform admin's takes its log-in-as sessions along. */
export const logout = async (ctx: ServiceContext) => {
  const me = sessionAccount(ctx);
  await endSession(ctx.db, me.claims.lid, 'logout');
  ctx.setMessage('You have been logged out');
  return {};
};

/** The caller's signed-in sessions (a log-in-as caller sees none of the member's). */
export const sessions = async (ctx: ServiceContext, audience: Audience) => {
  const me = sessionAccount(ctx);
  if (me.claims.act) return { listdata: [] };
  return { listdata: await listSessions(ctx.db, audience, me.id, me.claims.lid) };
};

/** Ends one of the caller's own sessions; anyone else's is indistinguishable from a missing one. */
export const endOwnSession = async (
  ctx: ServiceContext,
  audience: Audience,
  { sessionId }: { sessionId: string },
) => {
  const me = sessionAccount(ctx);
  if (me.claims.act || !(await ownsSession(ctx.db, audience, me.id, sessionId)))
    throw notFound('Session not found');
  await endSession(ctx.db, sessionId, 'ended-by-user');
  await audit(ctx.db, {
    actorKind: audience,
    actorId: me.id,
    enterpriseId: me.enterpriseId,
    action: 'session.ended',
    details: { sessionId },
  });
  ctx.setMessage(
    sessionId === me.claims.lid ? 'You have been logged out' : 'The session has been signed out',
  );
  return {};
};

export const toEnterpriseUser = (u: EnterpriseUserRow): EnterpriseUser => ({
  _id: u.id,
  name: u.name,
  email: u.email,
  avatarUrl: u.avatar_url,
  mobile: u.mobile,
  isDefaultAdmin: u.is_default_admin === 1,
  emailVerified: u.email_verified_at !== null,
  timezone: u.timezone,
  language: isLanguageCode(u.language) ? u.language : null,
  roleId: {
    _id: u.role_id,
    name: u.role_name,
    permissions: JSON.parse(u.role_permissions) as PermissionKey[],
  },
  enterpriseId: {
    ...enterpriseFlags(u),
    _id: u.enterprise_id,
    company_name: u.ent_name,
    enterprise_logo: u.ent_logo,
    address: u.ent_address,
    themeSettings: JSON.parse(u.ent_theme) as ThemeSettings,
    timezone: u.ent_timezone,
  },
  loggedInAsAdmin: false,
});

const toAdminUser = (a: {
  id: string;
  name: string;
  email: string;
  role: string;
  avatar_url: string | null;
  mobile: string | null;
  language: string | null;
}): AdminUser => ({
  _id: a.id,
  name: a.name,
  email: a.email,
  role: a.role,
  avatarUrl: a.avatar_url,
  mobile: a.mobile,
  language: isLanguageCode(a.language) ? a.language : null,
});

type GroupPage = {
  currentPage: number;
  totalPages: number;
  totalCount: number;
  listdata: { _id: string; name: string }[];
};

/**
 * Pages of the group list kept per enterprise, viewer, search and page (issue 19): every screen's top bar asks for
 * it, and its two queries were most of the call. Kept under the session signal, whose tables include `groups` and
 * `group_members` (a role's permissions, which decide whether the viewer sees every group, are in it already), so a
 * new, renamed or deleted group or a membership change shows on the next call, whichever process made it.
 */
const keptGroupPages = new KeptUnderSignal<GroupPage>(5_000, 30_000);

export const userGroups = async (
  ctx: ServiceContext,
  { searchQuery, currentPage }: { searchQuery: string; currentPage: number },
): Promise<GroupPage> => {
  const s = enterpriseSession(ctx);
  const seesAll = hasPermission({
    permissions: s.permissions,
    isDefaultAdmin: s.user.is_default_admin === 1,
    key: 'groups',
  });
  const key = `${s.enterpriseId}\u0000${seesAll ? '' : s.user.id}\u0000${currentPage}\u0000${searchQuery}`;
  return keptGroupPages.get(ctx.db, key, async () => {
    let query = ctx.db.selectFrom('groups').where('groups.enterprise_id', '=', s.enterpriseId);
    if (!seesAll) {
      query = query.where(
        'groups.id',
        'in',
        ctx.db.selectFrom('group_members').select('group_id').where('user_id', '=', s.user.id),
      );
    }
    if (searchQuery) {
      const pattern = `%${searchQuery.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
      query = query.where(sql<boolean>`lower(groups.name) like ${pattern} escape '\\'`);
    }
    const countRow = await query.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst();
    const totalCount = Number(countRow?.n ?? 0);
    const rows = await query
      .select(['groups.id', 'groups.name'])
      .orderBy('groups.name')
      .orderBy('groups.id')
      .limit(PAGE_SIZE)
      .offset((currentPage - 1) * PAGE_SIZE)
      .execute();
    return {
      currentPage,
      totalPages: Math.ceil(totalCount / PAGE_SIZE),
      totalCount,
      listdata: rows.map((r) => ({ _id: r.id, name: r.name })),
    };
  });
};

export const checkResetToken = async (
  ctx: ServiceContext,
  audience: Audience,
  { token }: { token: string },
) => {
  const { row, account } = await findOneTimeToken(ctx, SET_PASSWORD_PURPOSES, audience, token);
  return {
    valid: true as const,
    email: account.email,
    purpose: row.purpose === 'invite' ? 'invite' : 'reset',
  } as const;
};

export const mfaDetails = async (ctx: ServiceContext) => {
  const me = sessionAccount(ctx);
  const audience = ctx.session?.audience ?? '';
  const app = await ctx.db
    .selectFrom('authenticator_apps')
    .select('id')
    .where('audience', '=', audience)
    .where('subject_id', '=', me.id)
    .where('confirmed_at', 'is not', null)
    .executeTakeFirst();
  const passkey = await ctx.db
    .selectFrom('passkeys')
    .select('id')
    .where('audience', '=', audience)
    .where('subject_id', '=', me.id)
    .limit(1)
    .executeTakeFirst();
  return {
    maskedEmail: maskEmail(me.email),
    maskedMobile: maskMobile(me.mobile),
    authenticatorApp: !!app,
    passkeys: !!passkey,
  };
};

export const enterpriseMe = (ctx: ServiceContext) => {
  const s = enterpriseSession(ctx);
  const user = toEnterpriseUser(s.user);
  // Log in as an enterprise (spec §1.2): the header shows a generic admin identity, not the member's.
  return s.claims.act
    ? {
        ...user,
        name: 'Platform Admin',
        email: '',
        avatarUrl: null,
        mobile: null,
        // The admin behind the token is verified; the default admin's pending invitation is not the admin's.
        emailVerified: true,
        loggedInAsAdmin: true,
      }
    : user;
};
export const adminMe = (ctx: ServiceContext) => toAdminUser(adminSession(ctx).admin);

export const updateEnterpriseProfile = async (
  ctx: ServiceContext,
  input: {
    name: string;
    mobile?: string | null | undefined;
    timezone?: string | null | undefined;
    language?: LanguageCode | undefined;
  },
) => {
  const s = enterpriseSession(ctx);
  await ctx.db
    .updateTable('users')
    .set({
      name: input.name,
      ...(input.mobile !== undefined ? { mobile: input.mobile } : {}),
      ...(input.timezone !== undefined ? { timezone: input.timezone } : {}),
      ...(input.language !== undefined ? { language: input.language } : {}),
    })
    .where('id', '=', s.user.id)
    .where('enterprise_id', '=', s.enterpriseId)
    .execute();
  const fresh = await loadEnterpriseUser(ctx.db, s.user.id, s.enterpriseId);
  if (!fresh) throw unauthenticated();
  ctx.setMessage('Profile updated successfully');
  return toEnterpriseUser(fresh);
};

/** general/auth/updateprofileimage: the avatar must be the caller's own finished upload (or null to remove). */
export const updateEnterpriseProfileImage = async (
  ctx: ServiceContext,
  { avatarUrl }: { avatarUrl: string | null },
) => {
  const s = enterpriseSession(ctx);
  if (avatarUrl) await assertUploaded(ctx, 'avatarUrl', avatarUrl, 'avatar');
  await ctx.db
    .updateTable('users')
    .set({ avatar_url: avatarUrl })
    .where('id', '=', s.user.id)
    .where('enterprise_id', '=', s.enterpriseId)
    .execute();
  const fresh = await loadEnterpriseUser(ctx.db, s.user.id, s.enterpriseId);
  if (!fresh) throw unauthenticated();
  ctx.setMessage(avatarUrl ? 'Profile picture updated' : 'Profile picture removed');
  return toEnterpriseUser(fresh);
};

export const updateAdminProfileImage = async (
  ctx: ServiceContext,
  { avatarUrl }: { avatarUrl: string | null },
) => {
  const s = adminSession(ctx);
  if (avatarUrl) await assertUploaded(ctx, 'avatarUrl', avatarUrl, 'avatar');
  await ctx.db.updateTable('admins').set({ avatar_url: avatarUrl }).where('id', '=', s.admin.id).execute();
  const fresh = await ctx.db
    .selectFrom('admins')
    .selectAll()
    .where('id', '=', s.admin.id)
    .executeTakeFirstOrThrow();
  ctx.setMessage(avatarUrl ? 'Profile picture updated' : 'Profile picture removed');
  return toAdminUser(fresh);
};

export const updateAdminProfile = async (
  ctx: ServiceContext,
  input: { name: string; mobile?: string | null | undefined; language?: LanguageCode | undefined },
) => {
  const s = adminSession(ctx);
  await ctx.db
    .updateTable('admins')
    .set({
      name: input.name,
      ...(input.mobile !== undefined ? { mobile: input.mobile } : {}),
      ...(input.language !== undefined ? { language: input.language } : {}),
    })
    .where('id', '=', s.admin.id)
    .execute();
  const fresh = await ctx.db
    .selectFrom('admins')
    .selectAll()
    .where('id', '=', s.admin.id)
    .executeTakeFirstOrThrow();
  ctx.setMessage('Profile updated successfully');
  return toAdminUser(fresh);
};

/**
 * The language picker (issue 18): the member's language, for their screens on every device and the mails they
 * receive. A platform admin logged in as the enterprise changes only their own screen, not the member's profile.
 */
export const updateEnterpriseLanguage = async (
  ctx: ServiceContext,
  { language }: { language: LanguageCode },
) => {
  const s = enterpriseSession(ctx);
  if (s.claims.act) return { ...enterpriseMe(ctx), language };
  await ctx.db
    .updateTable('users')
    .set({ language })
    .where('id', '=', s.user.id)
    .where('enterprise_id', '=', s.enterpriseId)
    .execute();
  const fresh = await loadEnterpriseUser(ctx.db, s.user.id, s.enterpriseId);
  if (!fresh) throw unauthenticated();
  return toEnterpriseUser(fresh);
};

export const updateAdminLanguage = async (ctx: ServiceContext, { language }: { language: LanguageCode }) => {
  const s = adminSession(ctx);
  await ctx.db.updateTable('admins').set({ language }).where('id', '=', s.admin.id).execute();
  return toAdminUser({ ...s.admin, language });
};
