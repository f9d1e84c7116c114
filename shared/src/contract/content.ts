import { z } from 'zod';
import { SORT_VALUES } from '../constants/sort-options.ts';
import { API_BASE, defineCall } from './define-call.ts';
import {
  empty,
  id,
  idList,
  optionalQuery,
  paged,
  queryBool,
  queryInt,
  searchText,
  text,
} from './envelope.ts';
import { taskSchema } from './tasks.ts';

// ---------------------------------------------------------------------------------------------
// Entities of spec §3
// ---------------------------------------------------------------------------------------------

export * from './video.ts';

import { VIDEO_CATEGORY_KEYS, videoContentSchema, videoJournalSchema } from './video.ts';

const videoCategoryField = z.enum(VIDEO_CATEGORY_KEYS);

/** get-video-content: one category's page (contenttype given), or a section per category with its first videos. */
export const videoContentListResponseSchema = z.discriminatedUnion('mode', [
  z.object({
    mode: z.literal('list'),
    currentPage: z.number().int(),
    totalPages: z.number().int(),
    totalCount: z.number().int(),
    listdata: z.array(videoContentSchema),
  }),
  z.object({
    mode: z.literal('sections'),
    sections: z.array(
      z.object({
        category: videoCategoryField,
        label: z.string(),
        totalCount: z.number().int(),
        listdata: z.array(videoContentSchema),
      }),
    ),
  }),
]);
export type VideoContentListResponse = z.output<typeof videoContentListResponseSchema>;

/** A category of get-list-of-video-category with how many videos the enterprise has in it. */
export const videoCategorySchema = z.object({
  key: videoCategoryField,
  label: z.string(),
  count: z.number().int(),
});
export type VideoCategory = z.output<typeof videoCategorySchema>;

/** A row of get-members-by-contentid: a member the video is assigned to and whether they watched it. */
export const contentMemberRowSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  viewed: z.boolean(),
  viewedAt: z.string().nullable(),
  liked: z.boolean(),
});
export type ContentMemberRow = z.output<typeof contentMemberRowSchema>;

/** Videos a category section shows before its "view all" switch is on. */
export const VIDEO_SECTION_SIZE = 4;
/** Videos a page of one category holds (and the most a "view all" section shows). */
export const VIDEO_PAGE_SIZE = 24;

/** Content action names (spec §3 'viewed, etc.', plus the like and unlike that feed Most Liked). Others are 422. */
export const CONTENT_ACTION_NAMES = ['viewed', 'liked', 'unliked'] as const;
export type ContentActionName = (typeof CONTENT_ACTION_NAMES)[number];

/** contentactions/do-action answer (spec §7: response.contentAction). */
export const doActionResponseSchema = z.object({
  contentAction: z.object({
    actionName: z.enum(CONTENT_ACTION_NAMES),
    contentId: z.string(),
    createdAt: z.string(),
  }),
  /** The viewer's video task this 'viewed' completed (progress 100, taskStatus 2). */
  taskCompleted: z.object({ taskId: z.string() }).optional(),
});
export type DoActionResponse = z.output<typeof doActionResponseSchema>;

/** Content action (spec §3): the body of contentactions/do-action. */
export const contentActionSchema = z.strictObject({
  contentId: id(),
  actionName: z.enum(CONTENT_ACTION_NAMES, { error: 'Unknown action' }),
});
export type ContentAction = z.infer<typeof contentActionSchema>;

const journalAnswer = (label: string) => text().trim().min(1, `Please answer: ${label}`).max(5000);

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

const contentType = optionalQuery(z.enum(VIDEO_CATEGORY_KEYS, { error: 'Unknown video category' }));
const currentPage = optionalQuery(queryInt({ min: 1 }));

/** contentlibrary/get-video-content query (spec §7); sortBy latest | liked | viewed, latest by default. */
export const videoContentQuery = z.strictObject({
  contenttype: contentType,
  search: searchText(),
  catSearch: optionalQuery(text().trim().max(100)),
  sortBy: optionalQuery(z.enum(SORT_VALUES)).transform((value) => value ?? 'latest'),
  viewallemotional: queryBool(),
  viewallcommunication: queryBool(),
  viewallsocial: queryBool(),
  viewallinterview: queryBool(),
  currentPage,
});

/** contentlibrary/get-video-content-for-task query (spec §7). */
export const videoContentForTaskQuery = z.strictObject({
  contenttype: contentType,
  search: searchText(),
  catSearch: optionalQuery(text().trim().max(100)),
  currentPage,
});

// ---------------------------------------------------------------------------------------------
// Calls
// ---------------------------------------------------------------------------------------------

const C = `${API_BASE.enterprise}/contentlibrary`;
const A = `${API_BASE.enterprise}/contentactions`;

/** Content library calls (spec §7, prefix contentlibrary/), under 'content-library'. */
export const contentLibrary = {
  /** Video picker of the task editor, so it needs 'task-library', not 'content-library'. */
  getVideoContentForTask: defineCall({
    method: 'GET',
    path: `${C}/get-video-content-for-task`,
    auth: 'enterprise',
    permission: 'task-library',
    request: videoContentForTaskQuery,
    response: paged(videoContentSchema),
  }),
  /** Turns a video into a video task (type 3). */
  addVideoContentTask: defineCall({
    method: 'POST',
    path: `${C}/add-video-content-task`,
    auth: 'enterprise',
    permission: 'content-library',
    request: z.strictObject({ contentId: id(), title: text().trim().min(1).max(200).optional() }),
    response: taskSchema,
  }),
  assignContentUsers: defineCall({
    method: 'POST',
    path: `${C}/assign-content-users`,
    auth: 'enterprise',
    permission: 'content-library',
    request: z.strictObject({ contentIds: idList({ what: 'video' }), userIds: idList({ what: 'member' }) }),
    response: z.object({
      /** New assignments made. */
      assigned: z.number().int(),
      /** Pairs asked for that were already assigned (left as they were). */
      alreadyAssigned: z.number().int(),
    }),
  }),
  assignContentGroupUsers: defineCall({
    method: 'POST',
    path: `${C}/assign-content-group-users`,
    auth: 'enterprise',
    permission: 'content-library',
    request: z.strictObject({ contentIds: idList({ what: 'video' }), groupIds: idList({ what: 'group' }) }),
    response: z.object({
      /** New assignments made. */
      assigned: z.number().int(),
      /**
       * People in the chosen groups now, each once. 0: nobody is in them yet (a course's buyers' group before its
       * first sale), so nothing was assigned now; the groups keep the videos for the people who join them.
       */
      groupMembers: z.number().int(),
    }),
  }),
  /** Members a video is assigned to, with whether they watched it. */
  getMembersByContentId: defineCall({
    method: 'POST',
    path: `${C}/get-members-by-contentid`,
    reads: true,
    auth: 'enterprise',
    permission: 'content-library',
    request: z.strictObject({
      contentId: id(),
      searchQuery: searchText(),
      currentPage: z.number().int().min(1).default(1),
    }),
    response: paged(contentMemberRowSchema),
  }),
  getListOfVideoCategory: defineCall({
    method: 'GET',
    path: `${C}/get-list-of-video-category`,
    auth: 'enterprise',
    permission: 'content-library',
    request: empty(),
    response: z.array(videoCategorySchema),
  }),
  getVideoContent: defineCall({
    method: 'GET',
    path: `${C}/get-video-content`,
    auth: 'enterprise',
    permission: 'content-library',
    request: videoContentQuery,
    response: videoContentListResponseSchema,
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
    response: doActionResponseSchema,
  }),
  submitContentReview: defineCall({
    method: 'POST',
    path: `${A}/submit-content-review`,
    auth: 'enterprise',
    permission: null,
    request: contentReviewSchema,
    response: videoJournalSchema,
  }),
};
