import { i18n } from './index.ts';

const OPTIONS = { ns: 'server', keySeparator: false, nsSeparator: false } as const;

/**
 * The server's messages (toasts, sign-in errors) in the chosen language (issue 18). The server answers in English;
 * `locales/<code>/server.json` maps each English sentence, whole, to the language's. A message not listed yet (or
 * already translated by the screen) shows as it is. Add a server message you show to en/server.json (the English as
 * key and value) and to the eight other languages. A 422's "field: sentence" shows as the translated sentence alone
 * outside English (the field is the API's name, not a word of the reader's language).
 */
export const serverText = (message: string): string => {
  if (i18n.exists(message, OPTIONS)) return i18n.t(message, OPTIONS);
  const named = /^[\w.]+: (.+)$/s.exec(message)?.[1];
  if (named && i18n.language !== 'en' && i18n.exists(named, OPTIONS)) return i18n.t(named, OPTIONS);
  return message;
};
