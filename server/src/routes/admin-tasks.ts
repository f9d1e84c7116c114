import { adminTasks } from '@coach/shared/contract/admin-tasks';
import { type Registration, serve } from '../adapter.ts';
import * as templates from '../services/platform/platform-tasks.ts';

/** The platform task library; the adapter has refused every token but a platform admin's. */
export const adminTasksRoutes: Registration[] = [
  serve(adminTasks.list, ({ ctx, input }) => templates.listTemplates(ctx, input)),
  serve(adminTasks.get, ({ ctx, input }) => templates.getTemplate(ctx, input)),
  serve(adminTasks.add, ({ ctx, input }) => templates.addTemplate(ctx, input)),
  serve(adminTasks.edit, ({ ctx, input }) => templates.editTemplate(ctx, input)),
  serve(adminTasks.remove, ({ ctx, input }) => templates.deleteTemplate(ctx, input)),
  serve(adminTasks.bulkAssign, ({ ctx, input }) => templates.bulkAssign(ctx, input)),
];
