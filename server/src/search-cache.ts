import type { ResponseOf } from '@coach/shared/contract/define-call';
import type { marketplace } from '@coach/shared/contract/marketplace';
import { LRUCache } from 'lru-cache';

/**
 * The marketplace header search's answers, kept for a few seconds per search text (a public search is
 * asked the same again and again, and at hundreds a second the database work, not any one query, made the wait).
 * Emptied whenever the catalogue changes here (`site.changed`); another process sharing the database sees a change
 * at most TTL_MS late, as the published site itself does.
 */
const TTL_MS = 10_000;

export const createSearchCache = () =>
  // The answer's promise is kept: a search asked again while it is being worked out waits for that one answer
  // instead of starting its own (at hundreds a second, a first search would otherwise run many times at once).
  new LRUCache<string, Promise<ResponseOf<typeof marketplace.getSearchList>>>({ max: 1000, ttl: TTL_MS });

export type SearchCache = ReturnType<typeof createSearchCache>;
