import { sql } from 'kysely';
import { indexWord } from '../../search-trigrams.ts';
import type { ServiceContext } from '../context.ts';
import { containsPattern } from './lists.ts';

/**
 * A search never counts or sorts every match to show one page. It takes at most SEARCH_CAP
 * matches (the database stops there), sorts and counts only those; below the cap (every everyday search) the
 * page and the count are exactly what the full query gives. Above it the page is in order within the first
 * SEARCH_CAP matches and the count is not given ("500+": totalCount left out, the contract allows it).
 */
export const SEARCH_CAP = 500;

/**
 * A search whose matches are narrowed further caps what it shows, not the members it matches: pending review's
 * attempts, the member list's group and status filters. Members who match the text but not the rest must not use the
 * cap up (600 matching members with nothing to review hid the 601st's attempt; 600 outside a group hid the one in
 * it). The matching members are walked until SEARCH_CAP + 1 answers are found, and never past this many, so a text
 * that matches most of a large tenant with few answers costs a bounded walk. PostgreSQL's member list filters in its
 * one scan of the tenant's members instead, which ends with them (100,000 members: "member 4" among the inactive,
 * who are none, about 15 ms).
 */
export const MEMBER_WALK = 10_000;

/** An FTS5 phrase: the text quoted whole (quotes doubled), so FTS query syntax typed in a search box is plain text. */
export const ftsPhrase = (search: string) => `"${search.replace(/"/g, '""')}"`;

/**
 * A member's searchable text on PostgreSQL: name and email as one lower-case string, as SQLite's member_search body
 * is, kept in a stored column (migration 037: computing it cost most of a scan) and served by one pg_trgm index
 * (033). One index instead of one per column: the planner costs each trigram index a query could use, and two cost
 * 1.3 ms of planning per search on 100,000 members, more than running it.
 */
export const memberText = sql<string>`users.search_text`;

/** The search's rare word to ask the members' trigram index for alone (search-trigrams.ts), or null. */
const rareMemberWord = (ctx: ServiceContext, search: string) =>
  indexWord(ctx.searchTrigrams.members, ctx.db, ctx.dbKind, search);

/**
 * PostgreSQL: the member's text contains the search, answered by its pg_trgm index (or a scan that stops at its
 * limit). With a rare word the index is asked for that word alone, and strpos, which no index answers, checks the
 * whole search on the few rows it finds.
 */
export const memberMatches = async (ctx: ServiceContext, search: string) => {
  const word = await rareMemberWord(ctx, search);
  return word
    ? sql<boolean>`${memberText} like ${containsPattern(word)} escape '\\' and strpos(${memberText}, ${search.toLowerCase()}) > 0`
    : sql<boolean>`${memberText} like ${containsPattern(search)} escape '\\'`;
};

/**
 * The ids of the enterprise's members whose name or email contains the text, at most `limit` of them: the
 * FTS5 trigram index on SQLite for three characters or more (read in its own order, it stops at the limit; asked
 * for the rare word alone as memberMatches does), else like (on PostgreSQL its pg_trgm index, or a scan that stops
 * at the limit).
 */
export const memberHits = async (
  ctx: ServiceContext,
  enterpriseId: string,
  search: string,
  limit = SEARCH_CAP + 1,
) => {
  if (ctx.dbKind === 'sqlite' && search.length >= 3) {
    const word = await rareMemberWord(ctx, search);
    return word
      ? sql`select user_id from member_search where member_search match ${ftsPhrase(word)} and instr(lower(body), ${search.toLowerCase()}) > 0 and enterprise_id = ${enterpriseId} limit ${limit}`
      : sql`select user_id from member_search where member_search match ${ftsPhrase(search)} and enterprise_id = ${enterpriseId} limit ${limit}`;
  }
  if (ctx.dbKind === 'postgres')
    return sql`select id as user_id from users where enterprise_id = ${enterpriseId} and ${await memberMatches(ctx, search)} limit ${limit}`;
  const pattern = containsPattern(search);
  return sql`select id as user_id from users where enterprise_id = ${enterpriseId} and (lower(name) like ${pattern} escape '\\' or lower(email) like ${pattern} escape '\\') limit ${limit}`;
};

/** A page of a capped list: exact below the cap; above it, the pages of the first SEARCH_CAP matches, no total. */
export const cappedPage = <T>(
  rows: T[],
  {
    currentPage,
    pageSize,
    matched,
    capped,
  }: { currentPage: number; pageSize: number; matched: number; capped: boolean },
) =>
  capped
    ? { currentPage, totalPages: Math.ceil(SEARCH_CAP / pageSize), listdata: rows }
    : { currentPage, totalPages: Math.ceil(matched / pageSize), totalCount: matched, listdata: rows };

/**
 * `column = value` that the database will not walk an index for (`+column` on SQLite, `column || ''` on
 * PostgreSQL): once a search has its few ids, the tenant check must be a filter on them, not a plan that reads the
 * tenant's rows in index order to find those ids (PostgreSQL walked 33,000 members by name for a page of 20).
 */
export const filterOnly = (ctx: ServiceContext, column: string, value: string) =>
  ctx.dbKind === 'sqlite'
    ? sql<boolean>`+${sql.ref(column)} = ${value}`
    : sql<boolean>`(${sql.ref(column)} || '') = ${value}`;
