import { integrations } from '@coach/shared/contract/integrations';
import { type Registration, serve } from '../adapter.ts';
import * as service from '../services/integrations/integrations.ts';

/** Settings → Integrations: role named admin, checked by the adapter. */
export const integrationRoutes: Registration[] = [
  serve(integrations.listWebhooks, ({ ctx }) => service.listWebhooks(ctx)),
  serve(integrations.addWebhook, ({ ctx, input }) => service.addWebhook(ctx, input)),
  serve(integrations.updateWebhook, ({ ctx, input }) => service.updateWebhook(ctx, input)),
  serve(integrations.deleteWebhook, ({ ctx, input }) => service.deleteWebhook(ctx, input)),
  serve(integrations.sendTestWebhook, ({ ctx, input }) => service.sendTestWebhook(ctx, input)),
  serve(integrations.webhookDeliveries, ({ ctx, input }) => service.webhookDeliveries(ctx, input)),
  serve(integrations.getXapi, ({ ctx }) => service.getXapi(ctx)),
  serve(integrations.saveXapi, ({ ctx, input }) => service.saveXapi(ctx, input)),
];
