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

/** A list "a, b and c" in the chosen language. */
export const formatList = (items: readonly string[], type: Intl.ListFormatType = 'conjunction'): string =>
  new Intl.ListFormat(intlLocale(), { style: 'long', type }).format(items);
