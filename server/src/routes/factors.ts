import { adminFactors, enterpriseFactors } from '@coach/shared/contract/factors';
import { type Registration, serve } from '../adapter.ts';
import * as factors from '../services/identity/factors.ts';

/** Authenticator apps and recovery codes, for both audiences alike. */
export const factorRoutes: Registration[] = (['enterprise', 'admin'] as const).flatMap((audience) => {
  const calls = audience === 'enterprise' ? enterpriseFactors : adminFactors;
  return [
    serve(calls.factors, ({ ctx }) => factors.listFactors(ctx, audience)),
    serve(calls.totpStart, ({ ctx }) => factors.startTotp(ctx, audience)),
    serve(calls.totpConfirm, ({ ctx, input }) => factors.confirmTotp(ctx, audience, input)),
    serve(calls.totpRemove, ({ ctx, input }) => factors.removeTotp(ctx, audience, input)),
    serve(calls.verifyTotp, ({ ctx, input }) => factors.verifyTotp(ctx, audience, input)),
    serve(calls.verifyRecoveryCode, ({ ctx, input }) => factors.verifyRecoveryCode(ctx, audience, input)),
  ];
});
