import type { Audience } from '../../../auth/tokens.ts';
import { forbidden, unauthenticated } from '../../../errors.ts';
import type { ServiceContext } from '../../context.ts';

/** The identity area's reads and writes of an account (a member or a platform admin), by audience. */

export type Account = {
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

export const findAccountByEmail = async (
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

export const findAccountById = async (ctx: ServiceContext, audience: Audience, id: string) => {
  if (audience === 'admin') {
    return ctx.db.selectFrom('admins').select(['id', 'email']).where('id', '=', id).executeTakeFirst();
  }
  return ctx.db.selectFrom('users').select(['id', 'email']).where('id', '=', id).executeTakeFirst();
};

export const setPassword = async (
  ctx: ServiceContext,
  audience: Audience,
  id: string,
  passwordHash: string,
) => {
  const table = audience === 'admin' ? 'admins' : 'users';
  await ctx.db.updateTable(table).set({ password_hash: passwordHash }).where('id', '=', id).execute();
};

/** The signed-in caller as an account, whichever the audience, or 401. */
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

/**
 * The signed-in caller as the owner of the account: only they change how it signs in (password, authenticator app,
 * passkeys), not a platform admin logged in as the enterprise (the token's actor), who could otherwise try password
 * guesses or lock the member out.
 */
export const sessionOwner = (ctx: ServiceContext) => {
  const me = sessionAccount(ctx);
  if (me.claims.act) throw forbidden('Sign-in methods are changed by the member themself');
  return me;
};
