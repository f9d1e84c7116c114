import { adminAuth, enterpriseAuth, health } from '@coach/shared/contract/auth';
import { ERROR_CODES } from '@coach/shared/contract/envelope';
import { type Registration, serve } from '../adapter.ts';
import { AppError } from '../errors.ts';
import * as codes from '../services/identity/mfa-codes.ts';
import * as passwords from '../services/identity/passwords.ts';
import * as profile from '../services/identity/profile.ts';
import * as registration from '../services/identity/registration.ts';
import * as sessions from '../services/identity/sessions.ts';
import * as signIn from '../services/identity/sign-in.ts';
import { userGroups } from '../services/identity/user-groups.ts';

/** The auth calls of spec §7 for both audiences, plus the health check: each handler only calls its service. */
export const authRoutes: Registration[] = [
  serve(health, async ({ ctx }) => {
    // Not ready while draining before a stop: a proxy or orchestrator sends the next requests elsewhere.
    if (ctx.lifecycle?.draining())
      throw new AppError(503, ERROR_CODES.shuttingDown, 'Shutting down', undefined, 5);
    return { status: 'ok' as const, db: ctx.dbKind };
  }),
  ...(['enterprise', 'admin'] as const).flatMap((audience) => {
    const calls = audience === 'enterprise' ? enterpriseAuth : adminAuth;
    return [
      serve(calls.login, ({ ctx, input }) => signIn.login(ctx, audience, input)),
      serve(calls.verifyEmail, ({ ctx, input }) => registration.verifyEmail(ctx, audience, input)),
      serve(calls.forgotPassword, ({ ctx, input }) => passwords.forgotPassword(ctx, audience, input)),
      serve(calls.resetPassword, ({ ctx, input }) => passwords.resetPassword(ctx, audience, input)),
      serve(calls.checkResetToken, ({ ctx, input }) => passwords.checkResetToken(ctx, audience, input)),
      serve(calls.changePassword, ({ ctx, input }) => passwords.changePassword(ctx, audience, input)),
      serve(calls.mfaDetails, async ({ ctx }) => codes.mfaDetails(ctx)),
      serve(calls.sendCode, ({ ctx, input }) => codes.sendCode(ctx, audience, input)),
      serve(calls.verifyCode, ({ ctx, input }) => codes.verifyCode(ctx, audience, input)),
      serve(calls.refreshToken, ({ ctx }) => signIn.refreshToken(ctx, audience)),
      serve(calls.logout, ({ ctx }) => sessions.logout(ctx)),
      serve(calls.sessions, ({ ctx }) => sessions.sessions(ctx, audience)),
      serve(calls.endSession, ({ ctx, input }) => sessions.endOwnSession(ctx, audience, input)),
    ];
  }),
  serve(enterpriseAuth.me, async ({ ctx }) => profile.enterpriseMe(ctx)),
  serve(adminAuth.me, async ({ ctx }) => profile.adminMe(ctx)),
  serve(enterpriseAuth.register, ({ ctx, input }) => registration.register(ctx, input)),
  serve(enterpriseAuth.resendVerification, ({ ctx }) => registration.resendVerification(ctx)),
  serve(enterpriseAuth.userGroups, ({ ctx, input }) => userGroups(ctx, input)),
  serve(enterpriseAuth.updateProfile, ({ ctx, input }) => profile.updateEnterpriseProfile(ctx, input)),
  serve(adminAuth.updateProfile, ({ ctx, input }) => profile.updateAdminProfile(ctx, input)),
  serve(enterpriseAuth.updateLanguage, ({ ctx, input }) => profile.updateEnterpriseLanguage(ctx, input)),
  serve(adminAuth.updateLanguage, ({ ctx, input }) => profile.updateAdminLanguage(ctx, input)),
];
