import { adminPasskeys, enterprisePasskeys } from '@coach/shared/contract/passkeys';
import { type Registration, serve } from '../adapter.ts';
import * as passkeySignIn from '../services/identity/passkey-sign-in.ts';
import * as passkeys from '../services/identity/passkeys.ts';

/** Passkeys: the profile's list, add, rename and remove, and the two ways to sign in with one. */
export const passkeyRoutes: Registration[] = (['enterprise', 'admin'] as const).flatMap((audience) => {
  const calls = audience === 'enterprise' ? enterprisePasskeys : adminPasskeys;
  return [
    serve(calls.passkeys, ({ ctx }) => passkeys.listPasskeys(ctx, audience)),
    serve(calls.registerOptions, ({ ctx }) => passkeys.registrationOptions(ctx, audience)),
    serve(calls.registerVerify, ({ ctx, input }) => passkeys.verifyRegistration(ctx, audience, input)),
    serve(calls.rename, ({ ctx, input }) => passkeys.renamePasskey(ctx, audience, input)),
    serve(calls.remove, ({ ctx, input }) => passkeys.removePasskey(ctx, audience, input)),
    serve(calls.secondFactorOptions, ({ ctx }) => passkeySignIn.secondFactorOptions(ctx, audience)),
    serve(calls.verifySecondFactor, ({ ctx, input }) =>
      passkeySignIn.verifySecondFactor(ctx, audience, input),
    ),
    serve(calls.loginOptions, ({ ctx }) => passkeySignIn.loginOptions(ctx, audience)),
    serve(calls.loginVerify, ({ ctx, input }) => passkeySignIn.loginVerify(ctx, audience, input)),
  ];
});
