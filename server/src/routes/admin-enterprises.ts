import { adminGeneral } from '@coach/shared/contract/admin';
import { adminEnterprises } from '@coach/shared/contract/admin-enterprises';
import { type Registration, serve } from '../adapter.ts';
import * as service from '../services/platform/admin-enterprises.ts';

/** The platform admin's enterprises and their feature flags; the adapter has checked the admin token. */
export const adminEnterpriseRoutes: Registration[] = [
  serve(adminGeneral.getEnterpriseList, ({ ctx, input }) => service.listEnterprises(ctx, input)),
  serve(adminEnterprises.detail, ({ ctx, input }) => service.enterpriseDetail(ctx, input.enterpriseId)),
  serve(adminEnterprises.add, ({ ctx, input }) => service.addEnterprise(ctx, input)),
  serve(adminEnterprises.updateFeatures, ({ ctx, input }) => service.updateFeatures(ctx, input)),
  serve(adminEnterprises.loginAs, ({ ctx, input }) => service.loginAsEnterprise(ctx, input)),
];
