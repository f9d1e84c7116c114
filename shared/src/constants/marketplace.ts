import { LEVEL_NAMES } from './levels.ts';

/** Course categories of the marketplace (filters, the course editor, the seed). */
export const COURSE_CATEGORIES = [
  'Public Speaking',
  'Business English',
  'Interview Skills',
  'Academic English',
  'Leadership Communication',
  'Pronunciation',
] as const;
export type CourseCategory = (typeof COURSE_CATEGORIES)[number];

/** Course levels: spec §9 level names 1-4. */
export const COURSE_LEVELS = Object.values(LEVEL_NAMES);

/** Currencies a course may be priced in (ISO 4217). */
export const COURSE_CURRENCIES = ['AUD', 'USD', 'INR', 'EUR', 'GBP', 'MXN'] as const;

/** Courses per page of the marketplace grid (spec §3 filters: page=1 by default). */
export const MARKETPLACE_PAGE_SIZE = 12;
/** At most this many results in the search dropdown. */
export const SEARCH_LIST_LIMIT = 8;
/** Rating filter choices: at least this many stars. */
export const RATING_FILTERS = [4.5, 4, 3.5, 3] as const;

/**
 * The locale English prices are written in: each of the course currencies unmistakable beside the others ('A$63.00',
 * 'US$159.00', '₹', '€', '£', 'MX$'). en-AU wrote Australian dollars as a bare '$63.00' beside 'USD 159.00', which a
 * buyer elsewhere reads as US dollars.
 */
export const ENGLISH_PRICE_LOCALE = 'en-GB';

/** An amount of money in a locale (English: ENGLISH_PRICE_LOCALE), its currency unmistakable, 0 too: 'A$0.00'. */
export const formatAmount = (cents: number, currency: string, locale = ENGLISH_PRICE_LOCALE) =>
  new Intl.NumberFormat(locale, { style: 'currency', currency, currencyDisplay: 'symbol' }).format(
    cents / 100,
  );

/** A price for people in a locale (English: ENGLISH_PRICE_LOCALE), its currency unmistakable: 'A$249.00', 'Free'. */
export const formatPrice = (cents: number, currency: string, locale = ENGLISH_PRICE_LOCALE) =>
  cents === 0 ? 'Free' : formatAmount(cents, currency, locale);

/** The modern copies made of every course cover, best first (a <picture>'s sources in this order). */
export const IMAGE_VARIANT_TYPES = ['image/avif', 'image/webp'] as const;
export type ImageVariantType = (typeof IMAGE_VARIANT_TYPES)[number];
