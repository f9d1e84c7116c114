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

/** A price for people, its currency unmistakable where the locale's own is another: 'A$249.00' (en-AU: '$249.00', 'USD 249.00'), 'Free'. */
export const formatPrice = (cents: number, currency: string, locale = 'en-AU') =>
  cents === 0
    ? 'Free'
    : new Intl.NumberFormat(locale, { style: 'currency', currency, currencyDisplay: 'symbol' }).format(
        cents / 100,
      );

/** The modern copies made of every course cover, best first (a <picture>'s sources in this order). */
export const IMAGE_VARIANT_TYPES = ['image/avif', 'image/webp'] as const;
export type ImageVariantType = (typeof IMAGE_VARIANT_TYPES)[number];
