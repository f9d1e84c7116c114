import { adminAuth, enterpriseAuth, health } from '@coach/shared/contract/auth';
import { type Registration, serve } from '../adapter.ts';
import * as auth from '../services/identity/auth.ts';
import * as registration from '../services/identity/registration.ts';

/** The auth calls of spec §7 for both audiences, plus the health check: each handler only calls its service. */
export const authRoutes: Registration[] = [
  serve(health, async ({ ctx }) => ({ status: 'ok' as const, db: ctx.dbKind })),
  ...(['enterprise', 'admin'] as const).flatMap((audience) => {
    const calls = audience === 'enterprise' ? enterpriseAuth : adminAuth;
    return [
      serve(calls.login, ({ ctx, input }) => auth.login(ctx, audience, input)),
      serve(calls.verifyEmail, ({ ctx, input }) => auth.verifyEmail(ctx, audience, input)),
      serve(calls.forgotPassword, ({ ctx, input }) => auth.forgotPassword(ctx, audience, input)),
      serve(calls.resetPassword, ({ ctx, input }) => auth.resetPassword(ctx, audience, input)),
      serve(calls.checkResetToken, ({ ctx, input }) => auth.checkResetToken(ctx, audience, input)),
      serve(calls.changePassword, ({ ctx, input }) => auth.changePassword(ctx, audience, input)),
      serve(calls.mfaDetails, async ({ ctx }) => auth.mfaDetails(ctx)),
      serve(calls.sendCode, ({ ctx, input }) => auth.sendCode(ctx, audience, input)),
      serve(calls.verifyCode, ({ ctx, input }) => auth.verifyCode(ctx, audience, input)),
      serve(calls.refreshToken, ({ ctx }) => auth.refreshToken(ctx, audience)),
      serve(calls.logout, ({ ctx }) => auth.logout(ctx)),
      serve(calls.sessions, ({ ctx }) => auth.sessions(ctx, audience)),
      serve(calls.endSession, ({ ctx, input }) => auth.endOwnSession(ctx, audience, input)),
    ];
  }),
  serve(enterpriseAuth.me, async ({ ctx }) => auth.enterpriseMe(ctx)),
  serve(adminAuth.me, async ({ ctx }) => auth.adminMe(ctx)),
  serve(enterpriseAuth.register, ({ ctx, input }) => registration.register(ctx, input)),
  serve(enterpriseAuth.resendVerification, ({ ctx }) => registration.resendVerification(ctx)),
  serve(enterpriseAuth.userGroups, ({ ctx, input }) => auth.userGroups(ctx, input)),
  serve(enterpriseAuth.updateProfile, ({ ctx, input }) => auth.updateEnterpriseProfile(ctx, input)),
  serve(adminAuth.updateProfile, ({ ctx, input }) => auth.updateAdminProfile(ctx, input)),
  serve(enterpriseAuth.updateLanguage, ({ ctx, input }) => auth.updateEnterpriseLanguage(ctx, input)),
  serve(adminAuth.updateLanguage, ({ ctx, input }) => auth.updateAdminLanguage(ctx, input)),
];
