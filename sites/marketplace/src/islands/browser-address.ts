import { MARKETPLACE_SEARCH_MAX } from 'virtual:light-contract/marketplace';
import { RATING_FILTERS } from '@coach/shared/constants/marketplace';

/** What the catalogue is filtered by, and its page. */
export type Filters = {
  search: string;
  institutes: string[];
  categories: string[];
  rating: number | null;
  page: number;
};

export const NO_FILTERS: Filters = { search: '', institutes: [], categories: [], rating: null, page: 1 };

/**
 * The catalogue's filters and page read from its address (`?search=…&institute=…&category=…&rating=4&page=2`):
 * Back from a course returns to page 2 of the same filters (the page forgot them and opened page 1). Only
 * institutes and categories the page lists, and ratings it offers, are taken; anything else is left out.
 */
export const filtersFromAddress = (
  search: string,
  known: { institutes: readonly string[]; categories: readonly string[] },
): Filters => {
  const query = new URLSearchParams(search);
  const rating = Number(query.get('rating'));
  const page = Number(query.get('page'));
  return {
    search: (query.get('search') ?? '').trim().slice(0, MARKETPLACE_SEARCH_MAX),
    institutes: query.getAll('institute').filter((slug) => known.institutes.includes(slug)),
    categories: query.getAll('category').filter((name) => known.categories.includes(name)),
    rating: (RATING_FILTERS as readonly number[]).includes(rating) ? rating : null,
    page: Number.isInteger(page) && page > 1 && page <= 10_000 ? page : 1,
  };
};

/** The address's query for these filters, each left out at its default (an unfiltered first page has none). */
export const addressQuery = (filters: Filters): string => {
  const query = new URLSearchParams();
  if (filters.search) query.set('search', filters.search);
  for (const slug of filters.institutes) query.append('institute', slug);
  for (const name of filters.categories) query.append('category', name);
  if (filters.rating !== null) query.set('rating', String(filters.rating));
  if (filters.page > 1) query.set('page', String(filters.page));
  const text = query.toString();
  return text ? `?${text}` : '';
};

/**
 * A search in the page's language that names a category ("面试" on a Chinese page, of 面试技巧): the courses' names
 * and the search are English, so it found nothing. Such a search ticks the categories whose name on the page holds
 * it instead (the visitor sees them ticked), and is not sent as text. English pages, and a search naming no category
 * in the page's language, are left as they are.
 */
export const withCategorySearch = (
  filters: Filters,
  lang: string,
  categories: readonly { name: string; label: string }[],
): Filters => {
  const text = filters.search.trim().toLocaleLowerCase(lang);
  if (lang === 'en' || text.length < 2) return filters;
  const named = categories.filter(
    ({ name, label }) => label !== name && label.toLocaleLowerCase(lang).includes(text),
  );
  if (named.length === 0) return filters;
  const ticked = [
    ...filters.categories,
    ...named.map((c) => c.name).filter((n) => !filters.categories.includes(n)),
  ];
  return { ...filters, search: '', categories: ticked, page: 1 };
};
