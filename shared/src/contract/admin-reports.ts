import { z } from 'zod';
import { TASK_TYPE_VALUES } from '../constants/task-types.ts';
import { languageField } from './auth.ts';
import { API_BASE, defineCall } from './define-call.ts';
import { id, isoDate, optionalQuery, paged, searchText } from './envelope.ts';
import { csvExportSchema } from './reports.ts';

// The platform admin's reports (spec §2 /admin/reports/all-members-usage, app-user-counts,
// feature-usage) and an enterprise's usage on its detail page. Dates are UTC days, both ends included;
// without dates a report covers the last 30 days.
const A = API_BASE.admin;

export const USAGE_PAGE_SIZE = 25;
/** The CSV export holds at most this many members; the screen says so when a filter matches more. */
export const USAGE_EXPORT_MAX_ROWS = 50_000;
export const REPORT_DEFAULT_DAYS = 30;
/** The longest range a report covers at once. */
export const REPORT_MAX_DAYS = 366;
/** The client platforms counted (the X-Client-Platform header; anything else, or none, is web). */
export const CLIENT_PLATFORMS = ['web', 'ios', 'android'] as const;
export type ClientPlatform = (typeof CLIENT_PLATFORMS)[number];

const range = {
  enterpriseId: optionalQuery(id()),
  startDate: optionalQuery(isoDate()),
  endDate: optionalQuery(isoDate()),
};
/** A date range, optionally one enterprise's. */
export const reportRange = z
  .strictObject(range)
  .refine(({ startDate, endDate }) => !startDate || !endDate || startDate <= endDate, {
    message: 'The start date must not be after the end date',
    path: ['endDate'],
  });

const count = () => z.number().int();
/** A count per client platform. */
const platformCounts = { web: count(), ios: count(), android: count() } satisfies Record<
  ClientPlatform,
  z.ZodType
>;

/**
 * One member's use of the product in the range. minutesPractised: the time choice (5, 10, 15 or 30 minutes)
 * of each task the member completed in the range, the time the task is designed to take.
 */
export const memberUsageSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  enterpriseId: z.string(),
  enterpriseName: z.string(),
  tasksCompleted: count(),
  minutesPractised: count(),
  videosWatched: count(),
  /** The last day the member signed in or refreshed a session (any time, not only in the range). */
  lastActiveDay: z.string().nullable(),
});
export type MemberUsage = z.output<typeof memberUsageSchema>;

/** Counts of one day of the dashboard's chart. */
export const usageDaySchema = z.object({
  day: z.string(),
  activeLearners: count(),
  tasksCompleted: count(),
  videosWatched: count(),
});
export type UsageDay = z.output<typeof usageDaySchema>;

export const adminDashboardSchema = z.object({
  from: z.string(),
  to: z.string(),
  enterprises: count(),
  members: count(),
  activeLearners: count(),
  tasksCompleted: count(),
  videosWatched: count(),
  days: z.array(usageDaySchema),
});
export type AdminDashboard = z.output<typeof adminDashboardSchema>;

export const enterpriseUsageSchema = z.object({
  from: z.string(),
  to: z.string(),
  members: count(),
  activeMembers: count(),
  activeLearners: count(),
  tasksCompleted: count(),
  minutesPractised: count(),
  videosWatched: count(),
  lastActiveDay: z.string().nullable(),
});
export type EnterpriseUsage = z.output<typeof enterpriseUsageSchema>;

export const appUserCountsSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** Distinct members active in the range, per platform. */
  totals: z.object(platformCounts),
  days: z.array(z.object({ day: z.string(), ...platformCounts })),
  enterprises: z.array(
    z.object({ enterpriseId: z.string(), enterpriseName: z.string(), total: count(), ...platformCounts }),
  ),
});
export type AppUserCounts = z.output<typeof appUserCountsSchema>;

export const featureUsageSchema = z.object({
  from: z.string(),
  to: z.string(),
  tasksCompletedByType: z.array(
    z.object({ type: z.union(TASK_TYPE_VALUES.map((value) => z.literal(value))), completed: count() }),
  ),
  videosWatched: count(),
  videosLiked: count(),
  journalEntries: count(),
  courseEnrolments: count(),
  enterprises: z.array(
    z.object({
      enterpriseId: z.string(),
      enterpriseName: z.string(),
      tasksCompleted: count(),
      videosWatched: count(),
      courseEnrolments: count(),
    }),
  ),
});
export type FeatureUsage = z.output<typeof featureUsageSchema>;

export const adminReports = {
  allMembersUsage: defineCall({
    method: 'POST',
    path: `${A}/reports/get-all-members-usage`,
    auth: 'admin',
    permission: null,
    request: z
      .strictObject({
        ...range,
        searchInput: searchText(),
        currentPage: z.number({ error: 'Page must be a whole number' }).int().min(1).default(1),
      })
      .refine(({ startDate, endDate }) => !startDate || !endDate || startDate <= endDate, {
        message: 'The start date must not be after the end date',
        path: ['endDate'],
      }),
    response: paged(memberUsageSchema).extend({ from: z.string(), to: z.string() }),
  }),
  /** The same rows as a CSV file's text (at most USAGE_EXPORT_MAX_ROWS members, `truncated` says if cut). */
  exportAllMembersUsage: defineCall({
    method: 'POST',
    path: `${A}/reports/export-all-members-usage`,
    auth: 'admin',
    permission: null,
    request: z
      .strictObject({
        ...range,
        searchInput: searchText(),
        /** The language of the headers; English by default. */
        language: languageField().optional(),
      })
      .refine(({ startDate, endDate }) => !startDate || !endDate || startDate <= endDate, {
        message: 'The start date must not be after the end date',
        path: ['endDate'],
      }),
    response: csvExportSchema,
  }),
  appUserCounts: defineCall({
    method: 'POST',
    path: `${A}/reports/get-app-user-counts`,
    auth: 'admin',
    permission: null,
    request: reportRange,
    response: appUserCountsSchema,
  }),
  featureUsage: defineCall({
    method: 'POST',
    path: `${A}/reports/get-feature-usage`,
    auth: 'admin',
    permission: null,
    request: reportRange,
    response: featureUsageSchema,
  }),
  /** The usage section of /admin/enterprise/detail/{id}: the last 30 days unless dates are given. */
  enterpriseUsage: defineCall({
    method: 'GET',
    path: `${A}/enterprise/get-enterprise-usage`,
    auth: 'admin',
    permission: null,
    request: z.strictObject({
      enterpriseId: id(),
      startDate: optionalQuery(isoDate()),
      endDate: optionalQuery(isoDate()),
    }),
    response: enterpriseUsageSchema,
  }),
};
