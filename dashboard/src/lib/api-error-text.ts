import { ApiError, GENERIC_ERROR_MESSAGE } from '@coach/shared/client';
import { i18n } from '../i18n/index.ts';
import { serverText } from '../i18n/server-text.ts';

/**
 * A server message without the field name a 422 puts first ("code: The code is incorrect…" → "The code is
 * incorrect…"): the API's name of a field is no word of the reader's, and beside the field its label already says
 * it. Given the error's `field`, exactly that prefix goes (a path may hold any character, as an id's `-`); without
 * it, a leading dotted name ("domains.0: No TXT record…" → "No TXT record…").
 */
export const withoutField = (message: string, field?: string): string =>
  field && message.startsWith(`${field}: `)
    ? message.slice(field.length + 2)
    : message.replace(/^[\w.]+: /, '');

/**
 * The sentence shown for a failed call: the server's words in the chosen language, without the name of a field the
 * server puts first, or the throttle wait (429). Every form showing a failure under its field, or above the form,
 * reads it from here (use-contract-form.ts too), so no field name leaks into a message.
 */
export const apiErrorText = (error: unknown): string => {
  if (!(error instanceof ApiError)) return serverText(GENERIC_ERROR_MESSAGE);
  if (error.status === 429) {
    const minutes = Math.max(1, Math.ceil((error.retryAfter ?? 60) / 60));
    return i18n.t('auth.tooMany', { ns: 'common', count: minutes });
  }
  const message = error.message || GENERIC_ERROR_MESSAGE;
  return serverText(error.field ? withoutField(message, error.field) : message);
};

/** A 422's sentence for showing beside its own field (apiErrorText, which leaves the field's name out). */
export const apiFieldErrorText = (error: unknown): string => apiErrorText(error);

/** The field a 422 is about, when the server names it. */
export const apiErrorField = (error: unknown): string | undefined =>
  error instanceof ApiError && error.status === 422 ? error.field : undefined;

/** The error code of a failed call (e.g. SSO_REQUIRED), when the server gave one. */
export const apiErrorCode = (error: unknown): string | undefined =>
  error instanceof ApiError ? error.code : undefined;
