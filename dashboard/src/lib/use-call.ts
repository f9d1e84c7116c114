import type { CallDef, RequestOf, ResponseOf } from '@coach/shared/contract/define-call';
import { queryOptions } from '@tanstack/react-query';
import { api, whileReading } from './api.ts';
import { type LoadOptions, useLoad } from './use-load.ts';

/**
 * One contract call as a query: cached under the call's path and its input, answered with the contract's response
 * type. For `useQuery`, `queryClient().fetchQuery` or `prefetchQuery` where a screen needs more than `useCall`.
 */
export const callQuery = <C extends CallDef>(call: C, input: RequestOf<C>) =>
  queryOptions({
    queryKey: [call.path, input] as const,
    queryFn: ({ signal }): Promise<ResponseOf<C>> => whileReading(() => api.call(call, input, { signal })),
  });

/**
 * Reads one contract call for a screen: `{ state, reload, setState }` as `useLoad` gives, the answer typed by the
 * contract. Two screens asking for the same call and input at once make one request. `refreshOn` names what else,
 * when it changes, means the answer must be read again (a version bumped after the screen's own write).
 */
export const useCall = <C extends CallDef>(
  call: C,
  input: RequestOf<C>,
  { refreshOn = [], ...options }: LoadOptions & { refreshOn?: readonly unknown[] } = {},
) =>
  useLoad<ResponseOf<C>>(
    [call.path, input, ...refreshOn],
    ({ signal }) => api.call(call, input, { signal }),
    options,
  );
