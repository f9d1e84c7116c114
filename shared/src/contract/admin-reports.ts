import { z } from 'zod';
import type { TaskType } from '../constants/task-types.ts';
import { API_BASE, defineCall } from './define-call.ts';
import { id, isoDate, optionalQuery, type Paged, searchText, shaped } from './envelope.ts';

// Issue 7: the platform admin's reports (spec §2 /admin/reports/all-members-usage, app-user-counts,
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

/**
 * One member's use of the product in the range. minutesPractised: the time choice (5, 10, 15 or 30 minutes)
 * of each task the member completed in the range, the time the task is designed to take.
 */
export type MemberUsage = {
  _id: string;
  name: string;
  email: string;
  enterpriseId: string;
  enterpriseName: string;
  tasksCompleted: number;
  minutesPractised: number;
  videosWatched: number;
  /** The last day the member signed in or refreshed a session (any time, not only in the range). */
  lastActiveDay: string | null;
};

/** Counts of one day of the dashboard's chart. */
export type UsageDay = { day: string; activeLearners: number; tasksCompleted: number; videosWatched: number };

export type AdminDashboard = {
  from: string;
  to: string;
  enterprises: number;
  members: number;
  activeLearners: number;
  tasksCompleted: number;
  videosWatched: number;
  days: UsageDay[];
};

export type EnterpriseUsage = {
  from: string;
  to: string;
  members: number;
  activeMembers: number;
  activeLearners: number;
  tasksCompleted: number;
  minutesPractised: number;
  videosWatched: number;
  lastActiveDay: string | null;
};

export type AppUserCounts = {
  from: string;
  to: string;
  /** Distinct members active in the range, per platform. */
  totals: Record<ClientPlatform, number>;
  days: ({ day: string } & Record<ClientPlatform, number>)[];
  enterprises: ({ enterpriseId: string; enterpriseName: string; total: number } & Record<
    ClientPlatform,
    number
  >)[];
};

export type FeatureUsage = {
  from: string;
  to: string;
  tasksCompletedByType: { type: TaskType; completed: number }[];
  videosWatched: number;
  videosLiked: number;
  journalEntries: number;
  courseEnrolments: number;
  enterprises: {
    enterpriseId: string;
    enterpriseName: string;
    tasksCompleted: number;
    videosWatched: number;
    courseEnrolments: number;
  }[];
};

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
    response: shaped<Paged<MemberUsage> & { from: string; to: string }>(),
  }),
  /** The same rows as a CSV file's text (at most USAGE_EXPORT_MAX_ROWS members, `truncated` says if cut). */
  exportAllMembersUsage: defineCall({
    method: 'POST',
    path: `${A}/reports/export-all-members-usage`,
    auth: 'admin',
    permission: null,
    request: z
      .strictObject({ ...range, searchInput: searchText() })
      .refine(({ startDate, endDate }) => !startDate || !endDate || startDate <= endDate, {
        message: 'The start date must not be after the end date',
        path: ['endDate'],
      }),
    response: shaped<{ filename: string; csv: string; rows: number; truncated: boolean }>(),
  }),
  appUserCounts: defineCall({
    method: 'POST',
    path: `${A}/reports/get-app-user-counts`,
    auth: 'admin',
    permission: null,
    request: reportRange,
    response: shaped<AppUserCounts>(),
  }),
  featureUsage: defineCall({
    method: 'POST',
    path: `${A}/reports/get-feature-usage`,
    auth: 'admin',
    permission: null,
    request: reportRange,
    response: shaped<FeatureUsage>(),
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
    response: shaped<EnterpriseUsage>(),
  }),
};
