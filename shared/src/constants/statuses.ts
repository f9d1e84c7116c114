/** Status list (spec §9). */
export const STATUSES = ['Active', 'Inactive'] as const;
export type Status = (typeof STATUSES)[number];

/** Contact methods for the second-factor code (spec §9). */
export const CONTACT_METHODS = { mobileNumber: 1, email: 2 } as const;
export type ContactMethod = (typeof CONTACT_METHODS)[keyof typeof CONTACT_METHODS];

/** Display label of each contact method (spec §9). */
export const CONTACT_METHOD_LABELS = { 1: 'Mobile Number', 2: 'Email' } as const satisfies Record<
  ContactMethod,
  string
>;
