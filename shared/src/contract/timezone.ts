import { z } from 'zod';
import { enterpriseUserSchema, timeZoneField } from './auth.ts';
import { API_BASE, defineCall } from './define-call.ts';

/** The enterprise's default timezone: members without their own see dates in it. */
export const timezoneCalls = {
  /** Settings (role named admin, as the other Settings calls); null goes back to UTC. */
  updateDefaultTimezone: defineCall({
    method: 'POST',
    path: `${API_BASE.enterprise}/general/update-default-timezone`,
    auth: 'enterprise',
    permission: null,
    adminRoleOnly: true,
    request: z.strictObject({ timezone: timeZoneField().nullable() }),
    response: enterpriseUserSchema,
  }),
};
