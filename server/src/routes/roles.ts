import { roles } from '@coach/shared/contract/roles';
import { type Registration, serve } from '../adapter.ts';
import * as service from '../services/organisation/roles.ts';

/** Roles and their permission keys; the adapter has checked the `roles`/`members` key. */
export const rolesRoutes: Registration[] = [
  serve(roles.list, ({ ctx, input }) => service.listRoles(ctx, input)),
  serve(roles.options, ({ ctx }) => service.roleOptions(ctx)),
  serve(roles.add, ({ ctx, input }) => service.addRole(ctx, input)),
  serve(roles.edit, ({ ctx, input }) => service.editRole(ctx, input)),
  serve(roles.remove, ({ ctx, input }) => service.deleteRole(ctx, input)),
];
