import type { LanguageCode } from '@coach/shared/constants/languages';
import { COURSE_SEARCH_DEBOUNCE_MS } from '@coach/shared/constants/timing';
import type { CourseSearchResult } from '@coach/shared/contract/marketplace';
import { useEffect, useId, useRef, useState } from 'react';
import { t } from '../i18n/format.ts';
import { localePath } from '../i18n/languages.ts';
import type { Messages } from '../i18n/messages.ts';
import { marketplace } from '../lib/calls.ts';
import { coursePath } from '../lib/links.ts';
import { loadApi } from '../lib/load-api.ts';
import { notify } from './toasts.ts';

type Results = { status: 'idle' } | { status: 'waiting' } | { status: 'done'; items: CourseSearchResult[] };

/**
 * The header's course search (and the 404 page's, variant `page`) (spec §2, §4, §7, §8): the call fires 2000 ms after the last keystroke; the
 * dropdown opens on non-empty input and closes when cleared, on Escape, or on a click outside. The mobile
 * variant is a button that opens a full-width search row.
 */
export const SearchBox = ({
  variant = 'desktop',
  lang,
  strings: s,
}: {
  variant?: 'desktop' | 'mobile' | 'page';
  lang: LanguageCode;
  strings: Messages['search'];
}) => {
  const [value, setValue] = useState('');
  const [open, setOpen] = useState(false);
  const [mobileOpen, setMobileOpen] = useState(false);
  const [results, setResults] = useState<Results>({ status: 'idle' });
  const root = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const listId = useId();

  useEffect(() => {
    const search = value.trim();
    if (!search) {
      setResults({ status: 'idle' });
      return;
    }
    setResults({ status: 'waiting' });
    let current = true;
    // The client loads while the debounce runs, so the call leaves on time.
    const api = loadApi();
    const timer = window.setTimeout(async () => {
      const { browserApi, ApiError } = await api;
      browserApi.call(marketplace.getSearchList, { search }).then(
        (items) => {
          if (current) setResults({ status: 'done', items });
        },
        (error: unknown) => {
          if (!current) return;
          setResults({ status: 'done', items: [] });
          notify.error(error instanceof ApiError ? error.message : s.genericError);
        },
      );
    }, COURSE_SEARCH_DEBOUNCE_MS);
    return () => {
      current = false;
      window.clearTimeout(timer);
    };
  }, [value]);

  useEffect(() => {
    if (!open) return;
    const outside = (event: MouseEvent) => {
      if (root.current && !root.current.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', outside);
    return () => document.removeEventListener('mousedown', outside);
  }, [open]);

  useEffect(() => {
    if (mobileOpen) input.current?.focus();
  }, [mobileOpen]);

  const field = (
    <div className={`search search--${variant}`} ref={root}>
      {/* The page variant (the 404 page's search) shows its label; the header's are named for screen readers. */}
      <label className={variant === 'page' ? 'search__label' : 'visually-hidden'} htmlFor={`${listId}-input`}>
        {variant === 'page' ? s.labelPage : s.label}
      </label>
      <input
        ref={input}
        id={`${listId}-input`}
        className="search__input"
        type="search"
        placeholder={s.placeholder}
        autoComplete="off"
        role="combobox"
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        value={value}
        onChange={(event) => {
          setValue(event.target.value);
          setOpen(event.target.value.trim() !== '');
        }}
        onFocus={() => setOpen(value.trim() !== '')}
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            setOpen(false);
            if (variant === 'mobile') setMobileOpen(false);
          }
        }}
      />
      {open ? (
        <div className="search__dropdown" id={listId} role="listbox" aria-label={s.matching}>
          {results.status === 'done' && results.items.length === 0 ? (
            <p className="search__note">{t(s, 'noMatch', { query: value.trim() })}</p>
          ) : null}
          {results.status !== 'done' ? <p className="search__note">{s.searching}</p> : null}
          {results.status === 'done'
            ? results.items.map((course) => (
                <a
                  key={course._id}
                  className="search__item"
                  role="option"
                  aria-selected="false"
                  href={localePath(lang, coursePath(course._id))}
                >
                  {course.courseImgUrl ? (
                    <img src={course.courseImgUrl} alt="" width={64} height={36} />
                  ) : null}
                  <span>
                    <span className="search__name">{course.courseName}</span>
                    <span className="search__provider">{course.courseProviderName}</span>
                  </span>
                </a>
              ))
            : null}
        </div>
      ) : null}
    </div>
  );

  if (variant !== 'mobile') return field;
  return (
    <>
      <button
        type="button"
        className="icon-button"
        aria-label={mobileOpen ? s.close : s.label}
        aria-expanded={mobileOpen}
        onClick={() => setMobileOpen((v) => !v)}
      >
        {mobileOpen ? '✕' : '⌕'}
      </button>
      {mobileOpen ? <div className="mobile-search">{field}</div> : null}
    </>
  );
};
