import type { CourseCard, ImageVariants } from '@coach/shared/contract/marketplace';
import { sql } from 'kysely';
import type { ServiceContext } from '../../context.ts';

// The marketplace's course cards: which courses are public, the columns of a card, and how well one matches a
// search (the grid's filter and the header search rank alike).

/**
 * How well a course matches the search, best first: its name starts with the text, then a word
 * of its name does, then the name contains it, then its category, and last only its institution's name. So
 * "inter" lists the Interview courses before every course of "You Study International College".
 */
export const relevance = (search: string) => {
  const text = search.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`);
  return sql<number>`case
    when lower(courses.name) like ${`${text}%`} escape '\\' then 0
    when lower(courses.name) like ${`% ${text}%`} escape '\\' then 1
    when lower(courses.name) like ${`%${text}%`} escape '\\' then 2
    when lower(courses.category) like ${`%${text}%`} escape '\\' then 3
    else 4 end`;
};

/** Published courses of institutions with their cards' fields. */
export const publishedCourses = (ctx: ServiceContext) =>
  ctx.db
    .selectFrom('courses')
    .innerJoin('institutions', 'institutions.enterprise_id', 'courses.enterprise_id')
    .where('courses.published', '=', 1);

export const CARD_COLUMNS = [
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

export type CardRow = {
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

export const toCard = (row: CardRow, images: Map<string, ImageVariants>): CourseCard => ({
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
