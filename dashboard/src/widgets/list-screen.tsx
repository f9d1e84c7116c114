import { GROUP_SEARCH_DEBOUNCE_MS } from '@coach/shared/constants/timing';
import type { Paged } from '@coach/shared/contract/envelope';
import { type ReactNode, useState } from 'react';
import { useConfirmedDelete } from '../lib/use-confirmed-delete.ts';
import { useDebounced } from '../lib/use-debounced.ts';
import { usePagedList } from '../lib/use-paged-list.ts';
import { ConfirmDialog } from '../ui/dialog.tsx';
import { PageHeader } from '../ui/layout.tsx';
import { PagedTable } from '../ui/paged-table.tsx';
import { SearchBox, type SortState } from '../ui/table.tsx';
import { type Column, ColumnCells, ColumnHeads } from '../ui/table-columns.tsx';

export type { Column } from '../ui/table-columns.tsx';

/** What a list call is asked for one page: the settled search, the order (sorted lists) and the page. */
export type ListQuery<S extends string> = { search: string; sort: SortState<S>; currentPage: number };

/**
 * The state of a server list with a search box: what is typed, the search once typing has paused (trimmed), the
 * order, the shown page, and a delete that asks first. `call` is the contract's list call (its path heads the
 * cache key); `filters` are the page's other values the answer depends on; `sort` is the first order of a
 * sortable list. `remove` deletes an item and resolves with the success message; the list then reloads and
 * `afterRemoved` runs.
 */
export const useListScreen = <T, S extends string = never>({
  call,
  filters = [],
  sort: firstSort,
  debounceMs = GROUP_SEARCH_DEBOUNCE_MS,
  fetch,
  remove,
  afterRemoved,
}: {
  call: { path: string };
  filters?: readonly unknown[];
  sort?: SortState<S>;
  debounceMs?: number;
  fetch: (query: ListQuery<S>) => Promise<Paged<T>>;
  remove?: (item: T) => Promise<string>;
  afterRemoved?: () => unknown;
}) => {
  const [typed, setTyped] = useState('');
  const search = useDebounced(typed.trim(), debounceMs);
  const [sort, setSort] = useState(firstSort);
  const list = usePagedList(
    [call.path, search, ...filters, ...(sort ? [sort.by, sort.direction] : [])],
    (currentPage) => fetch({ search, sort: sort as SortState<S>, currentPage }),
  );
  const deletion = useConfirmedDelete<T>(
    (item) => (remove ? remove(item) : Promise.reject(new Error('This list deletes nothing.'))),
    () => {
      const reloaded = list.reload();
      afterRemoved?.();
      return reloaded;
    },
  );
  return { typed, setTyped, search, sort, setSort, list, deletion };
};

export type ListScreenState<T, S extends string> = ReturnType<typeof useListScreen<T, S>>;

/**
 * A list's toolbar and table: `start` before the search box (a heading, the period), `filters` after it, then
 * the paged table from `columns` with its loading, error and empty states. Without `search` there is no toolbar.
 */
export const ListView = <T, S extends string>({
  screen,
  search,
  start,
  filters,
  toolbarClassName = 'list-toolbar',
  noun,
  nounOne,
  empty,
  columns,
  rowKey,
}: {
  screen: ListScreenState<T, S>;
  search?: { label: string; placeholder: string };
  start?: ReactNode;
  filters?: ReactNode;
  toolbarClassName?: string;
  /** Plural, lower case: "groups". */
  noun: string;
  /** Its singular where English does not drop an "s" ("person" for "people"). */
  nounOne?: string;
  empty: { title: string; description: string };
  columns: readonly Column<T, S>[];
  rowKey: (row: T) => string;
}) => (
  <>
    {search ? (
      <div className={toolbarClassName}>
        {start}
        <SearchBox
          label={search.label}
          placeholder={search.placeholder}
          value={screen.typed}
          onChange={screen.setTyped}
        />
        {filters}
      </div>
    ) : null}
    <PagedTable
      list={screen.list}
      noun={noun}
      nounOne={nounOne}
      empty={empty}
      head={<ColumnHeads columns={columns} sort={screen.sort} onSort={screen.setSort} />}
      row={(row) => (
        <tr key={rowKey(row)}>
          <ColumnCells columns={columns} row={row} />
        </tr>
      )}
    />
  </>
);

/**
 * A list page: the page's block (`className`), its header (title, description, actions), an optional `notice`,
 * the list (ListView), the page's own dialogs (`children`), and the delete confirmation that `confirmDelete`
 * words for the item `screen.deletion.ask` was given.
 */
export const ListScreen = <T, S extends string>({
  className,
  title,
  description,
  actions,
  notice,
  children,
  confirmDelete,
  ...list
}: Parameters<typeof ListView<T, S>>[0] & {
  className: string;
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  notice?: ReactNode;
  children?: ReactNode;
  /** `blocked` when the item cannot be deleted now (the description says why): the dialog only closes. */
  confirmDelete?: (item: T) => {
    title: string;
    description: string;
    confirmLabel: string;
    blocked?: boolean;
  };
}) => {
  const { deletion } = list.screen;
  return (
    <div className={className}>
      <PageHeader title={title} description={description} actions={actions} />
      {notice}
      <ListView {...list} />
      {children}
      {deletion.pending !== null && confirmDelete ? (
        <ConfirmDialog {...confirmDelete(deletion.pending)} {...deletion.dialog} />
      ) : null}
    </div>
  );
};
