import type { Registration } from '../adapter.ts';

/** Issue 7: the platform tasks calls; the adapter has refused every token but a platform admin's. */
export const adminTasksRoutes: Registration[] = [];
