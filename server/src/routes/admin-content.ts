import { adminGeneral } from '@coach/shared/contract/admin';
import { adminContent } from '@coach/shared/contract/admin-content';
import { type Registration, serve } from '../adapter.ts';
import * as service from '../services/platform/platform-content.ts';

/** The platform content calls; the adapter has refused every token but a platform admin's. */
export const adminContentRoutes: Registration[] = [
  serve(adminContent.list, ({ ctx, input }) => service.listContent(ctx, input)),
  serve(adminContent.get, ({ ctx, input }) => service.getContent(ctx, input)),
  serve(adminContent.add, ({ ctx, input }) => service.addContent(ctx, input)),
  serve(adminContent.edit, ({ ctx, input }) => service.editContent(ctx, input)),
  serve(adminContent.remove, ({ ctx, input }) => service.deleteContent(ctx, input)),
  serve(adminContent.enterprises, ({ ctx, input }) => service.contentEnterprises(ctx, input)),
  serve(adminContent.bulkAssign, ({ ctx, input }) => service.bulkAssign(ctx, input)),
  serve(adminContent.addCoach, ({ ctx, input }) => service.addCoach(ctx, input)),
  serve(adminGeneral.getCoachs, ({ ctx, input }) => service.listCoaches(ctx, input)),
];
