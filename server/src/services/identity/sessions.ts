import type { enterpriseAuth } from '@coach/shared/contract/auth';
import type { ParsedRequestOf } from '@coach/shared/contract/define-call';
import type { Audience } from '../../auth/tokens.ts';
import { notFound } from '../../errors.ts';
import { endSession, listSessions, ownsSession } from '../../session/session.ts';
import { audit } from '../common/audit.ts';
import type { ServiceContext } from '../context.ts';
import { sessionAccount } from './internal/accounts.ts';

/** The caller's own sessions: log out of this one, list them, end one. */

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
  { sessionId }: ParsedRequestOf<typeof enterpriseAuth.endSession>,
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
