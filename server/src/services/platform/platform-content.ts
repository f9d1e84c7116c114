import type { adminGeneral } from '@coach/shared/contract/admin';
import {
  type adminContent,
  type ContentEnterprise,
  PLATFORM_CONTENT_PAGE_SIZE,
  type PlatformContent,
} from '@coach/shared/contract/admin-content';
import type { ParsedRequestOf } from '@coach/shared/contract/define-call';
import type { UploadPurpose } from '@coach/shared/contract/general';
import { VIDEO_CATEGORY_KEYS, type VideoCategoryKey, type VideoSubtitle } from '@coach/shared/contract/video';
import { type Selectable, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { conflict, notFound, validation } from '../../errors.ts';
import { nowIso } from '../common/clock.ts';
import { containsPattern, pageOf } from '../common/lists.ts';
import { anyRowNames, removeIfUnused } from '../content/image-variants.ts';
import { assertUploaded } from '../content/uploads.ts';
import type { ServiceContext } from '../context.ts';

type ContentRow = Selectable<Database['content']>;
type ContentInput = ParsedRequestOf<typeof adminContent.add>;

const categoryOf = (value: string): VideoCategoryKey =>
  (VIDEO_CATEGORY_KEYS as readonly string[]).includes(value) ? (value as VideoCategoryKey) : 'communication';

const parseSubtitles = (text: string): VideoSubtitle[] => {
  try {
    const value = JSON.parse(text) as unknown;
    return Array.isArray(value) ? (value as VideoSubtitle[]) : [];
  } catch {
    return [];
  }
};

const toContent = (row: ContentRow, enterpriseCount: number): PlatformContent => ({
  _id: row.id,
  title: row.title,
  description: row.description,
  category: categoryOf(row.category),
  coach: row.coach,
  coachId: row.coach_id ?? null,
  videoUrl: row.video_url,
  hls: Number(row.hls) === 1,
  thumbnailUrl: row.thumbnail_url,
  durationSeconds: Number(row.duration_seconds),
  subtitles: parseSubtitles(row.subtitles),
  enterpriseCount,
  likeCount: Number(row.like_count),
  viewCount: Number(row.view_count),
  createdAt: row.created_at,
});

const enterpriseCounts = async (ctx: ServiceContext, contentIds: string[]) => {
  const counts = new Map<string, number>();
  if (contentIds.length === 0) return counts;
  const rows = await ctx.db
    .selectFrom('content_enterprises')
    .select(['content_id', (eb) => eb.fn.countAll().as('n')])
    .where('content_id', 'in', contentIds)
    .groupBy('content_id')
    .execute();
  for (const row of rows) counts.set(row.content_id, Number(row.n));
  return counts;
};

const findContent = async (ctx: ServiceContext, contentId: string) => {
  const row = await ctx.db.selectFrom('content').selectAll().where('id', '=', contentId).executeTakeFirst();
  if (!row) throw notFound('Video not found');
  return row;
};

const loadContent = async (ctx: ServiceContext, contentId: string) => {
  const row = await findContent(ctx, contentId);
  const counts = await enterpriseCounts(ctx, [row.id]);
  return toContent(row, counts.get(row.id) ?? 0);
};

export const listContent = async (ctx: ServiceContext, input: ParsedRequestOf<typeof adminContent.list>) => {
  const { currentPage } = input;
  let query = ctx.db.selectFrom('content');
  if (input.searchInput) {
    const pattern = containsPattern(input.searchInput);
    query = query.where(
      sql<boolean>`(lower(title) like ${pattern} escape '\\' or lower(coach) like ${pattern} escape '\\')`,
    );
  }
  if (input.category) query = query.where('category', '=', input.category);
  const total = Number((await query.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst())?.n ?? 0);
  const rows = await query
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .limit(PLATFORM_CONTENT_PAGE_SIZE)
    .offset((currentPage - 1) * PLATFORM_CONTENT_PAGE_SIZE)
    .execute();
  const counts = await enterpriseCounts(
    ctx,
    rows.map((row) => row.id),
  );
  return pageOf(
    rows.map((row) => toContent(row, counts.get(row.id) ?? 0)),
    { currentPage, pageSize: PLATFORM_CONTENT_PAGE_SIZE, total },
  );
};

export const getContent = (ctx: ServiceContext, { contentId }: ParsedRequestOf<typeof adminContent.get>) =>
  loadContent(ctx, contentId);

/**
 * A file address the video keeps: one of our stored files must be this admin's upload for the purpose
 * (addresses the video already had are kept as they are); any other address must be absolute http(s).
 */
const checkFile = async (
  ctx: ServiceContext,
  field: string,
  url: string,
  purpose: UploadPurpose,
  kept: Set<string>,
  { external }: { external: boolean },
) => {
  if (kept.has(url)) return;
  if (ctx.storage.keyOf(url) !== null) {
    await assertUploaded(ctx, field, url, purpose);
    return;
  }
  if (!external || !/^https?:\/\//i.test(url)) throw validation(field, 'Upload the file first');
};

const resolveCoach = async (ctx: ServiceContext, coachId: string | null) => {
  if (!coachId) return { coach_id: null, coach: '' };
  const coach = await ctx.db
    .selectFrom('coaches')
    .select(['id', 'name'])
    .where('id', '=', coachId)
    .executeTakeFirst();
  if (!coach) throw validation('coachId', 'Choose a coach from the list');
  return { coach_id: coach.id, coach: coach.name };
};

const checkInput = async (ctx: ServiceContext, input: ContentInput, previous?: ContentRow) => {
  const kept = new Set<string>(
    previous
      ? [
          previous.video_url,
          ...(previous.thumbnail_url ? [previous.thumbnail_url] : []),
          ...parseSubtitles(previous.subtitles).map((s) => s.url),
        ]
      : [],
  );
  await checkFile(ctx, 'videoUrl', input.videoUrl, 'content-video', kept, { external: true });
  if (input.thumbnailUrl)
    await checkFile(ctx, 'thumbnailUrl', input.thumbnailUrl, 'content-thumbnail', kept, { external: true });
  const langs = new Set<string>();
  for (const [index, subtitle] of input.subtitles.entries()) {
    await checkFile(ctx, `subtitles.${index}.url`, subtitle.url, 'content-subtitle', kept, {
      external: false,
    });
    if (langs.has(subtitle.srcLang))
      throw validation(`subtitles.${index}.srcLang`, 'Each language may have one subtitle track');
    langs.add(subtitle.srcLang);
  }
  const coach = await resolveCoach(ctx, input.coachId);
  const hls = /\.m3u8(\?|#|$)/i.test(input.videoUrl) ? 1 : 0;
  return {
    title: input.title,
    description: input.description,
    category: input.category,
    ...coach,
    video_url: input.videoUrl,
    video_key: ctx.storage.keyOf(input.videoUrl),
    hls,
    thumbnail_url: input.thumbnailUrl,
    duration_seconds: input.durationSeconds,
    subtitles: JSON.stringify(input.subtitles.map(({ label, srcLang, url }) => ({ label, srcLang, url }))),
  };
};

type ContentFiles = Pick<ContentRow, 'video_url' | 'thumbnail_url' | 'subtitles'>;

/** The files a video names (its video, thumbnail and subtitle tracks), each with the purpose it was uploaded for. */
const filesOf = (row: ContentFiles) => [
  { url: row.video_url, purpose: 'content-video' as const, what: 'video' },
  { url: row.thumbnail_url, purpose: 'content-thumbnail' as const, what: 'thumbnail' },
  ...parseSubtitles(row.subtitles).map((s) => ({
    url: s.url,
    purpose: 'content-subtitle' as const,
    what: 'subtitle',
  })),
];

/**
 * The files a video let go of (edit-content replaced or took them off, or delete-content deleted it) go from storage,
 * with their uploads rows, once no video names them: an admin may have saved the same upload in two videos. Only a
 * file of ours stored for its purpose is deleted; an address elsewhere stays. Any of a video's columns is checked, as
 * an edit may keep an address the video had under another field. Offering or withdrawing a video never lets go of a
 * file: the enterprises' libraries name the one row (content_enterprises), not copies of it. Every screen showing a
 * video (the libraries, a Video task's player) reads its row afresh, none is built into a page. Run after the change
 * has committed; a failure is logged and the call succeeds all the same (the file is only left over).
 */
const letGoOfFiles = async (
  ctx: ServiceContext,
  before: ContentFiles,
  after: ContentFiles | null,
  call: 'edit-content' | 'delete-content',
) => {
  const kept = new Set(after ? filesOf(after).map((file) => file.url) : []);
  const stillUsed = anyRowNames(ctx.db, [
    ['content', 'video_url'],
    ['content', 'thumbnail_url'],
    ['content', 'subtitles'],
  ]);
  const seen = new Set<string>();
  for (const { url, purpose, what } of filesOf(before)) {
    if (!url || kept.has(url) || seen.has(url)) continue;
    seen.add(url);
    await removeIfUnused(ctx, url, { purpose, stillUsed, call, what });
  }
};

export const addContent = async (ctx: ServiceContext, input: ContentInput) => {
  const values = await checkInput(ctx, input);
  const id = crypto.randomUUID();
  await ctx.db
    .insertInto('content')
    .values({ id, ...values, like_count: 0, view_count: 0, created_at: nowIso() })
    .execute();
  ctx.setMessage('Video added');
  return loadContent(ctx, id);
};

export const editContent = async (
  ctx: ServiceContext,
  { contentId, ...input }: ParsedRequestOf<typeof adminContent.edit>,
) => {
  const previous = await findContent(ctx, contentId);
  const values = await checkInput(ctx, input, previous);
  await ctx.db.updateTable('content').set(values).where('id', '=', contentId).execute();
  await letGoOfFiles(ctx, previous, values, 'edit-content');
  ctx.setMessage('Video updated');
  return loadContent(ctx, contentId);
};

/**
 * Refused while any enterprise has the video (withdraw it first), so no library loses a video by surprise.
 * What is left of it (views, likes, journaling answers of past enterprises) goes with it, and so do its files
 * once no other video names them (letGoOfFiles).
 */
export const deleteContent = async (
  ctx: ServiceContext,
  { contentId }: ParsedRequestOf<typeof adminContent.remove>,
) => {
  await findContent(ctx, contentId);
  const counts = await enterpriseCounts(ctx, [contentId]);
  const holders = counts.get(contentId) ?? 0;
  if (holders > 0)
    throw conflict(
      `${holders} ${holders === 1 ? 'enterprise has' : 'enterprises have'} this video. Withdraw it first.`,
    );
  const deleted = await ctx.db.transaction().execute(async (trx) => {
    for (const table of [
      'content_group_assignments',
      'content_assignments',
      'content_actions',
      'content_reviews',
    ] as const)
      await trx.deleteFrom(table).where('content_id', '=', contentId).execute();
    // The files of the row as it is deleted, not as read above: an edit in between may have replaced them.
    return trx
      .deleteFrom('content')
      .where('id', '=', contentId)
      .returning(['video_url', 'thumbnail_url', 'subtitles'])
      .executeTakeFirst();
  });
  if (deleted) await letGoOfFiles(ctx, deleted, null, 'delete-content');
  ctx.setMessage('Video deleted');
  return { _id: contentId };
};

export const contentEnterprises = async (
  ctx: ServiceContext,
  { contentId }: ParsedRequestOf<typeof adminContent.enterprises>,
): Promise<ContentEnterprise[]> => {
  await findContent(ctx, contentId);
  const rows = await ctx.db
    .selectFrom('content_enterprises as ce')
    .innerJoin('enterprises as e', 'e.id', 'ce.enterprise_id')
    .select(['e.id', 'e.name', 'ce.assigned_at'])
    .where('ce.content_id', '=', contentId)
    .orderBy(sql`lower(e.name)`)
    .execute();
  return rows.map((row) => ({ _id: row.id, companyName: row.name, assignedAt: row.assigned_at }));
};

/**
 * Offers videos to enterprises (assign) or withdraws them (unassign). Withdrawing also removes the videos
 * from the enterprises' group and member assignments, so no enterprise shows a video it no longer has.
 * Answers how many (video, enterprise) pairs changed and how many already were as asked.
 */
export const bulkAssign = async (
  ctx: ServiceContext,
  input: ParsedRequestOf<typeof adminContent.bulkAssign>,
) => {
  const contentIds = [...new Set(input.contentIds)];
  const enterpriseIds = [...new Set(input.enterpriseIds)];
  const [videos, enterprises] = await Promise.all([
    ctx.db.selectFrom('content').select('id').where('id', 'in', contentIds).execute(),
    ctx.db.selectFrom('enterprises').select('id').where('id', 'in', enterpriseIds).execute(),
  ]);
  if (videos.length !== contentIds.length) throw notFound('Video not found');
  if (enterprises.length !== enterpriseIds.length) throw notFound('Enterprise not found');
  const existing = await ctx.db
    .selectFrom('content_enterprises')
    .select(['content_id', 'enterprise_id'])
    .where('content_id', 'in', contentIds)
    .where('enterprise_id', 'in', enterpriseIds)
    .execute();
  const has = new Set(existing.map((row) => `${row.content_id}:${row.enterprise_id}`));
  const pairs = contentIds.flatMap((content_id) =>
    enterpriseIds.map((enterprise_id) => ({ content_id, enterprise_id })),
  );
  const total = pairs.length;
  let changed = 0;
  await ctx.db.transaction().execute(async (trx) => {
    if (input.action === 'assign') {
      const missing = pairs.filter((p) => !has.has(`${p.content_id}:${p.enterprise_id}`));
      const at = nowIso();
      // Two admins offering the same video at once both see it missing: the later insert skips the pair
      // (it was a unique-key 500) and only rows really added are counted.
      for (let start = 0; start < missing.length; start += 400) {
        const [result] = await trx
          .insertInto('content_enterprises')
          .values(missing.slice(start, start + 400).map((p) => ({ ...p, assigned_at: at })))
          .onConflict((oc) => oc.columns(['content_id', 'enterprise_id']).doNothing())
          .execute();
        changed += Number(result?.numInsertedOrUpdatedRows ?? 0);
      }
    } else {
      changed = existing.length;
      for (const table of [
        'content_group_assignments',
        'content_assignments',
        'content_enterprises',
      ] as const)
        await trx
          .deleteFrom(table)
          .where('content_id', 'in', contentIds)
          .where('enterprise_id', 'in', enterpriseIds)
          .execute();
    }
  });
  ctx.setMessage(
    input.action === 'assign'
      ? `Offered to ${changed} new ${changed === 1 ? 'library' : 'libraries'}`
      : `Withdrawn from ${changed} ${changed === 1 ? 'library' : 'libraries'}`,
  );
  return { changed, unchanged: total - changed };
};

// ---------------------------------------------------------------------------------------------
// Coaches (users/get-coachs, users/add-coach)
// ---------------------------------------------------------------------------------------------

export const listCoaches = async (
  ctx: ServiceContext,
  { search }: ParsedRequestOf<typeof adminGeneral.getCoachs>,
) => {
  let query = ctx.db.selectFrom('coaches').select(['id', 'name']);
  if (search) query = query.where(sql<boolean>`lower(name) like ${containsPattern(search)} escape '\\'`);
  const rows = await query.orderBy(sql`lower(name)`).orderBy('id').limit(100).execute();
  return rows.map((row) => ({ _id: row.id, name: row.name }));
};

/** A coach by name; a name already listed (whatever its case) answers that coach instead of a twin. */
export const addCoach = async (
  ctx: ServiceContext,
  { name }: ParsedRequestOf<typeof adminContent.addCoach>,
) => {
  const clean = name.replace(/\s+/g, ' ');
  const found = await ctx.db
    .selectFrom('coaches')
    .select(['id', 'name'])
    .where(sql<boolean>`lower(name) = ${clean.toLowerCase()}`)
    .executeTakeFirst();
  if (found) {
    ctx.setMessage('This coach is already listed');
    return { _id: found.id, name: found.name };
  }
  const id = crypto.randomUUID();
  await ctx.db.insertInto('coaches').values({ id, name: clean, created_at: nowIso() }).execute();
  ctx.setMessage('Coach added');
  return { _id: id, name: clean };
};
