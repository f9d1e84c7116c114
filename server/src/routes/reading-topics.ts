import { readingTopics } from '@coach/shared/contract/reading-topics';
import { type Registration, serve } from '../adapter.ts';
import * as service from '../services/tasks/reading-topics.ts';

/** Reading topics; the adapter has checked the `reading-topics` (or, for options, `task-library`) key. */
export const readingTopicRoutes: Registration[] = [
  serve(readingTopics.list, ({ ctx, input }) => service.listReadingTopics(ctx, input)),
  serve(readingTopics.options, ({ ctx }) => service.readingTopicOptions(ctx)),
  serve(readingTopics.add, ({ ctx, input }) => service.addReadingTopic(ctx, input)),
  serve(readingTopics.edit, ({ ctx, input }) => service.editReadingTopic(ctx, input)),
  serve(readingTopics.remove, ({ ctx, input }) => service.deleteReadingTopic(ctx, input)),
];
