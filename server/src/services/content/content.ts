import { EXPIRY_ONE_WEEK, TIME_CHOICES_MINUTES } from '@coach/shared/constants/durations';
import {
  type ContentActionName,
  type ContentMemberRow,
  type DoActionResponse,
  VIDEO_CATEGORY_KEYS,
  VIDEO_CATEGORY_LABELS,
  VIDEO_PAGE_SIZE,
  VIDEO_SECTION_SIZE,
  type VideoCategory,
  type VideoCategoryKey,
  type VideoContent,
  type VideoContentListResponse,
  type VideoJournal,
  type VideoSubtitle,
} from '@coach/shared/contract/content';
import type { Task } from '@coach/shared/contract/tasks';
import { type Selectable, sql } from 'kysely';
import type { Db } from '../../db/connect.ts';
import type { Database } from '../../db/schema.ts';
import { notFound } from '../../errors.ts';
import { enterpriseSession } from '../../session/session.ts';
import { nowIso } from '../common/clock.ts';
import { containsPattern, pageOf } from '../common/lists.ts';
import { assertMembersInEnterprise } from '../common/tenant.ts';
import type { ServiceContext } from '../context.ts';
import { recordPractice } from '../identity/activity.ts';
import { emitEvent } from '../integrations/integration-events.ts';
import { completeVideoTasks, openVideoTasks } from '../tasks/my-tasks.ts';
import { addTask } from '../tasks/tasks.ts';
import { insertContentAssignments, syncGroupContent } from './content-assignments.ts';

/** The platform's videos that the enterprise has (content_enterprises); the only videos its people see. */
const selectLibrary = (db: Db, enterpriseId: string) =>
  db
    .selectFrom('content')
    .innerJoin('content_enterprises as ce', 'ce.content_id', 'content.id')
    .where('ce.enterprise_id', '=', enterpriseId);

type ContentRow = Selectable<Database['content']>;

const categoryOf = (value: string): VideoCategoryKey =>
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

const toVideos = async (db: Db, enterpriseId: string, userId: string, rows: ContentRow[]) => {
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
const loadContent = async (db: Db, enterpriseId: string, contentId: string) => {
  const row = await selectLibrary(db, enterpriseId)
    .selectAll('content')
    .where('content.id', '=', contentId)
    .executeTakeFirst();
  if (!row) throw notFound('Video not found');
  return row;
};

/** Every id must be a video of the enterprise's library (404 otherwise). */
const assertContentInLibrary = async (db: Db, enterpriseId: string, contentIds: string[]) => {
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

// ---------------------------------------------------------------------------------------------
// Lists (get-video-content, get-video-content-for-task, get-list-of-video-category)
// ---------------------------------------------------------------------------------------------

type ListFilters = {
  contenttype?: VideoCategoryKey | undefined;
  search?: string | undefined;
  catSearch?: string | undefined;
  sortBy?: 'latest' | 'liked' | 'viewed';
  currentPage?: number | undefined;
} & Partial<Record<string, unknown>>;

/** Title or coach contains the search; catSearch narrows to one category key. */
const filtered = (db: Db, enterpriseId: string, input: ListFilters) => {
  let query = selectLibrary(db, enterpriseId);
  if (input.search) {
    const pattern = containsPattern(input.search);
    query = query.where(
      sql<boolean>`(lower(content.title) like ${pattern} escape '\\' or lower(content.coach) like ${pattern} escape '\\')`,
    );
  }
  if (input.catSearch) query = query.where('content.category', '=', input.catSearch);
  return query;
};

const sortedRows = (query: ReturnType<typeof filtered>, sortBy: ListFilters['sortBy']) => {
  const rows = query.selectAll('content');
  if (sortBy === 'liked')
    return rows.orderBy('content.like_count', 'desc').orderBy('content.created_at', 'desc');
  if (sortBy === 'viewed')
    return rows.orderBy('content.view_count', 'desc').orderBy('content.created_at', 'desc');
  return rows.orderBy('content.created_at', 'desc').orderBy('content.id');
};

const pageOfCategory = async (ctx: ServiceContext, input: ListFilters, category: VideoCategoryKey) => {
  const s = enterpriseSession(ctx);
  const currentPage = input.currentPage ?? 1;
  const query = filtered(ctx.db, s.enterpriseId, input).where('content.category', '=', category);
  const [total, rows] = await Promise.all([
    query.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst(),
    sortedRows(query, input.sortBy)
      .limit(VIDEO_PAGE_SIZE)
      .offset((currentPage - 1) * VIDEO_PAGE_SIZE)
      .execute(),
  ]);
  return pageOf(await toVideos(ctx.db, s.enterpriseId, s.user.id, rows), {
    currentPage,
    pageSize: VIDEO_PAGE_SIZE,
    total: Number(total?.n ?? 0),
  });
};

/**
 * contentlibrary/get-video-content (spec §7): one category's page when contenttype is given, else a section per
 * category holding videos (its first 4, or up to 24 when its viewall switch is on).
 */
export const listVideos = async (
  ctx: ServiceContext,
  input: ListFilters,
): Promise<VideoContentListResponse> => {
  if (input.contenttype) return { mode: 'list', ...(await pageOfCategory(ctx, input, input.contenttype)) };
  const s = enterpriseSession(ctx);
  const totals = await filtered(ctx.db, s.enterpriseId, input)
    .groupBy('content.category')
    .select(['content.category', (eb) => eb.fn.countAll().as('n')])
    .execute();
  const counts = new Map(totals.map((row) => [row.category, Number(row.n)]));
  const sections = await Promise.all(
    VIDEO_CATEGORY_KEYS.filter((category) => (counts.get(category) ?? 0) > 0).map(async (category) => {
      const size = input[`viewall${category}`] === true ? VIDEO_PAGE_SIZE : VIDEO_SECTION_SIZE;
      const rows = await sortedRows(
        filtered(ctx.db, s.enterpriseId, input).where('content.category', '=', category),
        input.sortBy,
      )
        .limit(size)
        .execute();
      return {
        category,
        label: VIDEO_CATEGORY_LABELS[category],
        totalCount: counts.get(category) ?? 0,
        listdata: await toVideos(ctx.db, s.enterpriseId, s.user.id, rows),
      };
    }),
  );
  return { mode: 'sections', sections };
};

/** contentlibrary/get-video-content-for-task: the task editor's picker, a page of the library, latest first. */
export const videosForTask = async (ctx: ServiceContext, input: ListFilters) => {
  const s = enterpriseSession(ctx);
  const currentPage = input.currentPage ?? 1;
  let query = filtered(ctx.db, s.enterpriseId, input);
  if (input.contenttype) query = query.where('content.category', '=', input.contenttype);
  const [total, rows] = await Promise.all([
    query.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst(),
    sortedRows(query, 'latest')
      .limit(VIDEO_PAGE_SIZE)
      .offset((currentPage - 1) * VIDEO_PAGE_SIZE)
      .execute(),
  ]);
  return pageOf(await toVideos(ctx.db, s.enterpriseId, s.user.id, rows), {
    currentPage,
    pageSize: VIDEO_PAGE_SIZE,
    total: Number(total?.n ?? 0),
  });
};

/** contentlibrary/get-list-of-video-category: the four categories with the enterprise's count of each. */
export const videoCategories = async (ctx: ServiceContext): Promise<VideoCategory[]> => {
  const { enterpriseId } = enterpriseSession(ctx);
  const totals = await selectLibrary(ctx.db, enterpriseId)
    .groupBy('content.category')
    .select(['content.category', (eb) => eb.fn.countAll().as('n')])
    .execute();
  const counts = new Map(totals.map((row) => [row.category, Number(row.n)]));
  return VIDEO_CATEGORY_KEYS.map((key) => ({
    key,
    label: VIDEO_CATEGORY_LABELS[key],
    count: counts.get(key) ?? 0,
  }));
};

// ---------------------------------------------------------------------------------------------
// Tasks and assignment (content-library)
// ---------------------------------------------------------------------------------------------

const DEFAULT_TIME_MINUTES = TIME_CHOICES_MINUTES[0];

/** contentlibrary/add-video-content-task: a Video task (type 3) in the caller's library, titled after the video. */
export const addVideoTask = async (
  ctx: ServiceContext,
  { contentId, title }: { contentId: string; title?: string | undefined },
): Promise<Task> => {
  const { enterpriseId } = enterpriseSession(ctx);
  const video = await loadContent(ctx.db, enterpriseId, contentId);
  const task = await addTask(ctx, {
    type: 3,
    title: title ?? video.title.slice(0, 200),
    ...(video.description ? { description: video.description.slice(0, 5000) } : {}),
    category: 'Communication',
    level: 1,
    timeMinutes: DEFAULT_TIME_MINUTES,
    expirySeconds: EXPIRY_ONE_WEEK,
    attachments: [],
    contentId,
  });
  ctx.setMessage('Video task created successfully');
  return task;
};

const assignedMessage = (assigned: number, asked: number) =>
  assigned === asked
    ? `Assigned successfully (${assigned} new assignment${assigned === 1 ? '' : 's'})`
    : `Assigned successfully (${assigned} new, ${asked - assigned} already assigned)`;

export const assignToMembers = async (
  ctx: ServiceContext,
  { contentIds, userIds }: { contentIds: string[]; userIds: string[] },
) => {
  const { enterpriseId } = enterpriseSession(ctx);
  const videos = await assertContentInLibrary(ctx.db, enterpriseId, contentIds);
  const members = await assertMembersInEnterprise(ctx.db, enterpriseId, userIds);
  const pairs = videos.flatMap((contentId) => members.map((userId) => ({ contentId, userId })));
  const assigned = await ctx.db
    .transaction()
    .execute((trx) => insertContentAssignments(trx, enterpriseId, pairs, 'direct'));
  ctx.setMessage(assignedMessage(assigned, pairs.length));
  return { assigned, alreadyAssigned: pairs.length - assigned };
};

/** Assigns videos to groups: current members get them now, members who join later get them too. */
export const assignToGroups = async (
  ctx: ServiceContext,
  { contentIds, groupIds }: { contentIds: string[]; groupIds: string[] },
) => {
  const { enterpriseId } = enterpriseSession(ctx);
  const videos = await assertContentInLibrary(ctx.db, enterpriseId, contentIds);
  const groups = [...new Set(groupIds)];
  const found = await ctx.db
    .selectFrom('groups')
    .select('id')
    .where('enterprise_id', '=', enterpriseId)
    .where('id', 'in', groups)
    .execute();
  if (found.length !== groups.length) throw notFound('Group not found');
  const at = nowIso();
  const assigned = await ctx.db.transaction().execute(async (trx) => {
    await trx
      .insertInto('content_group_assignments')
      .values(
        videos.flatMap((contentId) =>
          groups.map((groupId) => ({
            content_id: contentId,
            group_id: groupId,
            enterprise_id: enterpriseId,
            assigned_at: at,
          })),
        ),
      )
      .onConflict((oc) => oc.columns(['content_id', 'group_id']).doNothing())
      .execute();
    return syncGroupContent(trx, enterpriseId, { groupIds: groups });
  });
  ctx.setMessage(
    `Assigned to ${groups.length} group${groups.length === 1 ? '' : 's'} (${assigned} new assignments)`,
  );
  return { assigned };
};

/** contentlibrary/get-members-by-contentid: the members a video is assigned to, whether they watched or liked it. */
export const membersOfContent = async (
  ctx: ServiceContext,
  {
    contentId,
    searchQuery,
    currentPage,
  }: { contentId: string; searchQuery?: string | undefined; currentPage: number },
) => {
  const { enterpriseId } = enterpriseSession(ctx);
  await loadContent(ctx.db, enterpriseId, contentId);
  const pageSize = 10;
  let query = ctx.db
    .selectFrom('content_assignments as a')
    .innerJoin('users as u', 'u.id', 'a.user_id')
    .where('a.content_id', '=', contentId)
    .where('a.enterprise_id', '=', enterpriseId);
  if (searchQuery) {
    const pattern = containsPattern(searchQuery);
    query = query.where(
      sql<boolean>`(lower(u.name) like ${pattern} escape '\\' or lower(u.email) like ${pattern} escape '\\')`,
    );
  }
  const [total, rows] = await Promise.all([
    query.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst(),
    query
      .leftJoin('content_actions as v', (join) =>
        join
          .onRef('v.user_id', '=', 'a.user_id')
          .onRef('v.content_id', '=', 'a.content_id')
          .on('v.action', '=', 'viewed'),
      )
      .leftJoin('content_actions as l', (join) =>
        join
          .onRef('l.user_id', '=', 'a.user_id')
          .onRef('l.content_id', '=', 'a.content_id')
          .on('l.action', '=', 'liked'),
      )
      .select(['u.id', 'u.name', 'u.email', 'v.created_at as viewed_at', 'l.id as like_id'])
      .orderBy('u.name')
      .orderBy('u.id')
      .limit(pageSize)
      .offset((currentPage - 1) * pageSize)
      .execute(),
  ]);
  const listdata: ContentMemberRow[] = rows.map((row) => ({
    _id: row.id,
    name: row.name,
    email: row.email,
    viewed: row.viewed_at !== null,
    viewedAt: row.viewed_at,
    liked: row.like_id !== null,
  }));
  return pageOf(listdata, { currentPage, pageSize, total: Number(total?.n ?? 0) });
};

// ---------------------------------------------------------------------------------------------
// The viewer's actions (contentactions/*, login only)
// ---------------------------------------------------------------------------------------------

/**
 * contentactions/do-action (spec §4). 'viewed' and 'liked' are stored once per viewer and video (a repeat
 * changes nothing and keeps the first time); the first of each moves the video's view or like count.
 * 'unliked' removes the like. Every 'viewed' completes the viewer's open Video tasks for the video, so a task
 * assigned after the first view still completes on the next one.
 */
export const doAction = async (
  ctx: ServiceContext,
  { contentId, actionName }: { contentId: string; actionName: ContentActionName },
): Promise<DoActionResponse> => {
  const s = enterpriseSession(ctx);
  await loadContent(ctx.db, s.enterpriseId, contentId);
  const userId = s.user.id;
  const result = await ctx.db.transaction().execute(async (trx): Promise<DoActionResponse> => {
    const at = nowIso();
    if (actionName === 'unliked') {
      const removed = await trx
        .deleteFrom('content_actions')
        .where('user_id', '=', userId)
        .where('content_id', '=', contentId)
        .where('action', '=', 'liked')
        .executeTakeFirst();
      if (Number(removed.numDeletedRows) > 0)
        await trx
          .updateTable('content')
          .set((eb) => ({ like_count: eb('like_count', '-', 1) }))
          .where('id', '=', contentId)
          .where('like_count', '>', 0)
          .execute();
      return { contentAction: { actionName, contentId, createdAt: at } };
    }
    const inserted = await trx
      .insertInto('content_actions')
      .values({
        id: crypto.randomUUID(),
        enterprise_id: s.enterpriseId,
        user_id: userId,
        content_id: contentId,
        action: actionName,
        created_at: at,
      })
      .onConflict((oc) => oc.columns(['user_id', 'content_id', 'action']).doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0) {
      const counter = actionName === 'viewed' ? 'view_count' : 'like_count';
      await trx
        .updateTable('content')
        .set((eb) => ({ [counter]: eb(counter, '+', 1) }))
        .where('id', '=', contentId)
        .execute();
      // A member's first view of a video (a repeat changes nothing, so it says nothing).
      if (actionName === 'viewed')
        await emitEvent(trx, {
          enterpriseId: s.enterpriseId,
          type: 'video.viewed',
          memberId: userId,
          data: { contentId },
        });
    }
    const stored = await trx
      .selectFrom('content_actions')
      .select('created_at')
      .where('user_id', '=', userId)
      .where('content_id', '=', contentId)
      .where('action', '=', actionName)
      .executeTakeFirst();
    const contentAction = { actionName, contentId, createdAt: stored?.created_at ?? at };
    if (actionName !== 'viewed') return { contentAction };
    const [completed] = await completeVideoTasks(trx, s.enterpriseId, userId, contentId);
    return completed ? { contentAction, taskCompleted: { taskId: completed } } : { contentAction };
  });
  // Watching is practice: the day counts as active (issue 38 item 10).
  if (actionName === 'viewed') await recordPractice(ctx);
  ctx.setMessage(
    result.taskCompleted ? 'Video watched: your task is complete' : `Action ${actionName} recorded`,
  );
  return result;
};

/** contentactions/submit-content-review: the viewer's journaling answers for a video (spec §2, §4), replaced on resubmit. */
export const submitReview = async (
  ctx: ServiceContext,
  input: { contentId: string; learnedFromVideo: string; goodOutcome: string; stepsForAchievement: string },
): Promise<VideoJournal> => {
  const s = enterpriseSession(ctx);
  await loadContent(ctx.db, s.enterpriseId, input.contentId);
  const at = nowIso();
  const answers = {
    learned_from_video: input.learnedFromVideo,
    good_outcome: input.goodOutcome,
    steps_for_achievement: input.stepsForAchievement,
  };
  await ctx.db
    .insertInto('content_reviews')
    .values({
      user_id: s.user.id,
      content_id: input.contentId,
      enterprise_id: s.enterpriseId,
      ...answers,
      created_at: at,
      updated_at: at,
    })
    .onConflict((oc) => oc.columns(['user_id', 'content_id']).doUpdateSet({ ...answers, updated_at: at }))
    .execute();
  ctx.setMessage('Thank you, your answers are saved');
  return {
    learnedFromVideo: input.learnedFromVideo,
    goodOutcome: input.goodOutcome,
    stepsForAchievement: input.stepsForAchievement,
  };
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
 * assignment first: how many, and the first `limit` as the player needs them (issue 17, the member's home).
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

/** The caller's videos of these ids, as the library shows them to a viewer (issue 38: My courses' next video). */
export const videosByIds = async (db: Db, enterpriseId: string, userId: string, ids: string[]) => {
  if (ids.length === 0) return [];
  const rows = await selectLibrary(db, enterpriseId)
    .selectAll('content')
    .where('content.id', 'in', ids)
    .execute();
  return toVideos(db, enterpriseId, userId, rows);
};
