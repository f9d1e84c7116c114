import { z } from 'zod';

// Video content (spec §3), apart from the calls so the tasks contract can name a video without a cycle.

/** Video categories behind the viewall switches of get-video-content (spec §7). */
export const VIDEO_CATEGORY_KEYS = ['emotional', 'communication', 'social', 'interview'] as const;
export type VideoCategoryKey = (typeof VIDEO_CATEGORY_KEYS)[number];

/** The label each video category shows (sections, cards, filters). */
export const VIDEO_CATEGORY_LABELS = {
  emotional: 'Emotional Intelligence',
  communication: 'Communication',
  social: 'Social Skills',
  interview: 'Interview Skills',
} as const satisfies Record<VideoCategoryKey, string>;

/** A subtitle track of a video (WebVTT). */
export const videoSubtitleSchema = z.object({ label: z.string(), srcLang: z.string(), url: z.string() });
export type VideoSubtitle = z.output<typeof videoSubtitleSchema>;

/** The viewer's journaling answers (spec §2, §4); a field is absent until answered. */
export const videoJournalSchema = z.object({
  learnedFromVideo: z.string().optional(),
  goodOutcome: z.string().optional(),
  stepsForAchievement: z.string().optional(),
});
export type VideoJournal = z.output<typeof videoJournalSchema>;

/**
 * Video content (spec §3: contentId is `_id`, url is `videoUrl`, img is `thumbnailUrl`), with the counts behind
 * Most Liked / Most Viewed and what the viewer has done with it.
 */
export const videoContentSchema = z.object({
  _id: z.string(),
  title: z.string(),
  description: z.string(),
  /** The coach's name. */
  coach: z.string(),
  category: z.enum(VIDEO_CATEGORY_KEYS),
  categoryLabel: z.string(),
  videoUrl: z.string(),
  /** The address is an HLS playlist (played through hls.js). */
  hls: z.boolean(),
  thumbnailUrl: z.string().nullable(),
  durationSeconds: z.number(),
  subtitles: z.array(videoSubtitleSchema),
  likeCount: z.number().int(),
  viewCount: z.number().int(),
  likedByMe: z.boolean(),
  viewedByMe: z.boolean(),
  /** The viewer's journaling answers, null when none were given. */
  journal: videoJournalSchema.nullable(),
  /** The viewer's not-completed video task for this content, which 'viewed' completes (spec §4). */
  taskId: z.string().optional(),
  createdAt: z.string(),
});
export type VideoContent = z.output<typeof videoContentSchema>;
