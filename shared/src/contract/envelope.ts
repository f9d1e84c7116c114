import { z } from 'zod';

/**
 * The wire envelope every answer uses (the spec's mobile apps expect it):
 * `{ success: 1 | 0, message, response?, code?, field? }`.
 */
export type Envelope<T> = {
  success: 1 | 0;
  message: string;
  response?: T;
  /** Stable machine-readable error code on failures, e.g. VALIDATION_FAILED, MFA_REQUIRED. */
  code?: string;
  /** The request field a 422 is about, as a dotted path (`email`, `options.0.text`). */
  field?: string;
};

/** Stable error codes the server answers with; clients branch on these, never on message text. */
export const ERROR_CODES = {
  validation: 'VALIDATION_FAILED',
  unauthenticated: 'UNAUTHENTICATED',
  mfaRequired: 'MFA_REQUIRED',
  forbidden: 'FORBIDDEN',
  notFound: 'NOT_FOUND',
  conflict: 'CONFLICT',
  throttled: 'TOO_MANY_REQUESTS',
  payloadTooLarge: 'PAYLOAD_TOO_LARGE',
  notImplemented: 'NOT_IMPLEMENTED',
  featureDisabled: 'FEATURE_DISABLED',
  emailNotVerified: 'EMAIL_NOT_VERIFIED',
  paymentFailed: 'PAYMENT_FAILED',
  /** The coach engine (an outside service when configured) failed or answered nonsense. */
  coachUnavailable: 'COACH_UNAVAILABLE',
  /** The SMS provider refused the text or could not be reached. */
  smsUnavailable: 'SMS_UNAVAILABLE',
  /** The organisation signs in with single sign-on only: a password sign-in is refused. */
  ssoRequired: 'SSO_REQUIRED',
  /** The organisation's identity provider could not be reached or answered nonsense. */
  ssoUnavailable: 'SSO_UNAVAILABLE',
  /**
   * An invitation link that was used, replaced by a newer one or expired (400): the page says so in invitation
   * words (sign in, or ask the organisation for a new invitation) rather than a reset link's.
   */
  invitationEnded: 'INVITATION_ENDED',
  /** The server is stopping (its health check during the drain before a restart). */
  shuttingDown: 'SHUTTING_DOWN',
  internal: 'INTERNAL_ERROR',
} as const;

export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];

/** A page of a list: the spec's `{ currentPage, totalPages, listdata }`. */
export const paged = <T extends z.ZodType>(item: T) =>
  z.object({
    currentPage: z.number().int().min(1),
    totalPages: z.number().int().min(0),
    totalCount: z.number().int().min(0).optional(),
    listdata: z.array(item),
  });

export type Paged<T> = { currentPage: number; totalPages: number; totalCount?: number; listdata: T[] };

export const NUL_MESSAGE = 'Must not contain the NUL character (\\u0000)';
export const BROKEN_TEXT_MESSAGE =
  'Must be whole text: it holds half of a character (a lone UTF-16 surrogate)';
/**
 * Half of a character written as two UTF-16 units, alone: JSON can carry one ("\\ud800"), no keyboard types one, and
 * the database would keep it as "\uFFFD" (a group saved as "\uFFFD").
 */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Any request string that may reach the database. PostgreSQL text cannot hold NUL (it answers an error,
 * which was a 500), and nobody types one, so it is refused here with a 422 naming the field. Every request
 * string starts from this (or from a helper below built on it) instead of a bare `z.string()`.
 */
export const text = (params?: Parameters<typeof z.string>[0]) =>
  z
    .string(params)
    .refine((value) => !value.includes('\0'), NUL_MESSAGE)
    .refine((value) => !LONE_SURROGATE.test(value), BROKEN_TEXT_MESSAGE);

/** Ids travel as `_id` strings. */
export const id = () => text().min(1).max(64);

/** No request fields. */
export const empty = () => z.object({}).strict();

// GET input arrives as a query string, so GET request schemas coerce from strings with these.

/** A query-string flag: 'true' / '1' are true, 'false' / '0' / absent are false. */
export const queryBool = () =>
  z
    .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
    .transform((value) => value === true || value === 'true' || value === '1')
    .optional();

/** A query-string whole number within bounds. */
export const queryInt = ({ min = 0, max = 1_000_000 }: { min?: number; max?: number } = {}) =>
  z.coerce.number().int().min(min).max(max);

/** A query-string value where '' means absent (a cleared search box). */
export const optionalQuery = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

/** Free text typed into a search box: trimmed, bounded, optional. */
export const searchText = (max = 100) => text().trim().max(max, `At most ${max} characters`).optional();

/** A list of ids picked in the UI (members, groups, tasks): at least one, bounded, no blanks. */
export const idList = ({ what, max = 1000 }: { what: string; max?: number }) =>
  z.array(id()).min(1, `Choose at least one ${what}`).max(max, `At most ${max} ${what}s at once`);

/**
 * The address of a stored file, as a signed-upload answer returns it: absolute http(s) or a path on this
 * server (the embedded storage provider serves files under its own origin).
 */
export const fileUrlField = () =>
  text()
    .max(2048)
    .regex(/^(https?:\/\/|\/)\S+$/, 'Must be the address of an uploaded file');

/**
 * Whether `YYYY-MM-DD` names a day on the calendar: month 01-12, a day that month has (leap years too),
 * year 0001 or later (there is no year 0; PostgreSQL refuses it and JavaScript turns the rest into NaN).
 */
export const isCalendarDate = (value: string) => {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 1 || month < 1 || month > 12 || day < 1) return false;
  // Day 0 of the next month is the last day of this one; setUTCFullYear keeps years below 100 as given.
  const last = new Date(0);
  last.setUTCFullYear(year, month, 0);
  return day <= last.getUTCDate();
};

/** A calendar date `YYYY-MM-DD`, as date inputs give it; impossible days (2024-13-01, 2023-02-29) are refused. */
export const isoDate = () =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Dates are YYYY-MM-DD')
    .refine(
      isCalendarDate,
      'Not a real date: the month must be 01-12, the day one that month has, the year 0001 or later',
    );
