import { effectiveTimeZone } from '@coach/shared/constants/timezones';
import { FULL_TTL } from '../../auth/tokens.ts';
import { startSession, tokenLifetime } from '../../session/session.ts';
import { nowIso } from '../common/clock.ts';
import type { ServiceContext } from '../context.ts';
import { recordActivity } from './activity.ts';

/**
 * A full session for a member whose identity someone else vouched for (single sign-on, an LMS launch): no second
 * factor here, since the provider or the platform was the sign-in. Records the day's activity as a sign-in does.
 */
export const openMemberSession = async (ctx: ServiceContext, userId: string, enterpriseId: string) => {
  const lid = await startSession(ctx.db, {
    audience: 'enterprise',
    subjectId: userId,
    enterpriseId,
    userAgent: ctx.userAgent,
    ip: ctx.ip,
    verified: true,
  });
  const ttl = await tokenLifetime(ctx.db, lid, FULL_TTL);
  const accesstoken = await ctx.tokens.sign(
    { sub: userId, aud: 'enterprise', ent: enterpriseId, mfa: true, lid },
    ttl,
  );
  await ctx.db.updateTable('users').set({ last_active_at: nowIso() }).where('id', '=', userId).execute();
  const zone = await ctx.db
    .selectFrom('users')
    .innerJoin('enterprises', 'enterprises.id', 'users.enterprise_id')
    .select(['users.timezone', 'enterprises.timezone as ent_timezone'])
    .where('users.id', '=', userId)
    .executeTakeFirst();
  await recordActivity(
    ctx.db,
    userId,
    enterpriseId,
    new Date(),
    ctx.clientPlatform,
    effectiveTimeZone({ member: zone?.timezone, enterprise: zone?.ent_timezone }),
  );
  return { accesstoken, expiresInSeconds: ttl };
};
