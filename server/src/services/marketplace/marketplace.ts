import {
  COURSE_CATEGORIES,
  MARKETPLACE_PAGE_SIZE,
  SEARCH_LIST_LIMIT,
} from '@coach/shared/constants/marketplace';
import type { ContactEnquiry, CourseCard, ImageVariants } from '@coach/shared/contract/marketplace';
import { sql } from 'kysely';
import { guard, recordEvent, throttleKeys } from '../../auth/throttle.ts';
import { prepared } from '../../db/prepared.ts';
import { notFound } from '../../errors.ts';
import { indexWord } from '../../search-trigrams.ts';
import { nowIso } from '../common/clock.ts';
import { containsPattern, pageOf } from '../common/lists.ts';
import { imageVariantsOf } from '../content/image-variants.ts';
import type { ServiceContext } from '../context.ts';
import { reviewsOf } from '../courses/course-reviews.ts';

/** A JSON column written by this server; a damaged one reads as the fallback rather than failing the page. */
const parseJson = <T>(text: string, fallback: T): T => {
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
};

/**
 * Courses whose name, category or institution contains the text. On SQLite the FTS5 trigram index answers
 * texts of three characters or more; shorter ones (and PostgreSQL, with its trigram indexes) use LIKE.
 */
const matching = (ctx: ServiceContext, search: string) => {
  const pattern = containsPattern(search);
  const byInstitution = sql<boolean>`courses.enterprise_id in (select enterprise_id from institutions where lower(name) like ${pattern} escape '\\')`;
  if (ctx.dbKind === 'sqlite' && search.length >= 3) {
    const phrase = `"${search.replace(/"/g, '""')}"`;
    // One id list (a union), so SQLite walks the primary key instead of scanning every course for an OR.
    return sql<boolean>`courses.id in (select course_search.course_id from course_search where course_search match ${phrase} union select c2.id from courses c2 where c2.enterprise_id in (select enterprise_id from institutions where lower(name) like ${pattern} escape '\\'))`;
  }
  return sql<boolean>`(lower(courses.name) like ${pattern} escape '\\' or lower(courses.category) like ${pattern} escape '\\' or ${byInstitution})`;
};

/**
 * How well a course matches the search, best first (issue 17 item 7): its name starts with the text, then a word
 * of its name does, then the name contains it, then its category, and last only its institution's name. So
 * "inter" lists the Interview courses before every course of "You Study International College".
 */
const relevance = (search: string) => {
  const text = search.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`);
  return sql<number>`case
    when lower(courses.name) like ${`${text}%`} escape '\\' then 0
    when lower(courses.name) like ${`% ${text}%`} escape '\\' then 1
    when lower(courses.name) like ${`%${text}%`} escape '\\' then 2
    when lower(courses.category) like ${`%${text}%`} escape '\\' then 3
    else 4 end`;
};

/** Published courses of institutions with their cards' fields. */
const publishedCourses = (ctx: ServiceContext) =>
  ctx.db
    .selectFrom('courses')
    .innerJoin('institutions', 'institutions.enterprise_id', 'courses.enterprise_id')
    .where('courses.published', '=', 1);

const CARD_COLUMNS = [
  'courses.id',
  'courses.name',
  'courses.category',
  'courses.level',
  'courses.duration',
  'courses.price_cents',
  'courses.currency',
  'courses.image_url',
  'courses.rating',
  'courses.rating_count',
  'institutions.name as institution_name',
  'institutions.slug as institution_slug',
] as const;

type CardRow = {
  id: string;
  name: string;
  category: string;
  level: string;
  duration: string;
  price_cents: number;
  currency: string;
  image_url: string | null;
  rating: number;
  rating_count: number;
  institution_name: string;
  institution_slug: string;
};

const toCard = (row: CardRow, images: Map<string, ImageVariants>): CourseCard => ({
  _id: row.id,
  courseName: row.name,
  courseProviderName: row.institution_name,
  institutionSlug: row.institution_slug,
  courseImgUrl: row.image_url,
  courseImgVariants: (row.image_url && images.get(row.image_url)) || null,
  category: row.category,
  level: row.level,
  duration: row.duration,
  priceCents: Number(row.price_cents),
  currency: row.currency,
  rating: Number(row.rating),
  ratingCount: Number(row.rating_count),
});

/** Cards with their covers' AVIF/WebP copies, looked up once for the whole list. */
const toCards = async (ctx: ServiceContext, rows: CardRow[]) => {
  const images = await imageVariantsOf(
    ctx,
    rows.map((row) => row.image_url),
  );
  return rows.map((row) => toCard(row, images));
};

/** get-all-courses-home: the grid with the filters of spec §3, newest first (best match first when searching), 12 a page. */
export const listCourses = async (
  ctx: ServiceContext,
  input: {
    search: string;
    institutes: string[];
    categories: string[];
    rating?: number | null | undefined;
    page: number;
  },
) => {
  let query = publishedCourses(ctx);
  if (input.search) query = query.where(matching(ctx, input.search));
  if (input.institutes.length) query = query.where('institutions.slug', 'in', input.institutes);
  if (input.categories.length) query = query.where('courses.category', 'in', input.categories);
  if (input.rating) query = query.where('courses.rating', '>=', input.rating);
  const total = Number((await query.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst())?.n ?? 0);
  const ranked = input.search ? query.orderBy(relevance(input.search)) : query;
  const rows = await ranked
    .select(CARD_COLUMNS)
    .orderBy('courses.created_at', 'desc')
    .orderBy('courses.id')
    .limit(MARKETPLACE_PAGE_SIZE)
    .offset((input.page - 1) * MARKETPLACE_PAGE_SIZE)
    .execute();
  return pageOf(await toCards(ctx, rows), {
    currentPage: input.page,
    pageSize: MARKETPLACE_PAGE_SIZE,
    total,
  });
};

const institutionSummaries = async (ctx: ServiceContext) => {
  const rows = await ctx.db
    .selectFrom('institutions')
    .leftJoin('courses', (join) =>
      join.onRef('courses.enterprise_id', '=', 'institutions.enterprise_id').on('courses.published', '=', 1),
    )
    .select([
      'institutions.slug',
      'institutions.name',
      'institutions.tagline',
      (eb) => eb.fn.count('courses.id').as('n'),
    ])
    .groupBy(['institutions.slug', 'institutions.name', 'institutions.tagline'])
    .orderBy('institutions.name')
    .execute();
  return rows.map((r) => ({ slug: r.slug, name: r.name, tagline: r.tagline, courseCount: Number(r.n) }));
};

/** get-homepage: the first page of courses, the categories, the institutions and the totals of spec §3. */
export const homepage = async (ctx: ServiceContext) => {
  const [first, categories, enterprises, learners] = await Promise.all([
    listCourses(ctx, { search: '', institutes: [], categories: [], page: 1 }),
    publishedCourses(ctx)
      .select(['courses.category', (eb) => eb.fn.countAll().as('n')])
      .groupBy('courses.category')
      .orderBy('courses.category')
      .execute(),
    institutionSummaries(ctx),
    ctx.db
      .selectFrom('users')
      .where('status', '=', 'active')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst(),
  ]);
  return {
    homeCoursesData: first.listdata,
    categories: categories.map((c) => ({ name: c.category, courseCount: Number(c.n) })),
    enterprises,
    totalCoursesCount: first.totalCount,
    totalUsersCounts: Number(learners?.n ?? 0),
  };
};

export const courseIds = async (ctx: ServiceContext) => {
  const rows = await publishedCourses(ctx)
    .select(['courses.id', 'courses.updated_at'])
    .orderBy('courses.id')
    .execute();
  return rows.map((r) => ({ _id: r.id, updatedAt: r.updated_at }));
};

export const courseDetails = async (ctx: ServiceContext, { courseId }: { courseId: string }) => {
  const row = await publishedCourses(ctx)
    .select([
      ...CARD_COLUMNS,
      'courses.description',
      'courses.updated_at',
      'courses.outcomes',
      'courses.syllabus',
      'courses.instructor_name',
      'courses.instructor_bio',
    ])
    .where('courses.id', '=', courseId)
    .executeTakeFirst();
  if (!row) throw notFound('Course not found');
  return {
    ...toCard(row, await imageVariantsOf(ctx, [row.image_url])),
    description: row.description,
    updatedAt: row.updated_at,
    outcomes: parseJson(row.outcomes, []),
    syllabus: parseJson(row.syllabus, []),
    instructor: row.instructor_name ? { name: row.instructor_name, bio: row.instructor_bio ?? '' } : null,
    ...(await reviewsOf(ctx.db, row.id)),
  };
};

export const institution = async (ctx: ServiceContext, { slug }: { slug: string }) => {
  const row = await ctx.db.selectFrom('institutions').selectAll().where('slug', '=', slug).executeTakeFirst();
  if (!row) throw notFound('Institution not found');
  const [courses, logo] = await Promise.all([
    publishedCourses(ctx)
      .select(CARD_COLUMNS)
      .where('institutions.slug', '=', slug)
      .orderBy('courses.created_at', 'desc')
      .execute(),
    ctx.db.selectFrom('enterprises').select('logo').where('id', '=', row.enterprise_id).executeTakeFirst(),
  ]);
  return {
    slug: row.slug,
    name: row.name,
    tagline: row.tagline,
    description: row.description,
    website: row.website,
    logoUrl: logo?.logo ?? null,
    courseCount: courses.length,
    courses: await toCards(ctx, courses),
  };
};

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
export const searchList = async (ctx: ServiceContext, { search }: { search: string }) => {
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

/** Enquiries per IP: generous for people, a wall for scripts (the form keeps its text on a 429). */
const ENQUIRY_LIMIT_KEY = 'enquiry';

/**
 * send-contact-us-details and contact-form-home: the enquiry is stored first (so it is never lost), then mailed
 * to the institution of the course (or to support for a general enquiry).
 */
export const sendEnquiry = async (
  ctx: ServiceContext,
  source: 'course' | 'home',
  { data }: { data: ContactEnquiry },
) => {
  const keys = throttleKeys(ENQUIRY_LIMIT_KEY, data.email.toLowerCase(), ctx.ip);
  await guard(ctx.db, keys);
  await recordEvent(ctx.db, keys.account, keys.ip);
  const course = data.courseId
    ? await ctx.db
        .selectFrom('courses')
        .select(['id', 'name', 'enterprise_id'])
        .where('id', '=', data.courseId)
        .where('published', '=', 1)
        .executeTakeFirst()
    : undefined;
  if (data.courseId && !course) throw notFound('Course not found');
  const institutionRow = course
    ? await ctx.db
        .selectFrom('institutions')
        .select(['name', 'enterprise_id'])
        .where('enterprise_id', '=', course.enterprise_id)
        .executeTakeFirst()
    : data.institutionSlug
      ? await ctx.db
          .selectFrom('institutions')
          .select(['name', 'enterprise_id'])
          .where('slug', '=', data.institutionSlug)
          .executeTakeFirst()
      : undefined;
  await ctx.db
    .insertInto('enquiries')
    .values({
      id: crypto.randomUUID(),
      enterprise_id: institutionRow?.enterprise_id ?? null,
      course_id: course?.id ?? null,
      source,
      name: data.name,
      email: data.email,
      mobile_no: data.mobileNo,
      message: data.message,
      created_at: nowIso(),
    })
    .execute();
  const admin = institutionRow
    ? await ctx.db
        .selectFrom('users')
        .select('email')
        .where('enterprise_id', '=', institutionRow.enterprise_id)
        .where('is_default_admin', '=', 1)
        .executeTakeFirst()
    : undefined;
  await ctx.mail.send({
    to: admin?.email ?? ctx.config.supportEmail ?? 'support@coach.example',
    subject: course ? `Enquiry about ${course.name}` : 'Marketplace enquiry',
    text: [
      `From: ${data.name} <${data.email}>`,
      `Phone: ${data.mobileNo}`,
      ...(course ? [`Course: ${course.name}`] : []),
      ...(institutionRow ? [`Institution: ${institutionRow.name}`] : []),
      '',
      data.message,
    ].join('\n'),
  });
  ctx.setMessage('Thank you! Your enquiry has been sent. The institution will contact you soon.');
  return {};
};
