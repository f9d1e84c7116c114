import { ApiError, GENERIC_ERROR_MESSAGE } from '@coach/shared/client';
import type { VideoCategoryKey } from '@coach/shared/contract/content';
import { i18n } from '../../i18n/index.ts';
import { serverText } from '../../i18n/server-text.ts';

/**
 * A video category's name in the language on screen. The server sends its English label; the key
 * finds the translation, and an unknown key keeps the server's label. Callers use useTranslation('content-library')
 * so they render again when the language changes.
 */
export const categoryName = (key: VideoCategoryKey, label: string) =>
  i18n.t(`content-library:categories.${key}`, { defaultValue: label });

/** An error's message for the screen: the server's sentence in the chosen language when it is listed. */
export const messageOf = (error: unknown) =>
  serverText(error instanceof ApiError ? error.message : GENERIC_ERROR_MESSAGE);
