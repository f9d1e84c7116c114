import type { Paged } from '@coach/shared/contract/envelope';

/**
 * What a screen shows of a server read, as types only: the pure building blocks of ui/ (LoadStates, PagedTable)
 * draw these states without reaching the API that fills them (lib/use-load.ts, lib/use-paged-list.ts).
 */
export type Loaded<T> =
  | { status: 'loading' }
  /** `notFound`: the server answered 404 (gone, or another enterprise's): trying again cannot help. */
  | { status: 'error'; message: string; notFound?: boolean }
  | { status: 'ready'; data: T };

export type PagedLoad<T> =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; page: Paged<T> };
