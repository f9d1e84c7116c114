import { compactNumber } from '@coach/shared/format/compact-number';
import { currentLanguage } from './index.ts';
import { languageTag } from './languages.ts';

/** The Intl locale of the chosen language ('fa-AF' for Dari). Dates: `lib/dates.ts`, which also keeps the zone. */
export const intlLocale = (): string => languageTag(currentLanguage());

const numberFormats = new Map<string, Intl.NumberFormat>();
/** A number in the chosen language's digits and separators; one formatter per locale and shape, made once. */
export const formatNumber = (value: number, options: Intl.NumberFormatOptions = {}): string => {
  const locale = intlLocale();
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, options);
    numberFormats.set(key, format);
  }
  return format.format(value);
};

/**
 * A figure over 999 shown short: spec §5's "1.2k" in English (cut, never rounded up), the language's own compact
 * form elsewhere ("1.2万", "۱٫۲ هزار"), cut the same way; 999 and below as formatNumber writes them.
 */
export const shortNumber = (value: number): string => {
  if (Math.abs(value) < 1000) return formatNumber(value);
  if (currentLanguage() === 'en') return compactNumber(value);
  return formatNumber(value, { notation: 'compact', maximumFractionDigits: 1, roundingMode: 'trunc' });
};

/**
 * The values of a `t()` call with every number written by formatNumber, so a number inside a sentence has the
 * same digits as the figures around it (۳ in Dari and Pashto, not 3). `count` stays a number where i18next chooses
 * the plural form; the sentence reads the written values from `replace`.
 */
export const withNumbers = <V extends Record<string, unknown>>(
  values: V,
): V & { replace: Record<string, unknown> } => ({
  ...values,
  replace: Object.fromEntries(
    Object.entries(values).map(([key, value]) => [
      key,
      typeof value === 'number' ? formatNumber(value) : value,
    ]),
  ),
});

/** A list "a, b and c" in the chosen language. */
export const formatList = (items: readonly string[], type: Intl.ListFormatType = 'conjunction'): string =>
  new Intl.ListFormat(intlLocale(), { style: 'long', type }).format(items);
