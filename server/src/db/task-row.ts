import { EXPIRY_ONE_WEEK } from '@coach/shared/constants/durations';
import type { Insertable } from 'kysely';
import type { Database } from './schema.ts';

type TaskInsert = Insertable<Database['tasks']>;

/** What a new task must say; everything else starts as a task made in the library would. */
export type NewTask = Pick<TaskInsert, 'enterprise_id' | 'type' | 'title'> &
  Partial<Omit<TaskInsert, 'details' | 'created_at' | 'updated_at'>> & {
    /** The type's details as an object (stored as JSON). */
    details: object;
    /** Created and last updated at (ISO), now by default. */
    at?: string;
  };

/**
 * One `tasks` row for the seeds, the tests and the benches: a live task (not archived, no likes, views,
 * attachments or reading topic) in Communication, level 1, 10 minutes, due a week after it is assigned.
 */
export const taskRow = ({ details, at = new Date().toISOString(), ...fields }: NewTask): TaskInsert => ({
  id: crypto.randomUUID(),
  description: null,
  category: 'Communication',
  level: 1,
  time_minutes: 10,
  expiry_seconds: EXPIRY_ONE_WEEK,
  attachments: '[]',
  reading_topic_id: null,
  archived: 0,
  like_count: 0,
  view_count: 0,
  created_by: null,
  ...fields,
  details: JSON.stringify(details),
  created_at: at,
  updated_at: at,
});
