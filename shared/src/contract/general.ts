import { z } from 'zod';
import { ISSUE_TOPICS } from '../constants/issue-topics.ts';
import { UPLOAD_CACHE_MAX_AGE_SECONDS } from '../constants/timing.ts';
import { enterpriseUserSchema, themeSettingsSchema } from './auth.ts';
import { API_BASE, defineCall } from './define-call.ts';
import { empty, fileUrlField, id, isoDate, optionalQuery, text } from './envelope.ts';

// ---------------------------------------------------------------------------------------------
// Signed uploads (spec §7): the browser PUTs the file to the answered address
// ---------------------------------------------------------------------------------------------

/** What an upload is for; the server picks the allowed types and size limit from it. */
export const UPLOAD_PURPOSES = [
  'avatar',
  'logo',
  'task-attachment',
  'task-recording',
  'content-video',
  'content-thumbnail',
  'content-subtitle',
  'course-image',
] as const;
export type UploadPurpose = (typeof UPLOAD_PURPOSES)[number];

/**
 * Body of put-signed-request-for-upload-to-s3. fileName only gives the extension: the stored name is the
 * server's. fileSize is in bytes.
 */
export const signedUploadRequest = z.strictObject({
  purpose: z.enum(UPLOAD_PURPOSES, { error: 'Unknown upload purpose' }),
  fileName: text().trim().min(1, 'File name is required').max(255),
  fileType: text()
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9.+-]+\/[a-z0-9.+-]+$/, 'fileType must be a MIME type'),
  fileSize: z.number().int().min(1, 'The file is empty').max(1_073_741_824, 'The file is too large'),
});

/**
 * The signed address: PUT the bytes to uploadUrl with exactly these headers (Content-Type, and
 * Cache-Control max-age 2592000 / public-read per spec §7), then send fileUrl to the call that uses it.
 */
export const signedUploadResponse = z.object({
  uploadUrl: z.string(),
  method: z.literal('PUT'),
  headers: z.record(z.string(), z.string()),
  fileUrl: fileUrlField(),
  key: z.string(),
  expiresInSeconds: z.number().int(),
});
export type SignedUpload = z.infer<typeof signedUploadResponse>;

/**
 * general/storage-usage: the enterprise's stored bytes against its quota. `reservedBytes` are
 * addresses signed in the last 15 minutes whose files have not arrived: they count against the quota too.
 */
export const storageUsageSchema = z.object({
  usedBytes: z.number().int(),
  reservedBytes: z.number().int(),
  quotaBytes: z.number().int(),
});
export type StorageUsage = z.infer<typeof storageUsageSchema>;

/** The Cache-Control header every uploaded file is stored with (spec §7). */
export const UPLOAD_CACHE_CONTROL = `public, max-age=${UPLOAD_CACHE_MAX_AGE_SECONDS}`;

/** Body of general/auth/updateprofileimage (enterprise and admin). */
export const updateProfileImageRequest = z.strictObject({ avatarUrl: fileUrlField().nullable() });

/** The top-bar group filter and a date range (spec §7: my-dashboard's query string is built from an object). */
export const dashboardQuery = z
  .strictObject({
    groupId: optionalQuery(id()),
    startDate: optionalQuery(isoDate()),
    endDate: optionalQuery(isoDate()),
  })
  .refine(({ startDate, endDate }) => !startDate || !endDate || startDate <= endDate, {
    message: 'The start date must not be after the end date',
    path: ['endDate'],
  });

/** The longest range the dashboard answers for at once. */
export const DASHBOARD_MAX_DAYS = 366;

/** general/my-dashboard: people and their activity for the range (and group) asked. */
/** Task assignments of an enterprise, a group or a member (shown on the members and groups screens). */
export const taskFiguresSchema = z.object({
  assigned: z.number().int(),
  inProgress: z.number().int(),
  /** Completed (on the dashboard: completed within the range). */
  completed: z.number().int(),
  /** Past the due date and not completed. */
  overdue: z.number().int(),
  /** Completed, waiting for a reviewer. */
  pendingReview: z.number().int(),
});
export type TaskFigures = z.infer<typeof taskFiguresSchema>;

/** Videos of the content library assigned to, and watched by, an enterprise, a group or a member. */
export const videoFiguresSchema = z.object({
  assigned: z.number().int(),
  /** Viewed past 80 % (on the dashboard: within the range). */
  watched: z.number().int(),
});
export type VideoFigures = z.infer<typeof videoFiguresSchema>;

/**
 * A new company's first steps (the dashboard's Getting started card), each true once done: for the whole enterprise,
 * whatever range or group was asked.
 */
export const setupStepsSchema = z.object({
  /** Someone besides the default admin (the owner) is a member or has been invited. */
  people: z.boolean(),
  /** The enterprise has a group. */
  group: z.boolean(),
  /** One of the enterprise's tasks is assigned to a member or a group. */
  taskAssigned: z.boolean(),
  /** A logo is set or a theme colour differs from the defaults. */
  branded: z.boolean(),
});
export type SetupSteps = z.infer<typeof setupStepsSchema>;

export const enterpriseDashboardSchema = z.object({
  range: z.object({ startDate: z.string(), endDate: z.string() }),
  members: z.object({
    /** Members who have joined: people whose invitation is still pending are not members yet (`invited`). */
    total: z.number().int(),
    /** People invited who have not accepted yet (today, whatever the range). */
    invited: z.number().int(),
    /** Members with a sign-in or refresh in the range. */
    active: z.number().int(),
    /** Members who joined in the range: accepted their invitation, or had their account made, in it. */
    joined: z.number().int(),
  }),
  groups: z.number().int(),
  tasks: taskFiguresSchema,
  videos: videoFiguresSchema,
  /** One entry per day of the range, oldest first. */
  activity: z.array(z.object({ day: z.string(), activeMembers: z.number().int() })),
  /** Which first steps the company has taken (optional: an older server leaves it out and no card shows). */
  setup: setupStepsSchema.optional(),
});
export type EnterpriseDashboard = z.infer<typeof enterpriseDashboardSchema>;

// ---------------------------------------------------------------------------------------------
// Calls (spec §7, enterprise general/*)
// ---------------------------------------------------------------------------------------------

const G = `${API_BASE.enterprise}/general`;

/** Enterprise general/* calls beyond auth.ts (spec §7). */
export const enterpriseGeneral = {
  /** Company name, address, logo: the admin role with the company-info feature (spec §2, §6). */
  updateCompanyInfo: defineCall({
    method: 'POST',
    path: `${G}/auth/updatecompanyinfo`,
    auth: 'enterprise',
    permission: null,
    adminRoleOnly: true,
    feature: 'enableCompanyInfoFeature',
    request: z.strictObject({
      company_name: text().trim().min(1, 'Please enter the company name').max(200),
      address: text().trim().max(500).nullable().optional(),
      enterprise_logo: fileUrlField().nullable().optional(),
    }),
    response: enterpriseUserSchema,
  }),
  updateProfileImage: defineCall({
    method: 'POST',
    path: `${G}/auth/updateprofileimage`,
    auth: 'enterprise',
    permission: null,
    request: updateProfileImageRequest,
    response: enterpriseUserSchema,
  }),
  /** The six colours of spec §3 and the logo: Settings, role named admin (spec §6). */
  updateThemeSettings: defineCall({
    method: 'POST',
    path: `${G}/auth/updatethemesettings`,
    auth: 'enterprise',
    permission: null,
    adminRoleOnly: true,
    request: z.strictObject({
      themeSettings: themeSettingsSchema.strict(),
      enterprise_logo: fileUrlField().nullable().optional(),
    }),
    response: enterpriseUserSchema,
  }),
  /** A message to support from /enterprise/help, sent through the mail transport. */
  helpEmail: defineCall({
    method: 'POST',
    path: `${G}/help-email`,
    auth: 'enterprise',
    permission: null,
    request: z.strictObject({
      topic: z.enum(ISSUE_TOPICS).optional(),
      subject: text().trim().min(1, 'Please enter a subject').max(200),
      message: text().trim().min(1, 'Please enter a message').max(5000),
    }),
    response: z.object({}),
  }),
  putSignedRequestForUpload: defineCall({
    method: 'POST',
    path: `${G}/put-signed-request-for-upload-to-s3`,
    auth: 'enterprise',
    permission: null,
    request: signedUploadRequest,
    response: signedUploadResponse,
  }),
  /** Storage used against the quota, shown in Settings (role named admin, as the other Settings calls). */
  storageUsage: defineCall({
    method: 'GET',
    path: `${G}/storage-usage`,
    auth: 'enterprise',
    permission: null,
    adminRoleOnly: true,
    request: empty(),
    response: storageUsageSchema,
  }),
  /** The task variant: attachments and learners' recordings, tied to a task the caller can see. */
  putSignedRequestForTaskUpload: defineCall({
    method: 'POST',
    path: `${G}/put-signed-request-for-upload-to-s3-task`,
    auth: 'enterprise',
    permission: null,
    request: signedUploadRequest.extend({ taskId: id().optional() }),
    response: signedUploadResponse,
  }),
  myDashboard: defineCall({
    method: 'GET',
    path: `${G}/my-dashboard`,
    auth: 'enterprise',
    permission: 'dashboard',
    request: dashboardQuery,
    response: enterpriseDashboardSchema,
  }),
};
