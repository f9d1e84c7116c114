import {
  adminAuth as adminAuthCalls,
  enterpriseAuth as enterpriseAuthCalls,
} from 'virtual:light-contract/auth';
import {
  adminPasskeys as adminPasskeyCalls,
  enterprisePasskeys as enterprisePasskeyCalls,
} from 'virtual:light-contract/passkeys';
import type { Audience } from '../lib/session.ts';
import { paths } from './paths.ts';

/** What differs between the enterprise and the admin area of the shared auth and profile screens. */
export const audienceConfig = {
  enterprise: {
    calls: enterpriseAuthCalls,
    passkeyCalls: enterprisePasskeyCalls,
    paths: paths.enterprise,
  },
  admin: {
    calls: adminAuthCalls,
    passkeyCalls: adminPasskeyCalls,
    paths: paths.admin,
  },
} as const satisfies Record<Audience, unknown>;

export type AuthCalls = typeof enterpriseAuthCalls | typeof adminAuthCalls;
