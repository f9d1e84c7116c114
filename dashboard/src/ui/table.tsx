import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../i18n/format.ts';
import { T } from './t.tsx';
import './table.css';

export type SortState<K extends string> = { by: K; direction: 'asc' | 'desc' };

/** A column header that sorts on click; aria-sort tells screen readers the current order. */
export const SortHeader = <K extends string>({
  column,
  sort,
  onSort,
  children,
}: {
  column: K;
  sort: SortState<K>;
  onSort: (next: SortState<K>) => void;
  children: ReactNode;
}) => {
  const active = sort.by === column;
  return (
    <th scope="col" aria-sort={active ? (sort.direction === 'asc' ? 'ascending' : 'descending') : 'none'}>
      <button
        type="button"
        className="table__sort"
        onClick={() => onSort({ by: column, direction: active && sort.direction === 'asc' ? 'desc' : 'asc' })}
      >
        {children}
        <span aria-hidden="true" className={`table__sort-icon ${active ? 'table__sort-icon--active' : ''}`}>
          {active && sort.direction === 'desc' ? '▼' : '▲'}
        </span>
      </button>
    </th>
  );
};

/** Page-numbered paging under a list: Previous, "Page x of y", Next. */
export const Pagination = ({
  page,
  totalPages,
  totalCount,
  onPage,
  noun,
  nounOne,
}: {
  page: number;
  totalPages: number;
  totalCount?: number | undefined;
  onPage: (page: number) => void;
  noun: string;
  /** The singular, where dropping the plural's "s" does not make it ("person" for "people"). */
  nounOne?: string | undefined;
}) => {
  const { t } = useTranslation('common');
  return (
    <nav className="pagination" aria-label={t('ui.pagesOf', { noun })}>
      <span className="pagination__summary">
        {totalCount !== undefined ? (
          <>
            <T
              k="ui.total"
              values={{
                count: totalCount,
                total: formatNumber(totalCount),
                noun,
                nounOne: nounOne ?? noun.replace(/s$/, ''),
              }}
            />
            {' · '}
          </>
        ) : null}
        <T
          k="ui.pageOf"
          values={{ page: Math.min(page, Math.max(totalPages, 1)), pages: Math.max(totalPages, 1) }}
        />
      </span>
      <div className="pagination__buttons">
        <button
          type="button"
          className="btn btn--secondary btn--sm"
          disabled={page <= 1}
          onClick={() => onPage(page - 1)}
        >
          <T k="ui.previous" />
        </button>
        <button
          type="button"
          className="btn btn--secondary btn--sm"
          disabled={page >= totalPages}
          onClick={() => onPage(page + 1)}
        >
          <T k="ui.next" />
        </button>
      </div>
    </nav>
  );
};

/** A search box for list screens (type="search", labelled, with the field styling). */
export const SearchBox = ({
  label,
  value,
  onChange,
  placeholder,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
}) => (
  <label className="search-box">
    <span className="visually-hidden">{label}</span>
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      width="18"
      height="18"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
    >
      <circle cx="11" cy="11" r="6.5" />
      <path d="m16 16 4 4" strokeLinecap="round" />
    </svg>
    <input
      type="search"
      value={value}
      placeholder={placeholder}
      onChange={(event) => onChange(event.target.value)}
    />
  </label>
);

/** A styled checkbox with its label; the box takes the tenant's button colour. */
export const Checkbox = ({
  label,
  checked,
  onChange,
  disabled,
  hint,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
  hint?: string;
}) => (
  <label className={`checkbox ${disabled ? 'checkbox--disabled' : ''}`}>
    <input
      type="checkbox"
      checked={checked}
      disabled={disabled}
      onChange={(event) => onChange(event.target.checked)}
    />
    <span className="checkbox__text">
      <span>{label}</span>
      {hint ? <span className="checkbox__hint">{hint}</span> : null}
    </span>
  </label>
);
