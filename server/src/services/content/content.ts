import { EXPIRY_ONE_WEEK, TIME_CHOICES_MINUTES } from '@coach/shared/constants/durations';
import {
  type ContentMemberRow,
  VIDEO_CATEGORY_KEYS,
  VIDEO_CATEGORY_LABELS,
  VIDEO_PAGE_SIZE,
  VIDEO_SECTION_SIZE,
  type VideoCategory,
  type VideoCategoryKey,
  type VideoContentListResponse,
} from '@coach/shared/contract/content';
import type { Task } from '@coach/shared/contract/tasks';
import { sql } from 'kysely';
import type { Db } from '../../db/connect.ts';
import { notFound } from '../../errors.ts';
import { enterpriseSession } from '../../session/session.ts';
import { nowIso } from '../common/clock.ts';
import { groupAssignedMessage, peopleInGroups } from '../common/group-assigning.ts';
import { containsPattern, pageOf } from '../common/lists.ts';
import { assertMembersInEnterprise } from '../common/tenant.ts';
import type { ServiceContext } from '../context.ts';
import { addTask } from '../tasks/tasks.ts';
import { insertContentAssignments, syncGroupContent } from './content-assignments.ts';
import { assertContentInLibrary, loadContent, selectLibrary, toVideos } from './video-rows.ts';

/** The platform's videos that the enterprise has (content_enterprises); the only videos its people see. */
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
  // An empty group (a course's buyers' group before its first sale) gets nothing now: say so, not "already had".
  const groupMembers = await peopleInGroups(ctx.db, enterpriseId, groups);
  ctx.setMessage(groupAssignedMessage({ groups: groups.length, assigned, groupMembers }));
  return { assigned, groupMembers };
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
