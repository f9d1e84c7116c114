import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { PagedLoad } from '../lib/load-state.ts';
import { Button } from './button.tsx';
import { LoadingBlock } from './spinner.tsx';
import { EmptyState, ErrorState } from './states.tsx';
import { T } from './t.tsx';
import { Pagination } from './table.tsx';
import { useScrollEdges } from './use-scroll-edges.ts';

/** A sentence's first letter in capitals: 'roles could not be loaded' → 'Roles could not be loaded'. */
const capitalise = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}`;

/**
 * A server list as a table: loading, error (with Try again), empty and the rows with paging below.
 * `head` is the header row's cells; `row` renders one item as a <tr>.
 */
export const PagedTable = <T,>({
  list,
  noun,
  nounOne,
  head,
  row,
  empty,
}: {
  list: { load: PagedLoad<T>; page: number; setPage: (page: number) => void; reload: () => Promise<void> };
  /** Plural, lower case: "groups". */
  noun: string;
  /** Its singular where English does not drop an "s" ("person" for "people"). */
  nounOne?: string | undefined;
  head: ReactNode;
  row: (item: T) => ReactNode;
  empty: { title: string; description: string };
}) => {
  const { t } = useTranslation('common');
  const { load, page, setPage, reload } = list;
  // A table wider than its card scrolls inside it: then the scroller says so (a hint, a fade on the side still
  // hidden) and takes keyboard focus so the arrow keys scroll it.
  const sideways = useScrollEdges();
  const hintId = useId();
  if (load.status === 'loading') return <LoadingBlock label={t('ui.loadingWhat', { what: noun })} />;
  if (load.status === 'error')
    return (
      <ErrorState
        title={capitalise(t('ui.notLoaded', { what: noun }))}
        description={load.message}
        action={
          <Button variant="secondary" onClick={() => void reload()}>
            <T k="ui.tryAgain" />
          </Button>
        }
      />
    );
  if (load.page.listdata.length === 0)
    return <EmptyState title={empty.title} description={empty.description} />;
  const title = capitalise(noun);
  return (
    <div className="table-card">
      {sideways.overflows ? (
        <p className="table-scroll__hint" id={hintId}>
          <T k="ui.scrollSideways" />
        </p>
      ) : null}
      <div
        ref={sideways.ref}
        className={`table-scroll${sideways.moreAtEnd ? ' table-scroll--more' : ''}`}
        {...(sideways.overflows
          ? {
              tabIndex: 0,
              role: 'region',
              'aria-label': t('ui.tableOf', { title }),
              'aria-describedby': hintId,
            }
          : {})}
      >
        <table className="table table--stack">
          <caption className="visually-hidden">{title}</caption>
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
        nounOne={nounOne}
      />
    </div>
  );
};
