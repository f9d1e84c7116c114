import { z } from 'zod';
import { SORT_VALUES } from '../constants/sort-options.ts';
import { API_BASE, defineCall } from './define-call.ts';
import { empty, id, idList, loose, optionalQuery, paged, queryBool, searchText } from './envelope.ts';

// ---------------------------------------------------------------------------------------------
// Entities of spec §3
// ---------------------------------------------------------------------------------------------

/** Video categories behind the viewall switches of get-video-content (spec §7). */
export const VIDEO_CATEGORY_KEYS = ['emotional', 'communication', 'social', 'interview'] as const;

/** Video content (spec §3). */
export const videoContentSchema = z.object({
  contentId: id(),
  title: z.string(),
  url: z.string(),
  img: z.string().nullable(),
  category: z.string(),
  coach: z.object({ name: z.string() }),
});
export type VideoContent = z.infer<typeof videoContentSchema>;

/** Content action names (spec §3 'viewed, etc.'; issue 6 adds the like that feeds Most Liked). Others are 422. */
export const CONTENT_ACTION_NAMES = ['viewed', 'liked', 'unliked'] as const;
export type ContentActionName = (typeof CONTENT_ACTION_NAMES)[number];

/** Content action (spec §3): the body of contentactions/do-action. */
export const contentActionSchema = z.strictObject({
  contentId: id(),
  actionName: z.enum(CONTENT_ACTION_NAMES, { error: 'Unknown action' }),
});
export type ContentAction = z.infer<typeof contentActionSchema>;

const journalAnswer = (label: string) => z.string().trim().min(1, `Please answer: ${label}`).max(5000);

/** The journaling answers after a video (spec §2, §4), the body of contentactions/submit-content-review. */
export const contentReviewSchema = z.strictObject({
  contentId: id(),
  learnedFromVideo: journalAnswer('what did you learn from the video?'),
  goodOutcome: journalAnswer('what would a good outcome be?'),
  stepsForAchievement: journalAnswer('what steps will you take?'),
});
export type ContentReview = z.infer<typeof contentReviewSchema>;

// ---------------------------------------------------------------------------------------------
// GET query schemas (spec §7)
// ---------------------------------------------------------------------------------------------

const contentType = optionalQuery(z.string().trim().max(50));

/** contentlibrary/get-video-content query (spec §7); sortBy latest | liked | viewed, latest by default. */
export const videoContentQuery = z.strictObject({
  contenttype: contentType,
  search: searchText(),
  catSearch: optionalQuery(z.string().trim().max(100)),
  sortBy: optionalQuery(z.enum(SORT_VALUES)).transform((value) => value ?? 'latest'),
  viewallemotional: queryBool(),
  viewallcommunication: queryBool(),
  viewallsocial: queryBool(),
  viewallinterview: queryBool(),
});

/** contentlibrary/get-video-content-for-task query (spec §7). */
export const videoContentForTaskQuery = z.strictObject({
  contenttype: contentType,
  search: searchText(),
  catSearch: optionalQuery(z.string().trim().max(100)),
});

// ---------------------------------------------------------------------------------------------
// Calls
// ---------------------------------------------------------------------------------------------

const C = `${API_BASE.enterprise}/contentlibrary`;
const A = `${API_BASE.enterprise}/contentactions`;

/** Content library calls (spec §7, prefix contentlibrary/), under 'content-library'. */
export const contentLibrary = {
  /** Video picker of the task editor (issue 5), so it needs 'task-library', not 'content-library'. */
  getVideoContentForTask: defineCall({
    method: 'GET',
    path: `${C}/get-video-content-for-task`,
    auth: 'enterprise',
    permission: 'task-library',
    request: videoContentForTaskQuery,
    response: z.array(videoContentSchema.loose()),
  }),
  /** Turns a video into a video task (type 3). */
  addVideoContentTask: defineCall({
    method: 'POST',
    path: `${C}/add-video-content-task`,
    auth: 'enterprise',
    permission: 'content-library',
    request: z.strictObject({ contentId: id(), title: z.string().trim().min(1).max(200).optional() }),
    response: loose(),
  }),
  assignContentUsers: defineCall({
    method: 'POST',
    path: `${C}/assign-content-users`,
    auth: 'enterprise',
    permission: 'content-library',
    request: z.strictObject({ contentIds: idList({ what: 'video' }), userIds: idList({ what: 'member' }) }),
    response: z.object({ assigned: z.number().int() }).loose(),
  }),
  assignContentGroupUsers: defineCall({
    method: 'POST',
    path: `${C}/assign-content-group-users`,
    auth: 'enterprise',
    permission: 'content-library',
    request: z.strictObject({ contentIds: idList({ what: 'video' }), groupIds: idList({ what: 'group' }) }),
    response: z.object({ assigned: z.number().int() }).loose(),
  }),
  /** Members a video is assigned to, with whether they watched it. */
  getMembersByContentId: defineCall({
    method: 'POST',
    path: `${C}/get-members-by-contentid`,
    auth: 'enterprise',
    permission: 'content-library',
    request: z.strictObject({
      contentId: id(),
      searchQuery: searchText(),
      currentPage: z.number().int().min(1).default(1),
    }),
    response: paged(z.unknown()),
  }),
  getListOfVideoCategory: defineCall({
    method: 'GET',
    path: `${C}/get-list-of-video-category`,
    auth: 'enterprise',
    permission: 'content-library',
    request: empty(),
    response: loose(),
  }),
  getVideoContent: defineCall({
    method: 'GET',
    path: `${C}/get-video-content`,
    auth: 'enterprise',
    permission: 'content-library',
    request: videoContentQuery,
    response: loose(),
  }),
};

/** Content actions (spec §7): any logged-in viewer, since learners watch assigned videos. */
export const contentActions = {
  /** Records an action once per viewer and video; 'viewed' may complete the linked task (spec §4). */
  doAction: defineCall({
    method: 'POST',
    path: `${A}/do-action`,
    auth: 'enterprise',
    permission: null,
    request: contentActionSchema,
    response: z
      .object({
        contentAction: contentActionSchema.loose(),
        /** Tasks this action completed (progress 100, taskStatus 2). */
        completedTaskIds: z.array(id()).optional(),
      })
      .loose(),
  }),
  submitContentReview: defineCall({
    method: 'POST',
    path: `${A}/submit-content-review`,
    auth: 'enterprise',
    permission: null,
    request: contentReviewSchema,
    response: loose(),
  }),
};
