import { ERROR_CODES } from '@coach/shared/contract/envelope';

/** A failure a service reports on purpose; the adapter turns it into the envelope and status. */
export class AppError extends Error {
  constructor(
    readonly status: 400 | 401 | 402 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 501 | 502,
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
/** A feature flag of the enterprise is off (issue 7): the call answers 403 FEATURE_DISABLED at once. */
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
export const throttled = (retryAfter: number) =>
  new AppError(
    429,
    ERROR_CODES.throttled,
    'Too many attempts. Please try again later.',
    undefined,
    retryAfter,
  );

/** The coach engine failed (network, bad answer): 502, nothing was saved. */
export const coachUnavailable = (message: string) => new AppError(502, ERROR_CODES.coachUnavailable, message);
