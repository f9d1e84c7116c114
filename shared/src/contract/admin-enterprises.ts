import { z } from 'zod';
import { emailField, featureFlagsSchema, registerRequest } from './auth.ts';
import { API_BASE, defineCall } from './define-call.ts';
import { id, text } from './envelope.ts';

// Enterprises for the platform admin (spec §3 feature flags, §6). The list call sits in admin.ts
// (spec §7 names it); these follow the admin convention (area prefix, verb-noun names, POST for writes).
const A = `${API_BASE.admin}/enterprise`;

export const ENTERPRISE_PAGE_SIZE = 10;

/** A row of enterprise/get-enterprise-list: the company, its size and how many of its flags are on. */
export const enterpriseRowSchema = z.object({
  _id: id(),
  company_name: z.string(),
  /** Members who have joined: an invitee counts in `invitedCount` until they accept the invitation. */
  memberCount: z.number().int().min(0),
  /** Invited, not joined yet (the invitation not accepted). */
  invitedCount: z.number().int().min(0),
  createdAt: z.string(),
  /** How many of the feature flags of spec §3 are on, out of `featuresTotal`. */
  featuresOn: z.number().int().min(0),
  featuresTotal: z.number().int().min(0),
});
export type EnterpriseRow = z.output<typeof enterpriseRowSchema>;

/** One enterprise as the detail page shows it: company details, default admin, members and every flag. */
export const enterpriseDetailSchema = z.object({
  _id: id(),
  company_name: z.string(),
  enterprise_logo: z.string().nullable(),
  address: z.string().nullable(),
  createdAt: z.string(),
  /** Members who have joined, as on the list; invitees are `invitedCount`. */
  memberCount: z.number().int().min(0),
  invitedCount: z.number().int().min(0),
  defaultAdmin: z
    .object({ _id: id(), name: z.string(), email: z.string(), invitePending: z.boolean() })
    .nullable(),
  features: featureFlagsSchema,
  /**
   * How its members sign in: every member has a password and the mailed code; these count the
   * members who have added an authenticator app, and those with a mobile number for codes by SMS.
   */
  signInMethods: z.object({
    authenticatorApp: z.number().int().min(0),
    smsCodes: z.number().int().min(0),
    /** Its OpenID Connect single sign-on, or null when its members sign in with passwords. */
    singleSignOn: z
      .object({ issuer: z.string(), domains: z.array(z.string()), required: z.boolean() })
      .nullable(),
    /** Members with at least one passkey. */
    passkeys: z.number().int().min(0),
  }),
});
export type EnterpriseDetail = z.output<typeof enterpriseDetailSchema>;

export const adminEnterprises = {
  detail: defineCall({
    method: 'GET',
    path: `${A}/get-enterprise-detail`,
    auth: 'admin',
    permission: null,
    request: z.strictObject({ enterpriseId: id() }),
    response: enterpriseDetailSchema,
  }),
  /** A new company with its default admin, who is emailed an invitation to choose a password. */
  add: defineCall({
    method: 'POST',
    path: `${A}/add-enterprise`,
    auth: 'admin',
    permission: null,
    request: z.strictObject({
      company_name: registerRequest.shape.company_name,
      name: text().trim().min(1, "Please enter the admin's name").max(100, 'At most 100 characters'),
      email: emailField,
    }),
    response: enterpriseDetailSchema,
  }),
  /** Every flag at once; a child flag (spec §3) cannot be on while its parent is off (422 naming the child). */
  updateFeatures: defineCall({
    method: 'POST',
    path: `${A}/update-enterprise-features`,
    auth: 'admin',
    permission: null,
    request: z.strictObject({ enterpriseId: id(), features: featureFlagsSchema.strict() }),
    response: enterpriseDetailSchema,
  }),
  /**
   * Log in as an enterprise (spec §1.2): an enterprise token for its default admin, second factor done, recording
   * the platform admin behind it; the dashboard keeps it as the enterprise session with the log-in-as marker.
   */
  loginAs: defineCall({
    method: 'POST',
    path: `${A}/login-as-enterprise`,
    auth: 'admin',
    permission: null,
    request: z.strictObject({ enterpriseId: id() }),
    response: z.object({ accesstoken: z.string(), expiresInSeconds: z.number().int() }),
  }),
};
