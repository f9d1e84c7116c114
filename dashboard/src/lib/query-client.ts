import { ApiError } from '@coach/shared/client';
import { API_BASE, type CallDef } from '@coach/shared/contract/define-call';
import { type Query, QueryClient } from '@tanstack/react-query';
import { afterEveryWrite } from './api.ts';
import { type Audience, type Session, sessionAtoms } from './session.ts';
import { type AppStore, appStore } from './store.ts';

/** How long an answer counts as fresh: a screen opened again within it shows the cached answer at once. */
export const FRESH_FOR_MS = 30_000;

/** A call that failed on the way (no answer: status 0) or on the server (5xx) may work again; a 4xx will not. */
export const isWorthRetrying = (error: unknown): boolean =>
  error instanceof ApiError && (error.status === 0 || error.status >= 500);

/**
 * The app's query client: reads retry twice on network and server errors only, stay fresh for 30 s, and are
 * not fetched again when the window regains focus (a screen does not change under the reader's eyes).
 * Tests pass `retry: false`.
 */
export const createQueryClient = ({ retry = true }: { retry?: boolean } = {}) =>
  new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: FRESH_FOR_MS,
        refetchOnWindowFocus: false,
        retry: retry ? (failures, error) => failures < 2 && isWorthRetrying(error) : false,
      },
      mutations: { retry: false },
    },
  });

let current = createQueryClient();

/**
 * The one query client of the app. It lives outside React (like the jotai store) because the API client and the
 * session atoms clear and invalidate it; the hooks pass it to TanStack Query themselves, so no provider in the
 * first-load shell pulls TanStack Query into the sign-in screens' scripts (their first load
 * stays under 140 KB brotli, scripts/bench/bundle.ts).
 */
export const queryClient = () => current;

/** Tests give each test a fresh client, so no answer outlives its test. */
export const setQueryClient = (client: QueryClient) => {
  current = client;
};

/** What a write names as affected: a call (its queries) or a path prefix (every call under it). */
export type Affected = Pick<CallDef, 'path'> | string;

/** Every query key starts with the path of the call it reads (`useCall`, `useLoad`, `usePagedList`). */
const pathOf = (query: Query) => {
  const [path] = query.queryKey;
  return typeof path === 'string' ? path : '';
};

const matches = (affected: readonly Affected[]) => (query: Query) => {
  const path = pathOf(query);
  return affected.some((item) => (typeof item === 'string' ? path.startsWith(item) : path === item.path));
};

/**
 * After a successful write: the queries of the calls it changes are fetched again where they are on screen and
 * counted as out of date elsewhere (the next screen that shows them asks the server).
 */
export const invalidateCalls = (...affected: Affected[]) =>
  current.invalidateQueries({ predicate: matches(affected) });

/**
 * Every successful write of a session marks that session's cached answers out of date without fetching them:
 * the screen that wrote reloads what it shows (as it always did), and any other screen asks the server again when
 * it opens instead of showing an answer from before the write.
 */
afterEveryWrite((call) => {
  if (call.auth === 'none') return;
  // A call whose answers the cache holds is one the app reads (a query function's later calls, after an `await`).
  if (current.getQueryCache().findAll({ predicate: matches([call]) }).length > 0) return;
  void current.invalidateQueries({ predicate: matches([API_BASE[call.auth]]), refetchType: 'none' });
});

/** Whether the session changed hands (sign-in, sign-out, another account), not just renewed its token. */
const changedHands = (before: Session | null, after: Session | null) => {
  if (before === null || after === null) return before !== after;
  if (before.token === after.token) return false;
  const renewed = before.mfaDone && !before.refreshDone && after.refreshDone;
  return !renewed;
};

/**
 * Forgets every cached answer but the other audience's when a session signs in, signs out or becomes another
 * account, so one person's data is never shown to the next (the enterprise and admin sessions are independent).
 */
export const forgetAnswersOnSessionChange = (store: AppStore) => {
  const stops = (['enterprise', 'admin'] as const).map((audience: Audience) => {
    const other = API_BASE[audience === 'enterprise' ? 'admin' : 'enterprise'];
    let before = store.get(sessionAtoms[audience]);
    return store.sub(sessionAtoms[audience], () => {
      const after = store.get(sessionAtoms[audience]);
      if (changedHands(before, after))
        current.removeQueries({ predicate: (query) => !pathOf(query).startsWith(other) });
      before = after;
    });
  });
  return () => {
    for (const stop of stops) stop();
  };
};

forgetAnswersOnSessionChange(appStore);
