import { adminMembers } from '@coach/shared/contract/admin-members';
import { type Registration, serve } from '../adapter.ts';
import * as service from '../services/platform/admin-members.ts';

/** Members across enterprises; the adapter has refused every token but a platform admin's. */
export const adminMemberRoutes: Registration[] = [
  serve(adminMembers.list, ({ ctx, input }) => service.listAdminMembers(ctx, input)),
  serve(adminMembers.setStatus, ({ ctx, input }) => service.setAdminMemberStatus(ctx, input)),
];
