/**
 * Languages offered (spec §9): en is the fixed default; ar, fa and ps are right-to-left. `label` is the English name,
 * `nativeName` the language's name for itself (what a picker shows, so each reader finds their own). fa is Dari.
 */
export const LANGUAGES = [
  { code: 'en', label: 'English', nativeName: 'English', rtl: false },
  { code: 'ar', label: 'Arabic', nativeName: 'العربية', rtl: true },
  { code: 'fa', label: 'Dari', nativeName: 'دری', rtl: true },
  { code: 'hi', label: 'Hindi', nativeName: 'हिन्दी', rtl: false },
  { code: 'zh-Hans', label: 'Chinese (Simplified)', nativeName: '中文（简体）', rtl: false },
  { code: 'ps', label: 'Pashto', nativeName: 'پښتو', rtl: true },
  { code: 'es', label: 'Spanish', nativeName: 'Español', rtl: false },
  { code: 'uk', label: 'Ukrainian', nativeName: 'Українська', rtl: false },
  { code: 'vi', label: 'Vietnamese', nativeName: 'Tiếng Việt', rtl: false },
] as const;

export type LanguageCode = (typeof LANGUAGES)[number]['code'];

/** The fixed default language (spec §9). */
export const DEFAULT_LANGUAGE: LanguageCode = 'en';

/** Whether a language is written right-to-left (spec §9: ar, fa, ps). */
export const isRtlLanguage = (code: string): boolean => LANGUAGES.some((l) => l.code === code && l.rtl);

/** Whether a value is one of the nine language codes (the server checks a member's language with it). */
export const isLanguageCode = (value: unknown): value is LanguageCode =>
  typeof value === 'string' && LANGUAGES.some((l) => l.code === value);

/**
 * The nearest of the nine languages to one BCP 47 tag ('ar-EG' → ar, 'zh-CN' → zh-Hans, 'prs' → fa), or null.
 * Traditional Chinese (zh-Hant, zh-TW, zh-HK, zh-MO) is not Simplified and matches nothing.
 */
export const matchLanguage = (tag: string): LanguageCode | null => {
  const [base = '', ...rest] = tag.trim().toLowerCase().split(/[-_]/);
  if (base === 'zh') {
    const traditional = rest.some(
      (part) => part === 'hant' || part === 'tw' || part === 'hk' || part === 'mo',
    );
    return traditional ? null : 'zh-Hans';
  }
  if (base === 'prs') return 'fa';
  if (base === 'pbu' || base === 'pst') return 'ps';
  return LANGUAGES.find((l) => l.code === base)?.code ?? null;
};

/** The first of an Accept-Language header's languages (in the order sent) that is one of the nine, or null. */
export const languageOfAcceptHeader = (header: string | null | undefined): LanguageCode | null => {
  for (const part of (header ?? '').split(',')) {
    const [tag = '', ...params] = part.split(';');
    if (params.some((p) => /^\s*q\s*=\s*0(\.0*)?\s*$/.test(p))) continue;
    const match = matchLanguage(tag);
    if (match) return match;
  }
  return null;
};
