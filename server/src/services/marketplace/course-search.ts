import { COURSE_CATEGORIES, SEARCH_LIST_LIMIT } from '@coach/shared/constants/marketplace';
import type { ParsedRequestOf } from '@coach/shared/contract/define-call';
import type { marketplace } from '@coach/shared/contract/marketplace';
import { sql } from 'kysely';
import { prepared } from '../../db/prepared.ts';
import { indexWord } from '../../search-trigrams.ts';
import { containsPattern } from '../common/lists.ts';
import type { ServiceContext } from '../context.ts';
import { relevance } from './internal/course-cards.ts';

// The marketplace's header search: a few courses, best match first, answered from a capped set of candidates.

/**
 * How many matches of each kind (name, category, institution) the search box ranks at most. A common word
 * matches thousands of courses; ranking a capped handful keeps the answer in milliseconds. Below the cap (every
 * seeded search) the answer is exactly the full ranking.
 */
const SEARCH_CANDIDATES = 200;

/** The highest code point: `text` followed by it bounds every string starting with `text` (binary order). */
const PREFIX_END = '\u{10FFFF}';

/**
 * A phrase for FTS5, restricted to the name column: the text is quoted whole (quotes doubled), so the FTS query
 * syntax (NEAR, AND, *, ^, column filters) is never read from what the visitor typed.
 */
const ftsPhrase = (search: string) => `name : "${search.replace(/"/g, '""')}"`;

/** On SQLite "+published" keeps the planner off the (published, created_at) index, which would read every course. */
const publishedTerm = (ctx: ServiceContext) =>
  ctx.dbKind === 'sqlite' ? sql`+published = 1` : sql`published = 1`;

/**
 * The name matches worth ranking, capped so the database stops early: names containing the text and the first
 * names starting with it in name order (the lower(name) index). Containing is asked of FTS5's trigram index on
 * SQLite for three characters or more, of the pg_trgm index on PostgreSQL; when the text has a rare word
 * (search-trigrams.ts), the index is asked for that word alone and the whole text checked on what it finds with
 * instr or strpos, which no index answers. Shorter texts scan and stop at the cap.
 */
const nameCandidates = async (ctx: ServiceContext, search: string) => {
  const text = search.toLowerCase();
  const sqlite = ctx.dbKind === 'sqlite';
  const word = await indexWord(ctx.searchTrigrams.courses, ctx.db, ctx.dbKind, search);
  const byName =
    sqlite && search.length >= 3
      ? word
        ? sql`select course_id as id from (select course_id from course_search where course_search match ${ftsPhrase(word)} and instr(lower(name), ${text}) > 0 limit ${SEARCH_CANDIDATES})`
        : sql`select course_id as id from (select course_id from course_search where course_search match ${ftsPhrase(search)} limit ${SEARCH_CANDIDATES})`
      : word
        ? sql`select id from (select id from courses where published = 1 and lower(name) like ${containsPattern(word)} escape '\\' and strpos(lower(name), ${text}) > 0 limit ${SEARCH_CANDIDATES}) n`
        : sql`select id from (select id from courses where ${publishedTerm(ctx)} and lower(name) like ${containsPattern(search)} escape '\\' limit ${SEARCH_CANDIDATES}) n`;
  const lowerName = sqlite ? sql`lower(name)` : sql`(lower(name) collate "C")`;
  const byPrefix = sql`select id from (select id from courses where ${lowerName} >= ${text} and ${lowerName} < ${`${text}${PREFIX_END}`} and ${publishedTerm(ctx)} order by ${lowerName} limit ${SEARCH_LIST_LIMIT}) p`;
  return { parts: [byName, byPrefix], word };
};

/**
 * The other candidates: courses of a matching category (the contract's closed list of categories, so the text is
 * matched against that list, not every course) and courses of institutions whose name contains the text.
 */
const otherCandidates = (ctx: ServiceContext, search: string) => {
  const text = search.toLowerCase();
  const categories = COURSE_CATEGORIES.filter((c) => c.toLowerCase().includes(text));
  const parts = [
    sql`select id from (select id from courses where ${publishedTerm(ctx)} and enterprise_id in (select enterprise_id from institutions where lower(name) like ${containsPattern(search)} escape '\\') limit ${SEARCH_CANDIDATES}) i`,
  ];
  if (categories.length)
    parts.push(
      sql`select id from (select id from courses where ${publishedTerm(ctx)} and category in (${sql.join(categories)}) limit ${SEARCH_CANDIDATES}) k`,
    );
  return parts;
};

/**
 * get-search-list: course results for the header search (spec §3 course search result), ranked by relevance()
 * (name matches first). Only the capped candidates are ranked, never every match.
 */
export const searchList = async (
  ctx: ServiceContext,
  { search }: ParsedRequestOf<typeof marketplace.getSearchList>,
) => {
  if (!search) return [];
  const cached = ctx.searchCache.get(search);
  if (cached) return cached;
  const found = findCourses(ctx, search);
  ctx.searchCache.set(search, found);
  // A failed search is not kept: the next one asks again.
  found.catch(() => ctx.searchCache.delete(search));
  return found;
};

const findCourses = async (ctx: ServiceContext, search: string) => {
  // Every kind of candidate in one statement: one round trip and one plan (a second statement for the category
  // and institution matches cost PostgreSQL 0.5 ms of planning). relevance() ranks names above them all the same.
  const names = await nameCandidates(ctx, search);
  const candidates = sql.join([...names.parts, ...otherCandidates(ctx, search)], sql` union `);
  // The candidates drive the join (CROSS JOIN fixes SQLite's order): each is looked up by id, never a scan.
  const query = ctx.db
    .selectFrom(sql`(${candidates})`.as('m'))
    .crossJoin('courses')
    .innerJoin('institutions', 'institutions.enterprise_id', 'courses.enterprise_id')
    .whereRef('courses.id', '=', sql.ref('m.id'))
    .where('courses.published', '=', 1)
    .select(['courses.id', 'courses.name', 'courses.image_url', 'institutions.name as institution_name'])
    .orderBy(relevance(search))
    .orderBy(sql`lower(courses.name)`)
    .orderBy('courses.id')
    .limit(SEARCH_LIST_LIMIT);
  // With a rare word, the pg_trgm index is always the way in, whatever the word: one plan serves every run.
  const rows = await (names.word && ctx.dbKind === 'postgres'
    ? query.modifyFront(prepared)
    : query
  ).execute();
  return rows.map((r) => ({
    _id: r.id,
    courseName: r.name,
    courseProviderName: r.institution_name,
    courseImgUrl: r.image_url,
  }));
};
