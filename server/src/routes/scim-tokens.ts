import { scimProvisioning } from '@coach/shared/contract/scim';
import { type Registration, serve } from '../adapter.ts';
import * as service from '../services/directory/scim-tokens.ts';

/** Settings → Directory sync: the SCIM tokens, for the role named admin (the adapter checked it). */
export const scimTokenRoutes: Registration[] = [
  serve(scimProvisioning.list, ({ ctx }) => service.listScimTokens(ctx)),
  serve(scimProvisioning.create, ({ ctx, input }) => service.createScimToken(ctx, input)),
  serve(scimProvisioning.revoke, ({ ctx, input }) => service.revokeScimToken(ctx, input)),
];
