/**
 * The dashboard's languages (spec §9): i18next with react-i18next.
 *
 * Strings live in `locales/<code>/<namespace>.json`, one namespace per feature folder (`members`, `tasks`,
 * `my-tasks`...) plus `common` for the app shell and `src/ui`. In a component:
 *
 *   const { t } = useTranslation('members');          // keys of locales/<code>/members.json
 *   t('title');  t('count', { count: n });            // plurals: count_one, count_other (+ _few, _many... per language)
 *   t('common:actions.save');                          // another namespace's key
 *
 * Only the language on screen is loaded, and of it only the namespaces the screens shown so far use: `common` before
 * the first screen, a route's own when the route loads (`needNamespaces`, `namespacesReady`); choosing another
 * language loads those same namespaces in it before it shows (`applyLanguage`). Dates and numbers go through Intl
 * in the chosen language: `lib/dates.ts` and `./format.ts`.
 */
import { DEFAULT_LANGUAGE, isRtlLanguage, type LanguageCode } from '@coach/shared/constants/languages';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { STORAGE_KEYS } from '../config/app-links.ts';
import { browserLanguage, isLanguageCode, LANGUAGE_CODES, languageTag } from './languages.ts';

type Resource = Record<string, unknown>;

/** Every language's strings, one small chunk per language and namespace, loaded only when wanted. */
const locales = import.meta.glob<Resource>('./locales/*/*.json', { import: 'default' });
const fileOf = (code: string, namespace: string) => `./locales/${code}/${namespace}.json`;

/** Every namespace English has: the list the completeness test checks each language against. */
export const NAMESPACES = Object.keys(locales)
  .filter((path) => path.startsWith('./locales/en/'))
  .map((path) => path.replace('./locales/en/', '').replace(/\.json$/, ''))
  .sort();

/** The choice kept in this browser (the login pages' picker, or the member's language from their last sign-in). */
export const storedLanguage = (): LanguageCode | null => {
  try {
    const value = localStorage.getItem(STORAGE_KEYS.language);
    return isLanguageCode(value) ? value : null;
  } catch {
    return null;
  }
};

/**
 * The language the address asks for (`?lang=zh-Hans`): the marketplace's sign-in links carry the language its visitor
 * reads the site in, a choice of theirs, so it is kept in this browser as the picker's is.
 */
export const addressLanguage = (): LanguageCode | null => {
  try {
    const value = new URLSearchParams(window.location.search).get('lang');
    if (!isLanguageCode(value)) return null;
    localStorage.setItem(STORAGE_KEYS.language, value);
    return value;
  } catch {
    return null;
  }
};

/**
 * The language before anyone signs in: the one the address asks for, else a choice kept in this browser, else the
 * browser's own language among the nine, else English. A signed-in member's saved language then wins
 * (`session-effects.ts`).
 */
export const startingLanguage = (): LanguageCode =>
  addressLanguage() ?? storedLanguage() ?? browserLanguage();

export const i18n = i18next.createInstance();
void i18n.use(initReactI18next).init({
  // The starting language from the outset, so no English is loaded for a reader of another (`applyLanguage` loads
  // its strings before the first screen).
  lng: startingLanguage(),
  // Every language has every key (completeness.test.ts), so no second language is loaded as a fallback.
  fallbackLng: false,
  supportedLngs: [...LANGUAGE_CODES],
  // zh-Hans is a language of its own here, not zh with a script i18next would strip.
  load: 'currentOnly',
  ns: [],
  defaultNS: 'common',
  partialBundledLanguages: true,
  initAsync: false,
  // React escapes what it renders already.
  interpolation: { escapeValue: false },
  // A screen's namespaces are loaded before it shows (`namespacesReady`), so nothing suspends; a namespace that
  // still arrives late renders its screen again.
  react: { useSuspense: false, bindI18nStore: 'added' },
});

/** `<html lang dir>` follow the language: right-to-left for ar, fa and ps (spec §9). */
const applyToDocument = (code: string) => {
  if (typeof document === 'undefined' || !isLanguageCode(code)) return;
  document.documentElement.lang = languageTag(code);
  document.documentElement.dir = isRtlLanguage(code) ? 'rtl' : 'ltr';
};
i18n.on('languageChanged', applyToDocument);
applyToDocument(i18n.language);

/** The namespaces the screens shown so far use: each language shown loads these. */
const wanted = new Set<string>(['common']);
/** The language being switched to (`applyLanguage`), else the one on screen. */
let target: string = i18n.language;
const languagesShown = () => new Set([i18n.language, target]);
const loading = new Map<string, Promise<void>>();

/** Loads a language's namespaces not in yet, each file once (a failed one is tried again next time). */
const loadNamespaces = (code: string, namespaces: Iterable<string>) =>
  Promise.all(
    [...namespaces].map((namespace) => {
      if (i18n.hasResourceBundle(code, namespace)) return Promise.resolve();
      const file = fileOf(code, namespace);
      const load = locales[file];
      if (!load) return Promise.reject(new Error(`No ${namespace} strings in ${code}`));
      const started =
        loading.get(file) ??
        load().then(
          (resource) => {
            i18n.addResourceBundle(code, namespace, resource, true, true);
          },
          (error: unknown) => {
            loading.delete(file);
            throw error;
          },
        );
      loading.set(file, started);
      return started;
    }),
  );

/**
 * Called when a module that uses these namespaces is first evaluated (the build adds the call to every module that
 * names a namespace: `i18nNamespaces` in vite.config.ts): they start loading in the language on screen at once, and
 * every language chosen later loads them too.
 */
export const needNamespaces = (namespaces: readonly string[]) => {
  for (const namespace of namespaces) wanted.add(namespace);
  // Only started here: `namespacesReady` waits for them, and tries again if this failed.
  for (const code of languagesShown()) loadNamespaces(code, namespaces).catch(() => undefined);
};

/**
 * Resolves when the namespaces wanted so far are in for the language on screen (and the one being switched to): a
 * lazy route awaits it before its screen shows.
 */
export const namespacesReady = async (): Promise<void> => {
  await Promise.all([...languagesShown()].map((code) => loadNamespaces(code, wanted)));
};

/**
 * The server's sentences (server-text.ts) outside English: the language's `server` namespace, and English's own
 * whose patterns find the values in a sentence with a variable part. In English the server's words show as sent.
 */
const loadServerText = async (code: LanguageCode) => {
  wanted.add('server');
  await loadNamespaces(DEFAULT_LANGUAGE, ['server']);
  await loadNamespaces(code, ['server']);
};

let latest = 0;
/**
 * Loads a language's wanted namespaces (`common` at least) and shows it; of several quick calls, the last one
 * wins. Rejects, leaving the screen as it is, when its strings did not load.
 */
export const applyLanguage = async (code: LanguageCode): Promise<void> => {
  const call = ++latest;
  target = code;
  try {
    if (code !== DEFAULT_LANGUAGE) await loadServerText(code);
    // A screen may want another namespace while these load: loaded too before the switch.
    let count: number;
    do {
      count = wanted.size;
      await loadNamespaces(code, wanted);
    } while (count !== wanted.size);
  } catch (error) {
    if (call === latest) target = i18n.language;
    throw error;
  }
  if (call === latest && i18n.language !== code) await i18n.changeLanguage(code);
};

/** The language shown now. */
export const currentLanguage = (): LanguageCode =>
  isLanguageCode(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;

/** Keeps a choice in this browser and shows it. Saving it on the member's profile is the picker's job. */
export const chooseLanguage = (code: LanguageCode): Promise<void> => {
  try {
    localStorage.setItem(STORAGE_KEYS.language, code);
  } catch {
    // Private mode without storage: the choice lasts this page.
  }
  return applyLanguage(code);
};
