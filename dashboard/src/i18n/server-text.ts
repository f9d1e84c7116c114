import { DEFAULT_LANGUAGE } from '@coach/shared/constants/languages';
import { formatNumber } from './format.ts';
import { i18n } from './index.ts';

const OPTIONS = { ns: 'server', keySeparator: false, nsSeparator: false } as const;
/** A plural form's suffix on a key (`count_one`, `count_other`…). */
export const PLURAL = /_(zero|one|two|few|many|other)$/;

/**
 * Sentences with a variable part ("Invitation sent to {{email}}", "{{count}} words imported"): each English value
 * with a {{placeholder}} becomes a pattern that finds the values in the server's sentence. A count is a number, so
 * i18next picks the language's plural form of the key (`<key>_one`, `<key>_other`... in en/server.json, one English
 * value per form, each matched).
 */
const patternsOf = (english: Record<string, string>) =>
  Object.entries(english)
    .filter(([, value]) => value.includes('{{'))
    .map(([key, value]) => {
      const names: string[] = [];
      const source = value
        .split(/(\{\{\s*\w+\s*\}\})/)
        .map((part) => {
          const name = /^\{\{\s*(\w+)\s*\}\}$/.exec(part)?.[1];
          if (!name) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
          names.push(name);
          return name === 'count' ? '(\\d+)' : '(.+?)';
        })
        .join('');
      return { key: key.replace(PLURAL, ''), names, regex: new RegExp(`^${source}$`, 's') };
    });

/** Built once English's server sentences are in: they load with any other language (`applyLanguage`). */
let patterns: ReturnType<typeof patternsOf> | null = null;
const englishPatterns = () => {
  if (patterns) return patterns;
  const english = i18n.getResourceBundle(DEFAULT_LANGUAGE, 'server') as Record<string, string> | undefined;
  if (english) patterns = patternsOf(english);
  return patterns ?? [];
};

/** The placeholders that hold figures; the others (a role, a company, a question) are text, kept as typed. */
const FIGURES = new Set([
  'count',
  'limit',
  'assigned',
  'already',
  'quota',
  'free',
  'size',
  'number',
  'minutes',
  'imported',
  'archived',
]);
/** A figure the server wrote in English digits ("12", "1,024", "2.5 MB"), in the reader's; anything else as it is. */
const FIGURE = /^(\d{1,3}(?:,\d{3})+|\d+)(\.\d+)?( (?:KB|MB|GB))?$/;
const inDigits = (value: string): string => {
  const figure = FIGURE.exec(value);
  if (!figure) return value;
  const amount = Number(`${(figure[1] ?? '').replaceAll(',', '')}${figure[2] ?? ''}`);
  return `${formatNumber(amount, { maximumFractionDigits: 2 })}${figure[3] ?? ''}`;
};

const withValues = (message: string): string | null => {
  for (const { key, names, regex } of englishPatterns()) {
    const match = regex.exec(message);
    if (!match) continue;
    const values: Record<string, string | number> = {};
    const written: Record<string, string> = {};
    names.forEach((name, index) => {
      const value = match[index + 1] ?? '';
      values[name] = name === 'count' ? Number(value) : value;
      written[name] = FIGURES.has(name) ? inDigits(value) : value;
    });
    // `count` stays a number where i18next picks the plural form; the sentence reads the written values.
    return i18n.t(key, { ...OPTIONS, ...values, replace: written });
  }
  return null;
};

/**
 * The server's messages (toasts, sign-in errors) in the chosen language. The server answers in English;
 * `locales/<code>/server.json` maps each English sentence, whole, to the language's. A message not listed yet (or
 * already translated by the screen) shows as it is. Add a server message you show to en/server.json (the English as
 * key and value) and to the eight other languages. A 422's "field: sentence" shows as the translated sentence alone
 * outside English (the field is the API's name, not a word of the reader's language).
 */
export const serverText = (message: string): string => {
  if (i18n.exists(message, OPTIONS)) return i18n.t(message, OPTIONS);
  const named = /^[\w.]+: (.+)$/s.exec(message)?.[1];
  if (named && i18n.language !== 'en' && i18n.exists(named, OPTIONS)) return i18n.t(named, OPTIONS);
  if (i18n.language === 'en') return message;
  return withValues(message) ?? (named ? withValues(named) : null) ?? message;
};
