import { ApiError, GENERIC_ERROR_MESSAGE } from '@coach/shared/client';
import { notify } from '../../lib/notify.ts';

/**
 * The toast a failed content action shows (spec §8): 422 shows the server's message; anything else the
 * generic text. A 401 answers null: the API client has already shown the server's message and logged out.
 */
export const contentActionErrorText = (error: unknown): string | null => {
  if (error instanceof ApiError) {
    if (error.status === 401) return null;
    if (error.status === 422) return error.message || GENERIC_ERROR_MESSAGE;
  }
  return GENERIC_ERROR_MESSAGE;
};

/** Shows a failed content action's error toast per spec §8. */
export const notifyContentActionError = (error: unknown) => {
  const text = contentActionErrorText(error);
  if (text) notify.error(text);
};
