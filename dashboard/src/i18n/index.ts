/**
 * The dashboard's languages (spec §9, issue 18): i18next with react-i18next.
 *
 * Strings live in `locales/<code>/<namespace>.json`, one namespace per feature folder (`members`, `tasks`,
 * `my-tasks`...) plus `common` for the app shell and `src/ui`. In a component:
 *
 *   const { t } = useTranslation('members');          // keys of locales/<code>/members.json
 *   t('title');  t('count', { count: n });            // plurals: count_one, count_other (+ _few, _many... per language)
 *   t('common:actions.save');                          // another namespace's key
 *
 * English is bundled (it is the fallback for a key a language lacks); every other language is loaded, all its
 * namespaces at once, only when chosen (`applyLanguage`). Dates and numbers go through Intl in the chosen
 * language: `lib/dates.ts` and `./format.ts`.
 */
import { DEFAULT_LANGUAGE, isRtlLanguage, type LanguageCode } from '@coach/shared/constants/languages';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { STORAGE_KEYS } from '../config/app-links.ts';
import { browserLanguage, isLanguageCode, LANGUAGE_CODES, languageTag } from './languages.ts';

type Resource = Record<string, unknown>;

const english = import.meta.glob<Resource>('./locales/en/*.json', { eager: true, import: 'default' });
const lazyLocales = import.meta.glob<Resource>(['./locales/*/*.json', '!./locales/en/*.json'], {
  import: 'default',
});

// './locales/<code>/<namespace>.json'
const partsOf = (path: string) => {
  const [, , code = '', file = ''] = path.split('/');
  return { code, namespace: file.replace(/\.json$/, '') };
};

const englishResources: Record<string, Resource> = {};
for (const [path, resource] of Object.entries(english)) englishResources[partsOf(path).namespace] = resource;

/** Every namespace English has: the list the completeness test checks each language against. */
export const NAMESPACES = Object.keys(englishResources).sort();

export const i18n = i18next.createInstance();
void i18n.use(initReactI18next).init({
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGE_CODES],
  // zh-Hans is a language of its own here, not zh with a script i18next would strip.
  load: 'currentOnly',
  ns: NAMESPACES,
  defaultNS: 'common',
  resources: { en: englishResources },
  partialBundledLanguages: true,
  initAsync: false,
  // React escapes what it renders already.
  interpolation: { escapeValue: false },
  // Every language's namespaces are loaded before it is switched to, so nothing suspends.
  react: { useSuspense: false },
});

/** `<html lang dir>` follow the language: right-to-left for ar, fa and ps (spec §9). */
const applyToDocument = (code: string) => {
  if (typeof document === 'undefined' || !isLanguageCode(code)) return;
  document.documentElement.lang = languageTag(code);
  document.documentElement.dir = isRtlLanguage(code) ? 'rtl' : 'ltr';
};
i18n.on('languageChanged', applyToDocument);
applyToDocument(i18n.language);

const loaded = new Set<string>([DEFAULT_LANGUAGE]);
const loadLanguage = async (code: LanguageCode) => {
  if (loaded.has(code)) return;
  const files = Object.entries(lazyLocales).filter(([path]) => partsOf(path).code === code);
  const bundles = await Promise.all(files.map(async ([path, load]) => ({ path, resource: await load() })));
  for (const { path, resource } of bundles)
    i18n.addResourceBundle(code, partsOf(path).namespace, resource, true, true);
  loaded.add(code);
};

let latest = 0;
/** Loads a language (if needed) and shows it; of several quick calls, the last one wins. */
export const applyLanguage = async (code: LanguageCode): Promise<void> => {
  const call = ++latest;
  await loadLanguage(code);
  if (call === latest && i18n.language !== code) await i18n.changeLanguage(code);
};

/** The language shown now. */
export const currentLanguage = (): LanguageCode =>
  isLanguageCode(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;

/** The choice kept in this browser (the login pages' picker, or the member's language from their last sign-in). */
export const storedLanguage = (): LanguageCode | null => {
  try {
    const value = localStorage.getItem(STORAGE_KEYS.language);
    return isLanguageCode(value) ? value : null;
  } catch {
    return null;
  }
};

/** Keeps a choice in this browser and shows it. Saving it on the member's profile is the picker's job. */
export const chooseLanguage = (code: LanguageCode): Promise<void> => {
  try {
    localStorage.setItem(STORAGE_KEYS.language, code);
  } catch {
    // Private mode without storage: the choice lasts this page.
  }
  return applyLanguage(code);
};

/**
 * The language before anyone signs in: a choice kept in this browser, else the browser's own language among the
 * nine, else English. A signed-in member's saved language then wins (`session-effects.ts`).
 */
export const startingLanguage = (): LanguageCode => storedLanguage() ?? browserLanguage();
