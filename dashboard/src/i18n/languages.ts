import {
  DEFAULT_LANGUAGE,
  LANGUAGES,
  type LanguageCode,
  matchLanguage,
} from '@coach/shared/constants/languages';

export { isLanguageCode, matchLanguage } from '@coach/shared/constants/languages';
export const LANGUAGE_CODES: readonly LanguageCode[] = LANGUAGES.map((l) => l.code);

/**
 * The BCP 47 tag for `lang` attributes and Intl: our codes are already tags, except that fa here is Dari, the
 * Persian of Afghanistan (fa-AF: its month names and calendar, not Iran's).
 */
export const languageTag = (code: LanguageCode): string => (code === 'fa' ? 'fa-AF' : code);

/** The browser's first preferred language among the nine, else the fixed default (spec §9). */
export const browserLanguage = (
  preferred: readonly string[] = typeof navigator === 'undefined'
    ? []
    : (navigator.languages ?? [navigator.language]),
): LanguageCode => {
  for (const tag of preferred) {
    const match = matchLanguage(tag);
    if (match) return match;
  }
  return DEFAULT_LANGUAGE;
};
