import { enterpriseSso } from '@coach/shared/contract/sso';
import { type Registration, serve } from '../adapter.ts';
import * as sso from '../services/identity/sso.ts';

/** Single sign-on with OpenID Connect: sign-in from /login, and its settings. */
export const ssoRoutes: Registration[] = [
  serve(enterpriseSso.discover, ({ ctx, input }) => sso.discoverForEmail(ctx, input)),
  serve(enterpriseSso.start, ({ ctx, input }) => sso.start(ctx, input)),
  serve(enterpriseSso.complete, ({ ctx, input }) => sso.complete(ctx, input)),
  serve(enterpriseSso.settings, ({ ctx }) => sso.settings(ctx)),
  serve(enterpriseSso.save, ({ ctx, input }) => sso.save(ctx, input)),
  serve(enterpriseSso.verifyDomain, ({ ctx, input }) => sso.verifyDomain(ctx, input)),
  serve(enterpriseSso.remove, ({ ctx }) => sso.remove(ctx)),
];
