import type { CallDef } from './define-call.ts';

// Issue 7: the platform content calls (admin base). Filled in by the feature's work.
export const adminContent: Record<string, CallDef> = {};
