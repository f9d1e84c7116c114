import { apiKeys } from '@coach/shared/contract/api-keys';
import { type Registration, serve } from '../adapter.ts';
import * as service from '../services/identity/api-keys.ts';

/** API keys for integrators; the adapter has checked the role named admin, and that no key calls. */
export const apiKeyRoutes: Registration[] = [
  serve(apiKeys.list, ({ ctx }) => service.listApiKeys(ctx)),
  serve(apiKeys.create, ({ ctx, input }) => service.createApiKey(ctx, input)),
  serve(apiKeys.revoke, ({ ctx, input }) => service.revokeApiKey(ctx, input)),
];
