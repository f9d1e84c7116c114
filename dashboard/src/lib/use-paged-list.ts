import { ApiError, GENERIC_ERROR_MESSAGE } from '@coach/shared/client';
import type { Paged } from '@coach/shared/contract/envelope';
import { useCallback, useEffect, useRef, useState } from 'react';

export type PagedLoad<T> =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; page: Paged<T> };

/**
 * One page of a server list for a search/sort/filter `queryKey`. A new key starts at page 1; an emptied
 * last page (after a delete) steps back; answers that arrive after a newer request are dropped.
 */
export const usePagedList = <T>(queryKey: string, fetchPage: (currentPage: number) => Promise<Paged<T>>) => {
  const [paging, setPaging] = useState({ key: queryKey, page: 1 });
  const page = paging.key === queryKey ? paging.page : 1;
  const [load, setLoad] = useState<PagedLoad<T>>({ status: 'loading' });
  const latest = useRef(0);
  const fetchRef = useRef(fetchPage);
  fetchRef.current = fetchPage;

  const reload = useCallback(async () => {
    const requestId = ++latest.current;
    setLoad((current) => (current.status === 'ready' ? current : { status: 'loading' }));
    try {
      const result = await fetchRef.current(page);
      if (requestId !== latest.current) return;
      if (result.listdata.length === 0 && page > 1) setPaging({ key: queryKey, page: page - 1 });
      else setLoad({ status: 'ready', page: result });
    } catch (error) {
      if (requestId !== latest.current) return;
      setLoad({
        status: 'error',
        message: error instanceof ApiError ? error.message : GENERIC_ERROR_MESSAGE,
      });
    }
  }, [queryKey, page]);

  useEffect(() => {
    void reload();
  }, [reload]);

  return { load, page, setPage: (next: number) => setPaging({ key: queryKey, page: next }), reload };
};
