import { ApiError, GENERIC_ERROR_MESSAGE } from '@coach/shared/client';

/** The sentence shown for a failed sign-in call: the server's words, or the throttle wait (429). */
export const apiErrorText = (error: unknown): string => {
  if (!(error instanceof ApiError)) return GENERIC_ERROR_MESSAGE;
  if (error.status === 429) {
    const minutes = Math.max(1, Math.ceil((error.retryAfter ?? 60) / 60));
    return `Too many attempts, try again in ${minutes} minute${minutes === 1 ? '' : 's'}`;
  }
  return error.message || GENERIC_ERROR_MESSAGE;
};

/** The field a 422 is about, when the server names it. */
export const apiErrorField = (error: unknown): string | undefined =>
  error instanceof ApiError && error.status === 422 ? error.field : undefined;
