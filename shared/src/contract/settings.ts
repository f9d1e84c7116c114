import { z } from 'zod';
import { enterpriseUserSchema, registerRequest } from './auth.ts';
import { API_BASE, defineCall } from './define-call.ts';

// Settings calls of the role named admin beyond the spec's (spec §2 /enterprise/settings, §6).

/**
 * The company's name as sign-up takes it (trimmed, 1-200 characters; names need not be unique, as at sign-up):
 * a self-signed-up company can correct it in Settings, since company info sits behind its feature flag.
 */
export const companyNameField = () => registerRequest.shape.company_name;

export const settingsCalls = {
  /**
   * Renames the caller's company (role named admin, as the other Settings calls). The top bar and later
   * invitation mails use the new name; the answer is the caller as general/auth/me describes them.
   */
  renameCompany: defineCall({
    method: 'POST',
    path: `${API_BASE.enterprise}/general/rename-company`,
    auth: 'enterprise',
    permission: null,
    adminRoleOnly: true,
    request: z.strictObject({ company_name: companyNameField() }),
    response: enterpriseUserSchema,
  }),
};
