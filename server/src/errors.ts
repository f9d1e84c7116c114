import { ERROR_CODES } from '@coach/shared/contract/envelope';

/** A failure a service reports on purpose; the adapter turns it into the envelope and status. */
export class AppError extends Error {
  constructor(
    readonly status: 400 | 401 | 402 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 501 | 502 | 503,
    readonly code: string,
    message: string,
    readonly field?: string,
    readonly retryAfter?: number,
  ) {
    super(message);
  }
}

export const notFound = (message = 'Record not found') => new AppError(404, ERROR_CODES.notFound, message);
export const conflict = (message: string) => new AppError(409, ERROR_CODES.conflict, message);
export const validation = (field: string, message: string) =>
  new AppError(422, ERROR_CODES.validation, `${field}: ${message}`, field);
export const forbidden = (message = 'You do not have permission for this') =>
  new AppError(403, ERROR_CODES.forbidden, message);
/** A feature flag of the enterprise is off: the call answers 403 FEATURE_DISABLED at once. */
export const featureDisabled = (label?: string) =>
  new AppError(
    403,
    ERROR_CODES.featureDisabled,
    label
      ? `${label} is not enabled for your organisation`
      : 'This feature is not enabled for your organisation',
  );
export const unauthenticated = (message = 'Please log in again') =>
  new AppError(401, ERROR_CODES.unauthenticated, message);
export const throttled = (retryAfter: number, message = 'Too many attempts. Please try again later.') =>
  new AppError(429, ERROR_CODES.throttled, message, undefined, retryAfter);

/** The coach engine failed (network, bad answer): 502, nothing was saved. */
/** The SMS provider refused or could not be reached: choose email instead. */
export const smsUnavailable = (message: string) => new AppError(502, ERROR_CODES.smsUnavailable, message);
export const ssoUnavailable = (message: string) => new AppError(502, ERROR_CODES.ssoUnavailable, message);
export const coachUnavailable = (message: string) => new AppError(502, ERROR_CODES.coachUnavailable, message);

/** Unique-key violations: SQLite (better-sqlite3 error codes) and PostgreSQL unique_violation. */
const UNIQUE_VIOLATION_CODES = new Set(['SQLITE_CONSTRAINT_UNIQUE', 'SQLITE_CONSTRAINT_PRIMARYKEY', '23505']);

/**
 * PostgreSQL data exceptions a request's values cause (the contract refuses them first; this is the net):
 * 22001 too long for the column, 22003 number out of range, 22007/22008 bad or overflowing date/time,
 * 22021/22P05 characters text cannot hold (NUL), 22P02 text that is not a number.
 */
const INPUT_ERROR_CODES = new Set(['22001', '22003', '22007', '22008', '22021', '22P02', '22P05']);

/** A unique index refused the row: somebody saved the same key first (sign-up races handle it themselves). */
export const isUniqueViolation = (error: unknown) => UNIQUE_VIOLATION_CODES.has(errorCodeOf(error) ?? '');

const errorCodeOf = (error: unknown): string | undefined => {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    current = current.cause;
  }
  return undefined;
};

/**
 * The AppError a database error stands for when the request caused it, or null for a real fault (500).
 * Two requests racing to create the same row (ten sign-ups with one new email) lose at the unique index,
 * not at the service's earlier "does it exist" check, so that loss answers 409 like the check would.
 */
export const fromDatabaseError = (error: unknown): AppError | null => {
  const code = errorCodeOf(error);
  if (!code) return null;
  if (UNIQUE_VIOLATION_CODES.has(code))
    return conflict(
      'This already exists: another request saved the same thing just now. Please reload and try again.',
    );
  if (INPUT_ERROR_CODES.has(code))
    return new AppError(
      422,
      ERROR_CODES.validation,
      'A value in the request cannot be stored (a character, date or number out of range)',
    );
  return null;
};
