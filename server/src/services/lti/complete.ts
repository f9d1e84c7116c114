import type { ParsedRequestOf } from '@coach/shared/contract/define-call';
import type { lti } from '@coach/shared/contract/lti';
import { assertNotThrottled, IP_LIMIT, recordEvent } from '../../auth/throttle.ts';
import { sha256 } from '../../auth/tokens.ts';
import type { Db } from '../../db/connect.ts';
import { forbidden, unauthenticated } from '../../errors.ts';
import { audit } from '../common/audit.ts';
import { nowIso } from '../common/clock.ts';
import type { ServiceContext } from '../context.ts';
import { openMemberSession } from '../identity/member-session.ts';

/** The one-time code of a launch, spent: the member and the page to open, or 401. */
export const takeHandoff = async (db: Db, code: string) => {
  const hash = sha256(code);
  const row = await db
    .selectFrom('lti_handoffs')
    .selectAll()
    .where('code_hash', '=', hash)
    .executeTakeFirst();
  if (row) await db.deleteFrom('lti_handoffs').where('code_hash', '=', hash).execute();
  if (!row || row.expires_at < nowIso())
    throw unauthenticated('This launch has expired or was already used: launch again from your course');
  return row;
};

/** `lti/complete`: the launch's one-time code becomes the member's session, and the page the link opens. */
export const completeLtiSignIn = async (
  ctx: ServiceContext,
  { code }: ParsedRequestOf<typeof lti.complete>,
) => {
  const ipKey = `lti-complete:ip:${ctx.ip}`;
  await assertNotThrottled(ctx.db, ipKey, IP_LIMIT);
  let handoff: Awaited<ReturnType<typeof takeHandoff>>;
  try {
    handoff = await takeHandoff(ctx.db, code);
  } catch (error) {
    await recordEvent(ctx.db, ipKey);
    throw error;
  }
  const user = await ctx.db
    .selectFrom('users')
    .select(['status', 'is_default_admin'])
    .where('id', '=', handoff.user_id)
    .where('enterprise_id', '=', handoff.enterprise_id)
    .executeTakeFirst();
  // Deactivated between the launch and now (a directory's active:false, say).
  if (user?.status !== 'active' || user.is_default_admin === 1)
    throw forbidden('Your account has been deactivated. Ask your admin.');
  const session = await openMemberSession(ctx, handoff.user_id, handoff.enterprise_id);
  await audit(ctx.db, {
    actorKind: 'enterprise',
    actorId: handoff.user_id,
    enterpriseId: handoff.enterprise_id,
    action: 'lti.signIn',
    details: { target: handoff.target },
  });
  ctx.setMessage('Signed in');
  return { ...session, target: handoff.target };
};
