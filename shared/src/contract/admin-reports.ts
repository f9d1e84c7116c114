import type { CallDef } from './define-call.ts';

// Issue 7: the platform reports calls (admin base). Filled in by the feature's work.
export const adminReports: Record<string, CallDef> = {};
