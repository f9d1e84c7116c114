import type { CallDef } from './define-call.ts';

// Issue 7: the platform tasks calls (admin base). Filled in by the feature's work.
export const adminTasks: Record<string, CallDef> = {};
