import { LEVEL_VALUES, type Level } from '@coach/shared/constants/levels';
import type { ParsedRequestOf } from '@coach/shared/contract/define-call';
import {
  READING_TOPIC_PAGE_SIZE,
  type ReadingTopic,
  type ReadingTopicOption,
  type readingTopics,
} from '@coach/shared/contract/reading-topics';
import { countWords } from '@coach/shared/format/word-count';
import { sql } from 'kysely';
import { notFound, validation } from '../../errors.ts';
import { enterpriseSession } from '../../session/session.ts';
import { nowIso } from '../common/clock.ts';
import { containsPattern, pageOf } from '../common/lists.ts';
import type { ServiceContext } from '../context.ts';

type TopicRow = { id: string; title: string; passage: string; level: number | null; updated_at: string };
type TopicInput = { title: string; passage: string; level?: Level | null | undefined };

/** A stored level outside 1-4 (never written by this service) reads as "any level" rather than failing. */
const toLevel = (level: number | null): Level | null => LEVEL_VALUES.find((value) => value === level) ?? null;

const toTopic = (row: TopicRow): ReadingTopic => ({
  _id: row.id,
  title: row.title,
  passage: row.passage,
  level: toLevel(row.level),
  wordCount: countWords(row.passage),
  updatedAt: row.updated_at,
});

const findTopic = async (ctx: ServiceContext, enterpriseId: string, topicId: string) => {
  const row = await ctx.db
    .selectFrom('reading_topics')
    .select(['id', 'title', 'passage', 'level', 'updated_at'])
    .where('id', '=', topicId)
    .where('enterprise_id', '=', enterpriseId)
    .executeTakeFirst();
  // Another enterprise's topic is indistinguishable from a missing one.
  if (!row) throw notFound('Reading topic not found');
  return row;
};

/** Titles are unique per enterprise, so the Read task editor's picker never shows two alike. */
const assertTitleFree = async (
  ctx: ServiceContext,
  enterpriseId: string,
  title: string,
  exceptId?: string,
) => {
  let query = ctx.db
    .selectFrom('reading_topics')
    .select('id')
    .where('enterprise_id', '=', enterpriseId)
    .where(sql<boolean>`lower(title) = ${title.toLowerCase()}`);
  if (exceptId) query = query.where('id', '!=', exceptId);
  if (await query.executeTakeFirst())
    throw validation('title', 'A reading topic with this title already exists');
};

export const listReadingTopics = async (
  ctx: ServiceContext,
  input: ParsedRequestOf<typeof readingTopics.list>,
) => {
  const { enterpriseId } = enterpriseSession(ctx);
  const { currentPage } = input;
  let query = ctx.db.selectFrom('reading_topics').where('enterprise_id', '=', enterpriseId);
  if (input.searchQuery)
    query = query.where(sql<boolean>`lower(title) like ${containsPattern(input.searchQuery)} escape '\\'`);
  const total = Number((await query.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst())?.n ?? 0);
  const rows = await query
    .select(['id', 'title', 'passage', 'level', 'updated_at'])
    .orderBy(sql`lower(title)`)
    .orderBy('id')
    .limit(READING_TOPIC_PAGE_SIZE)
    .offset((currentPage - 1) * READING_TOPIC_PAGE_SIZE)
    .execute();
  return pageOf(rows.map(toTopic), { currentPage, pageSize: READING_TOPIC_PAGE_SIZE, total });
};

/** Every topic of the enterprise for the Read task editor's picker (topics are tens, not thousands). */
export const readingTopicOptions = async (ctx: ServiceContext): Promise<ReadingTopicOption[]> => {
  const { enterpriseId } = enterpriseSession(ctx);
  const rows = await ctx.db
    .selectFrom('reading_topics')
    .select(['id', 'title', 'passage', 'level', 'updated_at'])
    .where('enterprise_id', '=', enterpriseId)
    .orderBy(sql`lower(title)`)
    .orderBy('id')
    .execute();
  return rows.map((row) => {
    const { _id, title, level, wordCount } = toTopic(row);
    return { _id, title, level, wordCount };
  });
};

export const addReadingTopic = async (ctx: ServiceContext, input: TopicInput): Promise<ReadingTopic> => {
  const { enterpriseId } = enterpriseSession(ctx);
  await assertTitleFree(ctx, enterpriseId, input.title);
  const id = crypto.randomUUID();
  const now = nowIso();
  await ctx.db
    .insertInto('reading_topics')
    .values({
      id,
      enterprise_id: enterpriseId,
      title: input.title,
      passage: input.passage,
      level: input.level ?? null,
      created_at: now,
      updated_at: now,
    })
    .execute();
  ctx.setMessage('Reading topic added');
  return toTopic(await findTopic(ctx, enterpriseId, id));
};

/** Tasks made from the topic earlier keep the passage they copied; only new picks see the change. */
export const editReadingTopic = async (
  ctx: ServiceContext,
  input: TopicInput & { topicId: string },
): Promise<ReadingTopic> => {
  const { enterpriseId } = enterpriseSession(ctx);
  await findTopic(ctx, enterpriseId, input.topicId);
  await assertTitleFree(ctx, enterpriseId, input.title, input.topicId);
  await ctx.db
    .updateTable('reading_topics')
    .set({
      title: input.title,
      passage: input.passage,
      level: input.level ?? null,
      updated_at: nowIso(),
    })
    .where('id', '=', input.topicId)
    .where('enterprise_id', '=', enterpriseId)
    .execute();
  ctx.setMessage('Reading topic updated');
  return toTopic(await findTopic(ctx, enterpriseId, input.topicId));
};

export const deleteReadingTopic = async (ctx: ServiceContext, { topicId }: { topicId: string }) => {
  const { enterpriseId } = enterpriseSession(ctx);
  await findTopic(ctx, enterpriseId, topicId);
  // Deleting a topic that tasks were made from is fine: tasks.reading_topic_id is ON DELETE SET NULL and
  // each task keeps the passage it copied when it was saved, so no task loses its text.
  await ctx.db
    .deleteFrom('reading_topics')
    .where('id', '=', topicId)
    .where('enterprise_id', '=', enterpriseId)
    .execute();
  ctx.setMessage('Reading topic deleted');
  return { _id: topicId };
};
