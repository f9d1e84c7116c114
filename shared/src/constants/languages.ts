/** Languages offered (spec §9): en is the fixed default; ar, fa and ps are right-to-left. */
export const LANGUAGES = [
  { code: 'en', label: 'English', rtl: false },
  { code: 'ar', label: 'Arabic', rtl: true },
  { code: 'fa', label: 'Dari', rtl: true },
  { code: 'hi', label: 'Hindi', rtl: false },
  { code: 'zh-Hans', label: 'Chinese (Simplified)', rtl: false },
  { code: 'ps', label: 'Pashto', rtl: true },
  { code: 'es', label: 'Spanish', rtl: false },
  { code: 'uk', label: 'Ukrainian', rtl: false },
  { code: 'vi', label: 'Vietnamese', rtl: false },
] as const;

export type LanguageCode = (typeof LANGUAGES)[number]['code'];

/** The fixed default language (spec §9). */
export const DEFAULT_LANGUAGE: LanguageCode = 'en';

/** Whether a language is written right-to-left (spec §9: ar, fa, ps). */
export const isRtlLanguage = (code: string): boolean => LANGUAGES.some((l) => l.code === code && l.rtl);
