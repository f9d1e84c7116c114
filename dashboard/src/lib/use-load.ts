import { ApiError } from '@coach/shared/client';
import { hashKey, type UseQueryResult, useQuery } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { whileReading } from './api.ts';
import { apiErrorText } from './api-error-text.ts';
import type { Loaded } from './load-state.ts';
import { queryClient } from './query-client.ts';

export type { Loaded } from './load-state.ts';

/**
 * What a read is cached under: the path of the call it reads first (so a write can name the calls it changes and a
 * session change can forget its audience's answers), then everything its answer depends on.
 */
export type LoadKey = readonly [path: string, ...depends: unknown[]];

export type LoadOptions = {
  /** False keeps the read from running (its state stays `loading`). */
  enabled?: boolean;
};

/**
 * The sentence a screen shows for a read that failed: the server's, in the chosen language and without the name of
 * a field a 422 puts first (a report's "startDate: A report covers at most 366 days" read as its sentence alone).
 */
export const messageOfError = (error: unknown) => apiErrorText(error);

/**
 * The screen-facing state of a query. A cached answer this screen has not shown yet is only shown if it is fresh:
 * one that a write made out of date (or older than 30 s) waits for the server's answer, so a form never starts from
 * data older than what was just saved. Once shown, an answer stays on screen while it is fetched again.
 */
const useLoadedState = <T>(query: UseQueryResult<T>, key: string): Loaded<T> => {
  const shown = useRef<string | null>(null);
  if (query.status === 'error')
    return {
      status: 'error',
      message: messageOfError(query.error),
      notFound: query.error instanceof ApiError && query.error.status === 404,
    };
  if (query.status === 'pending') return { status: 'loading' };
  if (shown.current !== key && query.isStale && query.isFetching) return { status: 'loading' };
  shown.current = key;
  return { status: 'ready', data: query.data };
};

/**
 * Loads one thing for a screen through the app's query cache: the answer is cached under `key`, shared by every
 * screen that asks for the same key at once (one request), and dropped if it arrives for a key no longer shown.
 * `load` may pass `signal` to `api.call` so a read nobody waits for any more is abandoned.
 * `reload` fetches again in place (the old data stays on screen meanwhile); `setState` puts a known answer (what a
 * write returned) in the cache.
 */
export const useLoad = <T>(
  key: LoadKey,
  load: (context: { signal: AbortSignal }) => Promise<T>,
  { enabled = true }: LoadOptions = {},
) => {
  const client = queryClient();
  // `key` names what `load` fetches; the latest `load` is used without refetching on every render.
  const loadRef = useRef(load);
  loadRef.current = load;
  const query = useQuery(
    { queryKey: key, queryFn: ({ signal }) => whileReading(() => loadRef.current({ signal })), enabled },
    client,
  );
  const hash = hashKey(key);
  // A known answer put by `setState` shows in the same render as the caller's other updates (the cache tells its
  // observers a moment later), until a newer answer comes from the server.
  const [written, setWritten] = useState<{ hash: string; data: T; at: number } | null>(null);
  const cached = useLoadedState(query, hash);
  const state: Loaded<T> =
    written && written.hash === hash && query.dataUpdatedAt <= written.at
      ? { status: 'ready', data: written.data }
      : cached;
  const stateRef = useRef(state);
  stateRef.current = state;
  const keyRef = useRef(key);
  keyRef.current = key;

  const setState = useCallback(
    (next: Loaded<T> | ((current: Loaded<T>) => Loaded<T>)) => {
      const value = typeof next === 'function' ? next(stateRef.current) : next;
      if (value.status !== 'ready') return;
      client.setQueryData(keyRef.current, value.data);
      const at = client.getQueryState(keyRef.current)?.dataUpdatedAt ?? Date.now();
      setWritten({ hash: hashKey(keyRef.current), data: value.data, at });
    },
    [client],
  );
  const { refetch } = query;
  const reload = useCallback(() => {
    void refetch();
  }, [refetch]);
  return { state, setState, reload };
};
