import { z } from 'zod';
import { LEVEL_VALUES } from '../constants/levels.ts';
import { API_BASE, defineCall } from './define-call.ts';
import { empty, id, paged, searchText, text } from './envelope.ts';

// Reading topics (spec §2 /enterprise/reading-topics, permission key reading-topics): passages an
// enterprise keeps for Read tasks. The spec names no paths for them; these follow its enterprise convention.
const R = `${API_BASE.enterprise}/reading-topics`;

export const READING_TOPIC_PAGE_SIZE = 10;
export const READING_TOPIC_TITLE_MAX = 200;
export const READING_TOPIC_PASSAGE_MAX = 20_000;

/** Level names 1-4 (spec §9), or null for a topic that suits every level. */
const levelField = () =>
  z.union(
    LEVEL_VALUES.map((value) => z.literal(value)),
    { error: 'Level must be 1 to 4' },
  );

export const readingTopicSchema = z.object({
  _id: id(),
  title: z.string(),
  passage: z.string(),
  level: levelField().nullable(),
  /** Words in the passage (runs of non-whitespace, as countWords counts them). */
  wordCount: z.number().int().min(0),
  updatedAt: z.string(),
});
export type ReadingTopic = z.output<typeof readingTopicSchema>;

/** What the Read task editor's topic picker shows: every topic, without its passage. */
export const readingTopicOptionSchema = readingTopicSchema.pick({
  _id: true,
  title: true,
  level: true,
  wordCount: true,
});
export type ReadingTopicOption = z.output<typeof readingTopicOptionSchema>;

const topicFields = {
  title: text({ error: 'Please enter a title' })
    .trim()
    .min(1, 'Please enter a title')
    .max(READING_TOPIC_TITLE_MAX, `At most ${READING_TOPIC_TITLE_MAX} characters`),
  passage: text({ error: 'Please enter the passage' })
    .trim()
    .min(1, 'Please enter the passage')
    .max(READING_TOPIC_PASSAGE_MAX, `At most ${READING_TOPIC_PASSAGE_MAX.toLocaleString('en')} characters`),
  level: levelField().nullable().optional(),
};

export const readingTopics = {
  list: defineCall({
    method: 'POST',
    path: `${R}/get-reading-topics`,
    reads: true,
    auth: 'enterprise',
    permission: 'reading-topics',
    request: z.strictObject({
      searchQuery: searchText(),
      currentPage: z.number({ error: 'Page must be a whole number' }).int().min(1).default(1),
    }),
    response: paged(readingTopicSchema),
  }),
  /** Every topic of the enterprise, for the Read task editor: task authors pick topics without managing them. */
  options: defineCall({
    method: 'POST',
    path: `${R}/get-reading-topic-options`,
    reads: true,
    auth: 'enterprise',
    permission: 'task-library',
    request: empty(),
    response: z.array(readingTopicOptionSchema),
  }),
  add: defineCall({
    method: 'POST',
    path: `${R}/add-reading-topic`,
    auth: 'enterprise',
    permission: 'reading-topics',
    request: z.strictObject(topicFields),
    response: readingTopicSchema,
  }),
  edit: defineCall({
    method: 'POST',
    path: `${R}/edit-reading-topic`,
    auth: 'enterprise',
    permission: 'reading-topics',
    request: z.strictObject({ topicId: id(), ...topicFields }),
    response: readingTopicSchema,
  }),
  /** Tasks made from the topic keep their copied passage (tasks.reading_topic_id is set to null). */
  remove: defineCall({
    method: 'POST',
    path: `${R}/delete-reading-topic`,
    auth: 'enterprise',
    permission: 'reading-topics',
    request: z.strictObject({ topicId: id() }),
    response: z.object({ _id: id() }),
  }),
};
