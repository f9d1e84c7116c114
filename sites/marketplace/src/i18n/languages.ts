import { LANGUAGES, type LanguageCode } from '@coach/shared/constants/languages';

const NATIVE_NAMES: Record<LanguageCode, string> = {
  en: 'English',
  ar: 'العربية',
  fa: 'دری',
  hi: 'हिन्दी',
  'zh-Hans': '简体中文',
  ps: 'پښتو',
  es: 'Español',
  uk: 'Українська',
  vi: 'Tiếng Việt',
};

/**
 * The site's nine languages (spec §9) as the pages need them: each named in its own language for the picker,
 * the BCP 47 tag for `lang`/`hreflang` and Intl (Dari is the Afghan variety of Persian: fa-AF), and the
 * writing direction. English is the default and lives at the spec's paths; the others under /<code>/.
 */
export const SITE_LANGUAGES: readonly {
  code: LanguageCode;
  tag: string;
  nativeName: string;
  dir: 'ltr' | 'rtl';
}[] = LANGUAGES.map(({ code, rtl }) => ({
  code,
  tag: code === 'fa' ? 'fa-AF' : code,
  nativeName: NATIVE_NAMES[code],
  dir: rtl ? 'rtl' : 'ltr',
}));

export const DEFAULT_SITE_LANGUAGE: LanguageCode = 'en';

/** The prefixed languages, for the pages under src/pages/[lang]/. */
export const PREFIXED_LANGUAGES = SITE_LANGUAGES.filter((l) => l.code !== DEFAULT_SITE_LANGUAGE).map(
  (l) => l.code,
);

export const isSiteLanguage = (value: unknown): value is LanguageCode =>
  typeof value === 'string' && SITE_LANGUAGES.some((l) => l.code === value);

export const languageOf = (code: LanguageCode) =>
  SITE_LANGUAGES.find((l) => l.code === code) ?? (SITE_LANGUAGES[0] as (typeof SITE_LANGUAGES)[number]);

/** A spec path ('/marketplace/home') in a language: English unprefixed, the others under /<code>. */
export const localePath = (lang: LanguageCode, path: string) =>
  lang === DEFAULT_SITE_LANGUAGE ? path : `/${lang}${path}`;

/** The language of a URL path and the path without its language prefix. */
export const splitLocale = (pathname: string): { lang: LanguageCode; path: string } => {
  const [, first = '', ...rest] = pathname.split('/');
  if (first !== DEFAULT_SITE_LANGUAGE && isSiteLanguage(first))
    return { lang: first, path: `/${rest.join('/')}` };
  return { lang: DEFAULT_SITE_LANGUAGE, path: pathname };
};
