import {
  VIDEO_CATEGORY_KEYS,
  VIDEO_CATEGORY_LABELS,
  type VideoCategoryKey,
  type VideoContent,
  type VideoJournal,
  type VideoSubtitle,
} from '@coach/shared/contract/content';
import type { Selectable } from 'kysely';
import type { Db } from '../../db/connect.ts';
import type { Database } from '../../db/schema.ts';
import { notFound } from '../../errors.ts';
import { openVideoTasks } from '../tasks/video-tasks.ts';

// The videos of an enterprise's library as its people see them, with what the viewer has done with each.

/** The platform's videos that the enterprise has (content_enterprises); the only videos its people see. */
export const selectLibrary = (db: Db, enterpriseId: string) =>
  db
    .selectFrom('content')
    .innerJoin('content_enterprises as ce', 'ce.content_id', 'content.id')
    .where('ce.enterprise_id', '=', enterpriseId);

export type ContentRow = Selectable<Database['content']>;

export const categoryOf = (value: string): VideoCategoryKey =>
  (VIDEO_CATEGORY_KEYS as readonly string[]).includes(value) ? (value as VideoCategoryKey) : 'communication';

/** What the viewer has done with a page of videos: likes, views, journaling answers, open Video tasks. */
const viewerState = async (db: Db, enterpriseId: string, userId: string, contentIds: string[]) => {
  const actions = new Set<string>();
  const journals = new Map<string, VideoJournal>();
  if (contentIds.length > 0) {
    const [acted, reviews] = await Promise.all([
      db
        .selectFrom('content_actions')
        .select(['content_id', 'action'])
        .where('user_id', '=', userId)
        .where('content_id', 'in', contentIds)
        .execute(),
      db
        .selectFrom('content_reviews')
        .select(['content_id', 'learned_from_video', 'good_outcome', 'steps_for_achievement'])
        .where('user_id', '=', userId)
        .where('content_id', 'in', contentIds)
        .execute(),
    ]);
    for (const row of acted) actions.add(`${row.content_id}:${row.action}`);
    for (const row of reviews)
      journals.set(row.content_id, {
        learnedFromVideo: row.learned_from_video,
        goodOutcome: row.good_outcome,
        stepsForAchievement: row.steps_for_achievement,
      });
  }
  const tasks = await openVideoTasks(db, enterpriseId, userId);
  return { actions, journals, tasks };
};

export const toVideos = async (db: Db, enterpriseId: string, userId: string, rows: ContentRow[]) => {
  const state = await viewerState(
    db,
    enterpriseId,
    userId,
    rows.map((row) => row.id),
  );
  return rows.map((row): VideoContent => {
    const category = categoryOf(row.category);
    const taskId = state.tasks.get(row.id)?.[0]?.task_id;
    return {
      _id: row.id,
      title: row.title,
      description: row.description,
      coach: row.coach,
      category,
      categoryLabel: VIDEO_CATEGORY_LABELS[category],
      videoUrl: row.video_url,
      hls: Number(row.hls) === 1,
      thumbnailUrl: row.thumbnail_url,
      durationSeconds: Number(row.duration_seconds),
      subtitles: JSON.parse(row.subtitles) as VideoSubtitle[],
      likeCount: Number(row.like_count),
      viewCount: Number(row.view_count),
      likedByMe: state.actions.has(`${row.id}:liked`),
      viewedByMe: state.actions.has(`${row.id}:viewed`),
      journal: state.journals.get(row.id) ?? null,
      ...(taskId ? { taskId } : {}),
      createdAt: row.created_at,
    };
  });
};

/** A video of the enterprise's library; any other id (unknown, or a video it does not have) is 404. */
export const loadContent = async (db: Db, enterpriseId: string, contentId: string) => {
  const row = await selectLibrary(db, enterpriseId)
    .selectAll('content')
    .where('content.id', '=', contentId)
    .executeTakeFirst();
  if (!row) throw notFound('Video not found');
  return row;
};

/** Every id must be a video of the enterprise's library (404 otherwise). */
export const assertContentInLibrary = async (db: Db, enterpriseId: string, contentIds: string[]) => {
  const unique = [...new Set(contentIds)];
  const found = await db
    .selectFrom('content_enterprises')
    .select('content_id')
    .where('enterprise_id', '=', enterpriseId)
    .where('content_id', 'in', unique)
    .execute();
  if (found.length !== unique.length) throw notFound('Video not found');
  return unique;
};

/** One video as a viewer sees it, or null when the enterprise's library does not have it (a Video task's player). */
export const videoForViewer = async (db: Db, enterpriseId: string, userId: string, contentId: string) => {
  const row = await selectLibrary(db, enterpriseId)
    .selectAll('content')
    .where('content.id', '=', contentId)
    .executeTakeFirst();
  if (!row) return null;
  const [video] = await toVideos(db, enterpriseId, userId, [row]);
  return video ?? null;
};

/**
 * The videos assigned to a member (directly or through a group) that they have not watched yet, newest
 * assignment first: how many, and the first `limit` as the player needs them (the member's home).
 * Only videos the enterprise still has count.
 */
export const videosToWatch = async (
  db: Db,
  { enterpriseId, userId, limit }: { enterpriseId: string; userId: string; limit: number },
) => {
  const unwatched = selectLibrary(db, enterpriseId)
    .innerJoin('content_assignments as a', 'a.content_id', 'content.id')
    .where('a.user_id', '=', userId)
    .where('a.enterprise_id', '=', enterpriseId)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('content_actions as v')
            .select('v.id')
            .whereRef('v.content_id', '=', 'a.content_id')
            .where('v.user_id', '=', userId)
            .where('v.action', '=', 'viewed'),
        ),
      ),
    );
  const [total, rows] = await Promise.all([
    unwatched.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst(),
    unwatched
      .selectAll('content')
      .orderBy('a.assigned_at', 'desc')
      .orderBy('content.id')
      .limit(limit)
      .execute(),
  ]);
  return { toWatch: Number(total?.n ?? 0), list: await toVideos(db, enterpriseId, userId, rows) };
};

/** The caller's videos of these ids, as the library shows them to a viewer (My courses' next video). */
export const videosByIds = async (db: Db, enterpriseId: string, userId: string, ids: string[]) => {
  if (ids.length === 0) return [];
  const rows = await selectLibrary(db, enterpriseId)
    .selectAll('content')
    .where('content.id', 'in', ids)
    .execute();
  return toVideos(db, enterpriseId, userId, rows);
};
