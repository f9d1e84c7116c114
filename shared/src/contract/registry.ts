import type { CallDef } from './define-call.ts';
import { adminAuth, enterpriseAuth, health } from './auth.ts';

/**
 * Every call of the API, once. The server registers a route for each entry (answering 501
 * NOT_IMPLEMENTED where no handler exists yet), and tests check the table for duplicates.
 */
export const allCalls: readonly CallDef[] = [
  health,
  ...Object.values(enterpriseAuth),
  ...Object.values(adminAuth),
];
