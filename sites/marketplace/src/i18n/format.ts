import { LANGUAGES, type LanguageCode } from '@coach/shared/constants/languages';
import { ENGLISH_PRICE_LOCALE } from '@coach/shared/constants/marketplace';
import { compactNumber } from '@coach/shared/format/compact-number';

/** Strings of one section: keys to templates with {{name}} slots and _one/_few/_other plural forms. */
export type Strings = Readonly<Record<string, string>>;

/** The BCP 47 tag Intl uses for a site language (Dari: fa-AF; English keeps the spec's en-AU formats). */
export const intlTag = (lang: LanguageCode) => (lang === 'en' ? 'en-AU' : lang === 'fa' ? 'fa-AF' : lang);

/** Fills {{name}} slots. */
export const fill = (template: string, values: Record<string, string | number> = {}) =>
  template.replace(/\{\{(\w+)\}\}/g, (slot, name: string) => (name in values ? String(values[name]) : slot));

/** The template for a key, or the key itself when missing (the completeness test keeps that from shipping). */
export const t = (strings: Strings, key: string, values?: Record<string, string | number>) =>
  fill(strings[key] ?? key, values);

/**
 * A plural: the language's CLDR category for `count` (Intl.PluralRules) picks `<key>_<category>`, falling back
 * to `<key>_other`. `{{count}}` is the number formatted in the language.
 */
export const plural = (
  strings: Strings,
  lang: LanguageCode,
  key: string,
  count: number,
  values: Record<string, string | number> = {},
) => {
  const category = new Intl.PluralRules(intlTag(lang)).select(count);
  const template = strings[`${key}_${category}`] ?? strings[`${key}_other`] ?? key;
  return fill(template, { count: formatNumber(lang, count), ...values });
};

/** Splits a template around one slot, so the slot can be a link or <strong> without building HTML. */
export const around = (template: string, slot: string): [string, string] => {
  const at = template.indexOf(`{{${slot}}}`);
  return at < 0 ? [template, ''] : [template.slice(0, at), template.slice(at + slot.length + 4)];
};

export const formatNumber = (lang: LanguageCode, value: number, options?: Intl.NumberFormatOptions) =>
  new Intl.NumberFormat(intlTag(lang), options).format(value);

/** Figures over 999 shown short (spec §5): English keeps '1.2k'; the others Intl's compact notation, cut down. */
export const formatCompact = (lang: LanguageCode, value: number) =>
  lang === 'en'
    ? compactNumber(value)
    : formatNumber(lang, value, {
        notation: 'compact',
        maximumFractionDigits: 1,
        roundingMode: 'trunc',
      });

export const formatDate = (lang: LanguageCode, iso: string) =>
  new Date(iso).toLocaleDateString(intlTag(lang), {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });

/** A unit in words ('about 1.5 hours', '12 min'), Intl's own plural and word order. */
export const formatUnit = (
  lang: LanguageCode,
  value: number,
  unit: 'hour' | 'minute',
  unitDisplay: 'long' | 'short',
) =>
  // English keeps the site's '25 min' (en-AU would say '25 mins').
  new Intl.NumberFormat(lang === 'en' ? 'en' : intlTag(lang), { style: 'unit', unit, unitDisplay }).format(
    value,
  );

/**
 * A price in the page's language; a free course says so in that language. In a right-to-left language the
 * currency's symbol is isolated (U+2068 … U+2069): Arabic's "86.00 AU$" showed as "$AU 86.00", its "$" taking the
 * page's direction.
 */
export const formatPriceIn = (lang: LanguageCode, cents: number, currency: string, free: string) =>
  cents === 0
    ? free
    : new Intl.NumberFormat(lang === 'en' ? ENGLISH_PRICE_LOCALE : intlTag(lang), {
        style: 'currency',
        currency,
        currencyDisplay: 'symbol',
      })
        .formatToParts(cents / 100)
        .map((part) =>
          part.type === 'currency' && LANGUAGES.some((l) => l.code === lang && l.rtl)
            ? `\u2068${part.value}\u2069`
            : part.value,
        )
        .join('');
