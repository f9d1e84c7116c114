import { ApiError, GENERIC_ERROR_MESSAGE } from '@coach/shared/client';
import { i18n } from '../i18n/index.ts';
import { serverText } from '../i18n/server-text.ts';

/** The sentence shown for a failed sign-in call: the server's words, or the throttle wait (429), in the chosen language. */
export const apiErrorText = (error: unknown): string => {
  if (!(error instanceof ApiError)) return serverText(GENERIC_ERROR_MESSAGE);
  if (error.status === 429) {
    const minutes = Math.max(1, Math.ceil((error.retryAfter ?? 60) / 60));
    return i18n.t('auth.tooMany', { ns: 'common', count: minutes });
  }
  return serverText(error.message || GENERIC_ERROR_MESSAGE);
};

/**
 * A 422's sentence for showing beside its own field: the server writes "field: sentence", and next to the field the
 * name is noise (the field's label already says it). Any other failure reads as apiErrorText.
 */
export const apiFieldErrorText = (error: unknown): string => withoutField(apiErrorText(error));

/** "domains.0: No TXT record…" → "No TXT record…". */
export const withoutField = (message: string) => message.replace(/^[\w.]+: /, '');

/** The field a 422 is about, when the server names it. */
export const apiErrorField = (error: unknown): string | undefined =>
  error instanceof ApiError && error.status === 422 ? error.field : undefined;

/** The error code of a failed call (e.g. SSO_REQUIRED), when the server gave one. */
export const apiErrorCode = (error: unknown): string | undefined =>
  error instanceof ApiError ? error.code : undefined;
