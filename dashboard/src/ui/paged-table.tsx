import type { ReactNode } from 'react';
import type { PagedLoad } from '../lib/use-paged-list.ts';
import { Button } from './button.tsx';
import { LoadingBlock } from './spinner.tsx';
import { EmptyState, ErrorState } from './states.tsx';
import { Pagination } from './table.tsx';

/**
 * A server list as a table: loading, error (with Try again), empty and the rows with paging below.
 * `head` is the header row's cells; `row` renders one item as a <tr>.
 */
export const PagedTable = <T,>({
  list,
  noun,
  head,
  row,
  empty,
}: {
  list: { load: PagedLoad<T>; page: number; setPage: (page: number) => void; reload: () => Promise<void> };
  /** Plural, lower case: "groups". */
  noun: string;
  head: ReactNode;
  row: (item: T) => ReactNode;
  empty: { title: string; description: string };
}) => {
  const { load, page, setPage, reload } = list;
  if (load.status === 'loading') return <LoadingBlock label={`Loading ${noun}`} />;
  if (load.status === 'error')
    return (
      <ErrorState
        title={`${noun[0]?.toUpperCase()}${noun.slice(1)} could not be loaded`}
        description={load.message}
        action={
          <Button variant="secondary" onClick={() => void reload()}>
            Try again
          </Button>
        }
      />
    );
  if (load.page.listdata.length === 0)
    return <EmptyState title={empty.title} description={empty.description} />;
  return (
    <div className="table-card">
      <div className="table-scroll">
        <table className="table table--stack">
          <caption className="visually-hidden">{`${noun[0]?.toUpperCase()}${noun.slice(1)}`}</caption>
          <thead>
            <tr>{head}</tr>
          </thead>
          <tbody>{load.page.listdata.map(row)}</tbody>
        </table>
      </div>
      <Pagination
        page={page}
        totalPages={load.page.totalPages}
        totalCount={load.page.totalCount}
        onPage={setPage}
        noun={noun}
      />
    </div>
  );
};
