import { MARKETPLACE_PAGE_SIZE } from '@coach/shared/constants/marketplace';
import type { ParsedRequestOf } from '@coach/shared/contract/define-call';
import type { marketplace } from '@coach/shared/contract/marketplace';
import { sql } from 'kysely';
import { notFound } from '../../errors.ts';
import { containsPattern, pageOf } from '../common/lists.ts';
import { imageVariantsOf } from '../content/image-variants.ts';
import type { ServiceContext } from '../context.ts';
import { reviewsOf } from '../courses/course-reviews.ts';
import { CARD_COLUMNS, type CardRow, publishedCourses, relevance, toCard } from './internal/course-cards.ts';

// The public marketplace's pages: the course grid, the home page, a course and an institution.

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
  input: ParsedRequestOf<typeof marketplace.getAllCoursesHome>,
) => {
  let others = publishedCourses(ctx);
  if (input.search) others = others.where(matching(ctx, input.search));
  if (input.institutes.length) others = others.where('institutions.slug', 'in', input.institutes);
  if (input.rating) others = others.where('courses.rating', '>=', input.rating);
  const query = input.categories.length ? others.where('courses.category', 'in', input.categories) : others;
  const [counted, categories] = await Promise.all([
    query.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst(),
    // Each category under every filter but the categories': what ticking it would add.
    others
      .select(['courses.category', (eb) => eb.fn.countAll().as('n')])
      .groupBy('courses.category')
      .orderBy('courses.category')
      .execute(),
  ]);
  const total = Number(counted?.n ?? 0);
  const ranked = input.search ? query.orderBy(relevance(input.search)) : query;
  const rows = await ranked
    .select(CARD_COLUMNS)
    .orderBy('courses.created_at', 'desc')
    .orderBy('courses.id')
    .limit(MARKETPLACE_PAGE_SIZE)
    .offset((input.page - 1) * MARKETPLACE_PAGE_SIZE)
    .execute();
  return {
    ...pageOf(await toCards(ctx, rows), {
      currentPage: input.page,
      pageSize: MARKETPLACE_PAGE_SIZE,
      total,
    }),
    categoryCounts: categories.map((c) => ({ name: c.category, courseCount: Number(c.n) })),
  };
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
  const [first, enterprises, learners] = await Promise.all([
    listCourses(ctx, { search: '', institutes: [], categories: [], page: 1 }),
    institutionSummaries(ctx),
    ctx.db
      .selectFrom('users')
      .where('status', '=', 'active')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst(),
  ]);
  return {
    homeCoursesData: first.listdata,
    categories: first.categoryCounts,
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

/**
 * Whether the marketplace offers the course now. Its page stays in the published site until the next build (10-15
 * s): static-files.ts asks this first, so a course taken off sale is gone at once, not after the build.
 */
export const courseOffered = async (ctx: Pick<ServiceContext, 'db'>, courseId: string) =>
  Boolean(
    await ctx.db
      .selectFrom('courses')
      .innerJoin('institutions', 'institutions.enterprise_id', 'courses.enterprise_id')
      .where('courses.published', '=', 1)
      .where('courses.id', '=', courseId)
      .select('courses.id')
      .executeTakeFirst(),
  );

export const courseDetails = async (
  ctx: ServiceContext,
  { courseId }: ParsedRequestOf<typeof marketplace.getCourseDetails>,
) => {
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

export const institution = async (
  ctx: ServiceContext,
  { slug }: ParsedRequestOf<typeof marketplace.getInstitute>,
) => {
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
