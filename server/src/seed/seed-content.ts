import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { EXPIRY_ONE_WEEK } from '@coach/shared/constants/durations';
import type { VideoCategoryKey, VideoSubtitle } from '@coach/shared/contract/content';
import type { Db } from '../db/connect.ts';
import { taskRow } from '../db/task-row.ts';
import type { StorageProvider } from '../providers/storage.ts';
import { syncGroupContent } from '../services/content/content-assignments.ts';

const uuid = () => crypto.randomUUID();
const HOUR_MS = 3_600_000;
/** Made by scripts/media/generate-demo-media.mjs and committed, so seeding needs no ffmpeg. */
const MEDIA_DIR = fileURLToPath(new URL('../../seed-media/', import.meta.url));

/** Each video's real length (its narration's), as the script measured it. */
const durationOf = (slug: string) => {
  const manifest = JSON.parse(readFileSync(`${MEDIA_DIR}manifest.json`, 'utf8')) as {
    videoDurationSeconds: Record<string, number>;
  };
  const seconds = manifest.videoDurationSeconds[slug];
  if (!seconds) throw new Error(`seed-media/manifest.json has no duration for ${slug}: run the media script`);
  return seconds;
};

type SeedVideo = {
  slug: string;
  title: string;
  category: VideoCategoryKey;
  coach: string;
  description: string;
};

/** The slugs match the files of server/seed-media (see the script). */
const VIDEOS: SeedVideo[] = [
  {
    slug: 'naming-your-emotions',
    title: 'Naming your emotions',
    category: 'emotional',
    coach: 'Priya Raman',
    description: 'Why putting a word to a feeling takes the heat out of it, and a simple way to practise.',
  },
  {
    slug: 'staying-calm-under-pressure',
    title: 'Staying calm under pressure',
    category: 'emotional',
    coach: 'Marcus Lee',
    description: 'Three breaths, one question: a routine for the moment a meeting turns tense.',
  },
  {
    slug: 'empathy-at-work',
    title: 'Empathy at work',
    category: 'emotional',
    coach: 'Priya Raman',
    description: 'Seeing the situation from the other side without agreeing to everything.',
  },
  {
    slug: 'active-listening',
    title: 'Active listening',
    category: 'communication',
    coach: 'Hannah Okafor',
    description: 'Listen to understand, not to reply: summarise, ask, and check you got it right.',
  },
  {
    slug: 'clear-emails',
    title: 'Writing clear emails',
    category: 'communication',
    coach: 'Daniel Brooks',
    description: 'Lead with the ask, keep one topic per email, and make the next step obvious.',
  },
  {
    slug: 'giving-feedback',
    title: 'Giving feedback that lands',
    category: 'communication',
    coach: 'Hannah Okafor',
    description: 'Say what you saw, the effect it had, and ask what the other person thinks.',
  },
  {
    slug: 'small-talk',
    title: 'Small talk with confidence',
    category: 'social',
    coach: 'Sofia Martínez',
    description: 'Easy openers, follow-up questions and how to leave a conversation politely.',
  },
  {
    slug: 'networking-basics',
    title: 'Networking basics',
    category: 'social',
    coach: 'Marcus Lee',
    description: 'Build relationships before you need them: give first and follow up.',
  },
  {
    slug: 'working-in-teams',
    title: 'Working in diverse teams',
    category: 'social',
    coach: 'Sofia Martínez',
    description: 'Different habits, one goal: agreeing on how the team works together.',
  },
  {
    slug: 'tell-me-about-yourself',
    title: 'Tell me about yourself',
    category: 'interview',
    coach: 'Daniel Brooks',
    description: 'A ninety-second answer: present, past, and why this role is next.',
  },
  {
    slug: 'star-answers',
    title: 'Answering with STAR',
    category: 'interview',
    coach: 'Amelia Chen',
    description: 'Situation, task, action, result: structure a behavioural answer without rambling.',
  },
  {
    slug: 'questions-to-ask',
    title: 'Questions to ask the interviewer',
    category: 'interview',
    coach: 'Amelia Chen',
    description: 'End the interview well with questions that show you have thought about the role.',
  },
];

/** The videos the learner's first group gets, and the one the seeded Video task points at. */
const GROUP_VIDEOS = ['active-listening', 'giving-feedback', 'naming-your-emotions', 'star-answers'];
const TASK_VIDEO = 'active-listening';

const SUBTITLES = [
  { suffix: 'en', label: 'English', srcLang: 'en' },
  { suffix: 'es', label: 'Español', srcLang: 'es' },
] as const;

const store = async (storage: StorageProvider, file: string, purpose: string, ext: string, type: string) => {
  const key = `${purpose}/${new Date().toISOString().slice(0, 7)}/${uuid()}.${ext}`;
  await storage.put(key, readFileSync(`${MEDIA_DIR}${file}`), type);
  return storage.publicUrl(key);
};

/**
 * The content library's demo data: twelve generated videos (narrated slides) over the four categories (stored
 * through the storage provider, with a thumbnail and English and Spanish subtitles each), given to Acme and Globex; four of them assigned
 * to the learner's first group; some views and likes by other members; and a Video task in Acme's library
 * assigned to the learner. Without a storage provider there is nowhere to put the files, so nothing is added.
 */
export const seedContent = async (
  trx: Db,
  {
    storage,
    enterpriseIds,
    acmeId,
    ownerId,
    groupId,
    learnerId,
    now,
  }: {
    storage: StorageProvider | undefined;
    enterpriseIds: string[];
    acmeId: string;
    ownerId: string;
    groupId: string;
    learnerId: string;
    now: string;
  },
) => {
  if (!storage) return;
  await seedContentRows(trx, { storage, enterpriseIds, acmeId, ownerId, groupId, learnerId, now });
  await seedCoaches(trx, now);
};

/**
 * The coaches table from the distinct coach names of the content, and content.coach_id pointing at
 * them. Idempotent: names already listed (whatever their case) are reused, linked videos are left alone.
 */
export const seedCoaches = async (trx: Db, now: string) => {
  const names = (await trx.selectFrom('content').select('coach').distinct().execute())
    .map((row) => row.coach.trim())
    .filter((name) => name.length > 0);
  const listed = await trx.selectFrom('coaches').select(['id', 'name']).execute();
  const idOf = new Map(listed.map((row) => [row.name.toLowerCase(), row.id]));
  for (const name of names) {
    if (idOf.has(name.toLowerCase())) continue;
    const id = uuid();
    await trx.insertInto('coaches').values({ id, name, created_at: now }).execute();
    idOf.set(name.toLowerCase(), id);
  }
  for (const name of names)
    await trx
      .updateTable('content')
      .set({ coach_id: idOf.get(name.toLowerCase()) ?? null })
      .where('coach', '=', name)
      .where('coach_id', 'is', null)
      .execute();
};

const seedContentRows = async (
  trx: Db,
  {
    storage,
    enterpriseIds,
    acmeId,
    ownerId,
    groupId,
    learnerId,
    now,
  }: {
    storage: StorageProvider;
    enterpriseIds: string[];
    acmeId: string;
    ownerId: string;
    groupId: string;
    learnerId: string;
    now: string;
  },
) => {
  const created = Date.parse(now);
  const ids = new Map<string, string>();
  const members = (
    await trx
      .selectFrom('group_members')
      .select('user_id')
      .where('group_id', '=', groupId)
      .where('user_id', '!=', learnerId)
      .orderBy('user_id')
      .execute()
  ).map((row) => row.user_id);
  const actions: { user_id: string; content_id: string; action: string }[] = [];
  for (const [index, video] of VIDEOS.entries()) {
    const id = uuid();
    ids.set(video.slug, id);
    const subtitles: VideoSubtitle[] = [];
    for (const { suffix, label, srcLang } of SUBTITLES)
      subtitles.push({
        label,
        srcLang,
        url: await store(storage, `${video.slug}.${suffix}.vtt`, 'content-subtitle', 'vtt', 'text/vtt'),
      });
    // Other members' views and likes, so Most Viewed and Most Liked differ from Most Recent.
    const viewers = members.slice(0, (index * 5) % 9);
    const likers = viewers.slice(0, (index * 3) % 4);
    for (const user_id of viewers) actions.push({ user_id, content_id: id, action: 'viewed' });
    for (const user_id of likers) actions.push({ user_id, content_id: id, action: 'liked' });
    const at = new Date(created - (VIDEOS.length - index) * HOUR_MS).toISOString();
    await trx
      .insertInto('content')
      .values({
        id,
        title: video.title,
        description: video.description,
        coach: video.coach,
        category: video.category,
        video_key: null,
        video_url: await store(storage, `${video.slug}.mp4`, 'content-video', 'mp4', 'video/mp4'),
        hls: 0,
        thumbnail_url: await store(storage, `${video.slug}.jpg`, 'content-thumbnail', 'jpg', 'image/jpeg'),
        duration_seconds: durationOf(video.slug),
        subtitles: JSON.stringify(subtitles),
        like_count: likers.length,
        view_count: viewers.length,
        created_at: at,
      })
      .execute();
    await trx
      .insertInto('content_enterprises')
      .values(enterpriseIds.map((enterprise_id) => ({ content_id: id, enterprise_id, assigned_at: now })))
      .execute();
  }
  if (actions.length)
    await trx
      .insertInto('content_actions')
      .values(actions.map((action) => ({ id: uuid(), enterprise_id: acmeId, created_at: now, ...action })))
      .execute();
  await trx
    .insertInto('content_group_assignments')
    .values(
      GROUP_VIDEOS.map((slug) => ({
        content_id: ids.get(slug) ?? '',
        group_id: groupId,
        enterprise_id: acmeId,
        assigned_at: now,
      })),
    )
    .execute();
  // Quiet: the demo's learners are not mailed about the seed's own assignments.
  await syncGroupContent(trx, acmeId, { groupIds: [groupId], quiet: true });

  const taskId = uuid();
  const video = VIDEOS.find((v) => v.slug === TASK_VIDEO);
  await trx
    .insertInto('tasks')
    .values(
      taskRow({
        id: taskId,
        enterprise_id: acmeId,
        type: 3,
        title: `Watch: ${video?.title ?? 'Active listening'}`,
        description: 'Watch the video to the end, then answer the three journaling questions.',
        time_minutes: 5,
        details: { contentId: ids.get(TASK_VIDEO) },
        created_by: ownerId,
        at: now,
      }),
    )
    .execute();
  await trx
    .insertInto('task_assignments')
    .values({
      id: uuid(),
      enterprise_id: acmeId,
      task_id: taskId,
      user_id: learnerId,
      source: 'direct',
      status: 0,
      progress: 0,
      report: null,
      assigned_at: now,
      due_at: new Date(created + EXPIRY_ONE_WEEK * 1000).toISOString(),
      started_at: null,
      completed_at: null,
      reviewed_at: null,
      reviewed_by: null,
      feedback: null,
      feedback_at: null,
      updated_at: now,
    })
    .execute();
};
