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
export type VideoSubtitle = { label: string; srcLang: string; url: string };

/** The viewer's journaling answers (spec §2, §4); a field is absent until answered. */
export type VideoJournal = { learnedFromVideo?: string; goodOutcome?: string; stepsForAchievement?: string };

/**
 * Video content (spec §3: contentId is `_id`, url is `videoUrl`, img is `thumbnailUrl`), with the counts behind
 * Most Liked / Most Viewed and what the viewer has done with it.
 */
export type VideoContent = {
  _id: string;
  title: string;
  description: string;
  /** The coach's name. */
  coach: string;
  category: VideoCategoryKey;
  categoryLabel: string;
  videoUrl: string;
  /** The address is an HLS playlist (played through hls.js). */
  hls: boolean;
  thumbnailUrl: string | null;
  durationSeconds: number;
  subtitles: VideoSubtitle[];
  likeCount: number;
  viewCount: number;
  likedByMe: boolean;
  viewedByMe: boolean;
  /** The viewer's journaling answers, null when none were given. */
  journal: VideoJournal | null;
  /** The viewer's not-completed video task for this content, which 'viewed' completes (spec §4). */
  taskId?: string;
  createdAt: string;
};
