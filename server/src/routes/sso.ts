import { enterpriseSso } from '@coach/shared/contract/sso';
import { type Registration, serve } from '../adapter.ts';
import * as ssoSettings from '../services/identity/sso-settings.ts';
import * as ssoSignIn from '../services/identity/sso-sign-in.ts';

/** Single sign-on with OpenID Connect: sign-in from /login, and its settings. */
export const ssoRoutes: Registration[] = [
  serve(enterpriseSso.discover, ({ ctx, input }) => ssoSignIn.discoverForEmail(ctx, input)),
  serve(enterpriseSso.start, ({ ctx, input }) => ssoSignIn.start(ctx, input)),
  serve(enterpriseSso.complete, ({ ctx, input }) => ssoSignIn.complete(ctx, input)),
  serve(enterpriseSso.settings, ({ ctx }) => ssoSettings.settings(ctx)),
  serve(enterpriseSso.save, ({ ctx, input }) => ssoSettings.save(ctx, input)),
  serve(enterpriseSso.verifyDomain, ({ ctx, input }) => ssoSettings.verifyDomain(ctx, input)),
  serve(enterpriseSso.remove, ({ ctx }) => ssoSettings.remove(ctx)),
];
