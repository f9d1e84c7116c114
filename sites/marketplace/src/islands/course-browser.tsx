import {
  MARKETPLACE_SEARCH_MAX,
  marketplace,
  SEARCH_TOO_LONG_MESSAGE,
} from 'virtual:light-contract/marketplace';
import type { LanguageCode } from '@coach/shared/constants/languages';
import { MARKETPLACE_PAGE_SIZE, RATING_FILTERS } from '@coach/shared/constants/marketplace';
import type { CourseCard as Card } from '@coach/shared/contract/marketplace';
import { type FormEvent, useEffect, useMemo, useRef, useState } from 'react';
import { CourseCard } from '../components/course-card.tsx';
import { categoryName } from '../components/course-facts.ts';
import { Icon } from '../components/icon.tsx';
import { around, formatNumber, plural, t } from '../i18n/format.ts';
import type { Messages } from '../i18n/messages.ts';
import { loadApi } from '../lib/load-api.ts';
import {
  addressQuery,
  type Filters,
  filtersFromAddress,
  NO_FILTERS,
  withCategorySearch,
} from './browser-address.ts';
import { serverMessage } from './server-message.ts';

type PageData = {
  currentPage: number;
  totalPages: number;
  totalCount?: number | undefined;
  listdata: Card[];
  /** Under the filters of this page (the build's first page has none: the counts passed in are of every course). */
  categoryCounts?: { name: string; courseCount: number }[] | undefined;
};

/** A rating filter's label: its template's {{stars}} slot is a star icon named in words ("4.5 stars and up"). */
const RatingUp = ({ template, stars }: { template: string; stars: string }) => {
  const [before, after] = around(template, 'stars');
  return (
    <span>
      {before}
      <Icon name="star" label={stars} />
      {after}
    </span>
  );
};

const toggle = (list: string[], value: string) =>
  list.includes(value) ? list.filter((v) => v !== value) : [...list, value];

/**
 * The course grid with the filters of spec §3 (search, institutes, categories, rating, page=1). The first page
 * arrives as HTML from the build; changing a filter asks get-all-courses-home.
 */
export const CourseBrowser = ({
  lang,
  strings: s,
  cardStrings,
  initial,
  institutes,
  categories,
}: {
  lang: LanguageCode;
  strings: Messages['browser'];
  cardStrings: Messages['card'];
  initial: PageData;
  institutes: { slug: string; name: string }[];
  categories: { name: string; courseCount: number }[];
}) => {
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  // Each category's name on this page, for a search in the page's language that names one (withCategorySearch).
  const categoryLabels = useMemo(
    () => categories.map(({ name }) => ({ name, label: categoryName(cardStrings, name) })),
    [categories, cardStrings],
  );
  const [searchText, setSearchText] = useState('');
  const [data, setData] = useState(initial);
  // The filters `data` answers: until the answer to new ones comes, the count says it is loading, even in the frame
  // painted before the request starts (it said "45 courses match your filters" of the unfiltered page there).
  const [shown, setShown] = useState(filters);
  const [state, setState] = useState<'ready' | 'loading' | 'error'>('ready');
  const [error, setError] = useState('');
  const first = useRef(true);
  const top = useRef<HTMLDivElement>(null);
  const results = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    let current = true;
    const asked = filters;
    setState('loading');
    void loadApi().then(({ browserApi, ApiError }) =>
      browserApi
        .call(marketplace.getAllCoursesHome, {
          search: filters.search,
          institutes: filters.institutes,
          categories: filters.categories,
          rating: filters.rating,
          page: filters.page,
        })
        .then(
          (page) => {
            if (!current) return;
            setData(page);
            setShown(asked);
            setState('ready');
          },
          (err: unknown) => {
            if (!current) return;
            setError(
              err instanceof ApiError
                ? serverMessage(err.message, { [SEARCH_TOO_LONG_MESSAGE]: s.searchTooLong })
                : s.genericError,
            );
            setState('error');
          },
        ),
    );
    return () => {
      current = false;
    };
  }, [filters]);

  // The catalogue starts as its address says: the header search's Enter opens /marketplace/home?search=…#courses,
  // and Back from a course returns to the page and filters it was left at.
  useEffect(() => {
    const from = withCategorySearch(
      filtersFromAddress(window.location.search, {
        institutes: institutes.map((i) => i.slug),
        categories: categories.map((c) => c.name),
      }),
      lang,
      categoryLabels,
    );
    if (addressQuery(from) === '') return;
    setSearchText(from.search);
    setFilters(from);
  }, [institutes, categories, lang, categoryLabels]);

  // Each change of filters or page is written into the address (the entry replaced, not added: Back leaves the
  // catalogue, as before), so Back from a course finds it there.
  const written = useRef(false);
  useEffect(() => {
    if (!written.current) {
      written.current = true;
      return;
    }
    const { pathname, hash } = window.location;
    window.history.replaceState(window.history.state, '', `${pathname}${addressQuery(filters)}${hash}`);
  }, [filters]);

  const change = (next: Partial<Filters>) => setFilters((f) => ({ ...f, page: 1, ...next }));
  const goTo = (page: number) => {
    setFilters((f) => ({ ...f, page }));
    top.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  };
  /**
   * Where the filters stand above the results (up to 900 px wide: a phone, a small tablet), a search sent from the
   * field changed only what lay under the filters, out of sight (under the phone's keyboard too): sent with Enter
   * or the button, it seemed to do nothing. The results come into view then; the focus stays in the field.
   */
  const showResults = () => {
    const box = results.current?.getBoundingClientRect();
    const seen = window.visualViewport?.height ?? window.innerHeight;
    if (box && (box.top < 0 || box.top > seen / 2)) results.current?.scrollIntoView({ block: 'start' });
  };
  const submitSearch = (event: FormEvent) => {
    event.preventDefault();
    const next = withCategorySearch({ ...filters, search: searchText.trim(), page: 1 }, lang, categoryLabels);
    if (next.search !== searchText.trim()) setSearchText(next.search);
    setFilters(next);
    showResults();
  };
  // Until the island runs, the server-rendered filters could be ticked but would do nothing: they wait, disabled.
  const [live, setLive] = useState(false);
  useEffect(() => setLive(true), []);
  const active = filters.search || filters.institutes.length || filters.categories.length || filters.rating;
  const loading = state === 'loading' || (state === 'ready' && shown !== filters);
  // What ticking a category would show under the search and the other filters (0 where none of it is left).
  const countOf = (category: { name: string; courseCount: number }) =>
    data.categoryCounts
      ? (data.categoryCounts.find((c) => c.name === category.name)?.courseCount ?? 0)
      : category.courseCount;

  return (
    <div className="browser" ref={top}>
      <aside className="filters" aria-label={s.filters}>
        <search>
          <form className="filters__search" onSubmit={submitSearch}>
            <label htmlFor="filter-search">{s.search}</label>
            <div className="filters__search-row">
              <input
                id="filter-search"
                type="search"
                enterKeyHint="search"
                placeholder={s.searchPlaceholder}
                maxLength={MARKETPLACE_SEARCH_MAX}
                value={searchText}
                onChange={(e) => setSearchText(e.target.value)}
                disabled={!live}
              />
              {/* Inside the field's end, so the field keeps the sidebar's width for its hint. */}
              <button className="filters__search-go" type="submit" disabled={!live}>
                <Icon name="search" label={s.go} />
              </button>
            </div>
          </form>
        </search>
        <fieldset disabled={!live}>
          <legend>{s.institutions}</legend>
          {institutes.map((i) => (
            <label key={i.slug} className="check">
              <input
                type="checkbox"
                checked={filters.institutes.includes(i.slug)}
                onChange={() => change({ institutes: toggle(filters.institutes, i.slug) })}
              />
              {i.name}
            </label>
          ))}
        </fieldset>
        <fieldset disabled={!live}>
          <legend>{s.categories}</legend>
          {categories.map((c) => (
            <label key={c.name} className="check">
              <input
                type="checkbox"
                checked={filters.categories.includes(c.name)}
                onChange={() => change({ categories: toggle(filters.categories, c.name) })}
              />
              {categoryName(cardStrings, c.name)}{' '}
              <span className="check__count">{formatNumber(lang, countOf(c))}</span>
            </label>
          ))}
        </fieldset>
        <fieldset disabled={!live}>
          <legend>{s.rating}</legend>
          <label className="check">
            <input
              type="radio"
              name="rating"
              checked={filters.rating === null}
              onChange={() => change({ rating: null })}
            />
            {s.anyRating}
          </label>
          {RATING_FILTERS.map((r) => (
            <label key={r} className="check">
              <input
                type="radio"
                name="rating"
                checked={filters.rating === r}
                onChange={() => change({ rating: r })}
              />
              <RatingUp template={t(s, 'ratingUp', { rating: formatNumber(lang, r) })} stars={s.starsLabel} />
            </label>
          ))}
        </fieldset>
        {active ? (
          <button
            type="button"
            className="button button--ghost button--small"
            onClick={() => {
              setSearchText('');
              setFilters(NO_FILTERS);
            }}
          >
            {s.clear}
          </button>
        ) : null}
      </aside>
      <div className="browser__results" aria-busy={loading} ref={results}>
        <p className="browser__count" aria-live="polite">
          {loading ? s.loading : plural(s, lang, active ? 'countFiltered' : 'count', data.totalCount ?? 0)}
        </p>
        {state === 'error' ? (
          <div className="notice notice--error" role="alert">
            <p>{error}</p>
            <button
              type="button"
              className="button button--secondary button--small"
              onClick={() => setFilters((f) => ({ ...f }))}
            >
              {s.tryAgain}
            </button>
          </div>
        ) : null}
        {state !== 'error' && data.listdata.length === 0 ? (
          <div className="notice">
            <p>{s.empty}</p>
          </div>
        ) : null}
        <div className={`course-grid ${loading ? 'course-grid--loading' : ''}`}>
          {data.listdata.map((course) => (
            <CourseCard key={course._id} course={course} lang={lang} strings={cardStrings} />
          ))}
        </div>
        {data.totalPages > 1 ? (
          <nav className="pager" aria-label={s.pages}>
            <button
              type="button"
              className="button button--secondary button--small"
              disabled={data.currentPage <= 1}
              onClick={() => goTo(data.currentPage - 1)}
            >
              {s.previous}
            </button>
            <span>
              {t(s, 'pageOf', {
                page: formatNumber(lang, data.currentPage),
                total: formatNumber(lang, data.totalPages),
              })}
            </span>
            <button
              type="button"
              className="button button--secondary button--small"
              disabled={data.currentPage >= data.totalPages}
              onClick={() => goTo(data.currentPage + 1)}
            >
              {s.next}
            </button>
          </nav>
        ) : null}
        <p className="visually-hidden">{plural(s, lang, 'perPage', MARKETPLACE_PAGE_SIZE)}</p>
      </div>
    </div>
  );
};
