import { z } from 'zod';
import { coachSchema } from './admin.ts';
import { API_BASE, defineCall } from './define-call.ts';
import { fileUrlField, id, idList, paged, searchText, text } from './envelope.ts';
import { VIDEO_CATEGORY_KEYS, videoSubtitleSchema } from './video.ts';

// The platform's video library (spec §2 /admin/content-library, /admin/create-content,
// /admin/bulk-assign-unassign-content; §3 video content). Enterprises see what is assigned to them.
const A = API_BASE.admin;
const C = `${A}/content`;

export const PLATFORM_CONTENT_PAGE_SIZE = 25;
export const CONTENT_TITLE_MAX = 200;
export const CONTENT_DESCRIPTION_MAX = 2000;
export const COACH_NAME_MAX = 100;
export const CONTENT_SUBTITLES_MAX = 10;
export const CONTENT_DURATION_MAX = 24 * 3600;
/** How many videos and enterprises one bulk assign or unassign takes. */
export const BULK_ASSIGN_MAX = 200;

/** A video of the platform library as the admin sees it, with how many enterprises have it. */
export const platformContentSchema = z.object({
  _id: z.string(),
  title: z.string(),
  description: z.string(),
  category: z.enum(VIDEO_CATEGORY_KEYS),
  coach: z.string(),
  coachId: z.string().nullable(),
  videoUrl: z.string(),
  hls: z.boolean(),
  thumbnailUrl: z.string().nullable(),
  durationSeconds: z.number(),
  subtitles: z.array(videoSubtitleSchema),
  enterpriseCount: z.number().int(),
  likeCount: z.number().int(),
  viewCount: z.number().int(),
  createdAt: z.string(),
});
export type PlatformContent = z.output<typeof platformContentSchema>;

/** An enterprise that has (or could have) a video. */
export const contentEnterpriseSchema = z.object({
  _id: z.string(),
  companyName: z.string(),
  assignedAt: z.string(),
});
export type ContentEnterprise = z.output<typeof contentEnterpriseSchema>;

export const contentCategoryField = () =>
  z.enum(VIDEO_CATEGORY_KEYS, { error: `Category must be one of ${VIDEO_CATEGORY_KEYS.join(', ')}` });

const httpUrl = (what: string) =>
  text({ error: `Please give the ${what}` })
    .trim()
    .max(2048, 'At most 2048 characters')
    .regex(/^(https?:\/\/\S+|\/\S+)$/i, `The ${what} must be an http(s) address or an uploaded file`);

export const contentSubtitleField = z.strictObject({
  label: text({ error: 'Please name the subtitle track' })
    .trim()
    .min(1, 'Please name the subtitle track')
    .max(40, 'At most 40 characters'),
  srcLang: text({ error: 'Please give the language code' })
    .trim()
    .regex(/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/, 'Use a language code such as en or es'),
  url: fileUrlField(),
});

/**
 * One video's fields. videoUrl is either an uploaded content-video file of this admin or any http(s) address
 * (an .m3u8 address plays as HLS); the thumbnail is optional (upload or address); subtitles are .vtt uploads.
 */
export const platformContentFields = {
  title: text({ error: 'Please enter the title' })
    .trim()
    .min(1, 'Please enter the title')
    .max(CONTENT_TITLE_MAX, `At most ${CONTENT_TITLE_MAX} characters`),
  description: text()
    .trim()
    .max(CONTENT_DESCRIPTION_MAX, `At most ${CONTENT_DESCRIPTION_MAX} characters`)
    .default(''),
  category: contentCategoryField(),
  coachId: id().nullable().default(null),
  videoUrl: httpUrl('video address'),
  thumbnailUrl: httpUrl('thumbnail address').nullable().default(null),
  durationSeconds: z
    .number({ error: 'Duration must be a number of seconds' })
    .int('Duration must be whole seconds')
    .min(0, 'Duration cannot be negative')
    .max(CONTENT_DURATION_MAX, 'At most 24 hours')
    .default(0),
  subtitles: z
    .array(contentSubtitleField)
    .max(CONTENT_SUBTITLES_MAX, `At most ${CONTENT_SUBTITLES_MAX} subtitle tracks`)
    .default([]),
};

export const adminContent = {
  list: defineCall({
    method: 'POST',
    path: `${C}/get-content-list`,
    auth: 'admin',
    permission: null,
    request: z.strictObject({
      searchInput: searchText(),
      category: contentCategoryField().optional(),
      currentPage: z.number({ error: 'Page must be a whole number' }).int().min(1).default(1),
    }),
    response: paged(platformContentSchema),
  }),
  get: defineCall({
    method: 'POST',
    path: `${C}/get-content`,
    auth: 'admin',
    permission: null,
    request: z.strictObject({ contentId: id() }),
    response: platformContentSchema,
  }),
  add: defineCall({
    method: 'POST',
    path: `${C}/add-content`,
    auth: 'admin',
    permission: null,
    request: z.strictObject(platformContentFields),
    response: platformContentSchema,
  }),
  edit: defineCall({
    method: 'POST',
    path: `${C}/edit-content`,
    auth: 'admin',
    permission: null,
    request: z.strictObject({ contentId: id(), ...platformContentFields }),
    response: platformContentSchema,
  }),
  /** Refused (409) while any enterprise has the video: withdraw it first, so no library loses it by surprise. */
  remove: defineCall({
    method: 'POST',
    path: `${C}/delete-content`,
    auth: 'admin',
    permission: null,
    request: z.strictObject({ contentId: id() }),
    response: z.object({ _id: id() }),
  }),
  enterprises: defineCall({
    method: 'POST',
    path: `${C}/get-content-enterprises`,
    auth: 'admin',
    permission: null,
    request: z.strictObject({ contentId: id() }),
    response: z.array(contentEnterpriseSchema),
  }),
  /**
   * Offers videos to enterprises or withdraws them. Withdrawing also removes the video from that enterprise's
   * group and member assignments, so the enterprise never shows a video it no longer has.
   */
  bulkAssign: defineCall({
    method: 'POST',
    path: `${C}/bulk-assign-unassign`,
    auth: 'admin',
    permission: null,
    request: z.strictObject({
      contentIds: idList({ what: 'video', max: BULK_ASSIGN_MAX }),
      enterpriseIds: idList({ what: 'enterprise', max: BULK_ASSIGN_MAX }),
      action: z.enum(['assign', 'unassign'], { error: 'Action must be assign or unassign' }),
    }),
    response: z.object({ changed: z.number().int(), unchanged: z.number().int() }),
  }),
  /** A new coach for the editor's picker (users/get-coachs lists them); an existing name answers that coach. */
  addCoach: defineCall({
    method: 'POST',
    path: `${A}/users/add-coach`,
    auth: 'admin',
    permission: null,
    request: z.strictObject({
      name: text({ error: "Please enter the coach's name" })
        .trim()
        .min(1, "Please enter the coach's name")
        .max(COACH_NAME_MAX, `At most ${COACH_NAME_MAX} characters`),
    }),
    response: coachSchema,
  }),
};
