import type { Paged } from '@coach/shared/contract/envelope';
import { hashKey, keepPreviousData, useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { whileReading } from './api.ts';
import type { PagedLoad } from './load-state.ts';
import { queryClient } from './query-client.ts';
import { type LoadKey, messageOfError } from './use-load.ts';

export type { PagedLoad } from './load-state.ts';

/**
 * One page of a server list for a search/sort/filter `key` (the list call's path first, as in `useLoad`), through
 * the app's query cache with the page number added to the key. A new key starts at page 1 and keeps the shown page
 * on screen until its answer comes; an emptied last page (after a delete) steps back; answers for a key or page no
 * longer shown are dropped.
 */
export const usePagedList = <T>(
  key: LoadKey,
  fetchPage: (currentPage: number, context: { signal: AbortSignal }) => Promise<Paged<T>>,
) => {
  const listKey = hashKey(key);
  const [paging, setPaging] = useState({ key: listKey, page: 1 });
  const page = paging.key === listKey ? paging.page : 1;
  const fetchRef = useRef(fetchPage);
  fetchRef.current = fetchPage;

  const query = useQuery(
    {
      queryKey: [...key, page],
      queryFn: ({ signal }) => whileReading(() => fetchRef.current(page, { signal })),
      placeholderData: keepPreviousData,
    },
    queryClient(),
  );
  const shownFor = useRef<string | null>(null);
  const lastShown = useRef<PagedLoad<T>>({ status: 'loading' });
  const pageKey = `${listKey}|${page}`;
  const answer = query.isPlaceholderData ? undefined : query.data;
  const emptied = answer !== undefined && answer.listdata.length === 0 && page > 1;

  let load: PagedLoad<T>;
  if (query.status === 'error' && !query.isFetching)
    load = { status: 'error', message: messageOfError(query.error) };
  else if (
    answer === undefined ||
    emptied ||
    (shownFor.current !== pageKey && query.isStale && query.isFetching)
  )
    // Until this page's fresh answer comes, the page on screen stays (a spinner only at first).
    load = lastShown.current.status === 'ready' ? lastShown.current : { status: 'loading' };
  else {
    load = { status: 'ready', page: answer };
    shownFor.current = pageKey;
  }
  lastShown.current = load;

  useEffect(() => {
    if (emptied) setPaging({ key: listKey, page: page - 1 });
  }, [emptied, listKey, page]);

  const { refetch } = query;
  const reload = useCallback(async () => {
    await refetch();
  }, [refetch]);

  return { load, page, setPage: (next: number) => setPaging({ key: listKey, page: next }), reload };
};
