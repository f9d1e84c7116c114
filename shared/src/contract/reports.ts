import { z } from 'zod';
import { TASK_TYPE_VALUES } from '../constants/task-types.ts';
import { languageField } from './auth.ts';
import { API_BASE, defineCall } from './define-call.ts';
import { id, isoDate, optionalQuery, paged, queryInt, searchText } from './envelope.ts';

// An enterprise's reports (spec §2 /enterprise/reports, permission `reports`). Every figure
// covers a range of UTC days, both ends included (the last 30 days when none is given, at most
// REPORT_MAX_DAYS of admin-reports), and the members of one group when the top-bar group filter names one.
const R = `${API_BASE.enterprise}/reports`;

export const MEMBER_REPORT_PAGE_SIZE = 25;
export const MEMBER_REPORT_SORTS = [
  'name',
  'activeDays',
  'tasksAssigned',
  'tasksCompleted',
  'tasksOverdue',
  'videosWatched',
  'lastActive',
] as const;
export type MemberReportSort = (typeof MEMBER_REPORT_SORTS)[number];
/** The report's tables, each exported as its own CSV file. */
export const REPORT_TABLES = ['activity', 'tasks', 'scores', 'surveys', 'members'] as const;
export type ReportTable = (typeof REPORT_TABLES)[number];

const filters = {
  groupId: optionalQuery(id()),
  startDate: optionalQuery(isoDate()),
  endDate: optionalQuery(isoDate()),
};
const inOrder = ({ startDate, endDate }: { startDate?: string | undefined; endDate?: string | undefined }) =>
  !startDate || !endDate || startDate <= endDate;
const REVERSED = { message: 'The start date must not be after the end date', path: ['endDate'] };
const memberQuery = {
  searchInput: optionalQuery(searchText()),
  sortBy: optionalQuery(
    z.enum(MEMBER_REPORT_SORTS, {
      error: `Sort by ${MEMBER_REPORT_SORTS.join(', ')}`,
    }),
  ),
  sortOrder: optionalQuery(z.enum(['asc', 'desc'], { error: 'Sort order is asc or desc' })),
};

const taskTypeField = z.union(TASK_TYPE_VALUES.map((value) => z.literal(value)));

/**
 * Tasks of one type: assigned in the range, completed in the range, and overdue (fell due in the range, before
 * now, and still not completed).
 */
export const taskTypeFiguresSchema = z.object({
  type: taskTypeField,
  assigned: z.number().int(),
  completed: z.number().int(),
  overdue: z.number().int(),
});
export type TaskTypeFigures = z.output<typeof taskTypeFiguresSchema>;

/** Speech measures of the recordings the speech engine heard, means over the recordings. */
const speechMeansShape = {
  /** Recordings heard (done). */
  recordings: z.number().int(),
  /** Mean pronunciation 0-100 of the recordings read against a target text; null when none was. */
  pronunciation: z.number().nullable(),
  /** Mean words per minute, whole words; null without recordings. */
  wordsPerMinute: z.number().nullable(),
  /** Mean fillers per 100 words, one decimal; null without recordings. */
  fillersPer100Words: z.number().nullable(),
};
export const speechMeansSchema = z.object(speechMeansShape);
export type SpeechMeans = z.output<typeof speechMeansSchema>;

/**
 * Scores of the attempts of one type completed in the range. `averageScore` (0-100): the Pronunciation score
 * for type 2, the share of graded questions answered right for type 8 (tasks with an expected answer set),
 * null for types without a score. The speech means come from the attempts' recordings.
 */
export const taskTypeScoresSchema = z.object({
  ...speechMeansShape,
  type: taskTypeField,
  /** Completed attempts with a score (type 2 once heard, type 8 with graded questions). */
  scoredAttempts: z.number().int(),
  averageScore: z.number().nullable(),
});
export type TaskTypeScores = z.output<typeof taskTypeScoresSchema>;

/**
 * A survey open at some time in the range (published before its end, not closed before its start): the members
 * who have it today (assigned directly or through a group, active, within the group filter) and how many of
 * them answered; rate is a whole percentage, null when nobody has it.
 */
export const surveyResponseRateSchema = z.object({
  _id: z.string(),
  title: z.string(),
  status: z.enum(['Active', 'Closed']),
  assigned: z.number().int(),
  responded: z.number().int(),
  rate: z.number().nullable(),
});
export type SurveyResponseRate = z.output<typeof surveyResponseRateSchema>;
/** The most surveys the report lists (the newest published first). */
export const REPORT_MAX_SURVEYS = 50;

export const reportDaySchema = z.object({
  day: z.string(),
  activeMembers: z.number().int(),
  tasksCompleted: z.number().int(),
  videosWatched: z.number().int(),
});
export type ReportDay = z.output<typeof reportDaySchema>;

export const enterpriseReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** Members of the enterprise (or of the group) who had joined by the range's end (invitees on accepting). */
  members: z.number().int(),
  /** Members who signed in or refreshed a session in the range. */
  activeMembers: z.number().int(),
  tasksAssigned: z.number().int(),
  tasksCompleted: z.number().int(),
  tasksOverdue: z.number().int(),
  /** Videos watched past 80 % in the range. */
  videosWatched: z.number().int(),
  /** Every recording of the attempts completed in the range. */
  speech: speechMeansSchema,
  /** Every task type, in type order. */
  tasksByType: z.array(taskTypeFiguresSchema),
  /** The types that can be scored or recorded (2, 4, 5, 6, 8), in type order. */
  scoresByType: z.array(taskTypeScoresSchema),
  surveys: z.array(surveyResponseRateSchema),
  days: z.array(reportDaySchema),
});
export type EnterpriseReport = z.output<typeof enterpriseReportSchema>;

/**
 * One member's figures in the range, for each member who had joined by its end; lastActiveDay is their latest
 * active day up to the range's end (before it when they were not active in it), null when none.
 */
export const memberReportRowSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  activeDays: z.number().int(),
  tasksAssigned: z.number().int(),
  tasksCompleted: z.number().int(),
  tasksOverdue: z.number().int(),
  videosWatched: z.number().int(),
  lastActiveDay: z.string().nullable(),
});
export type MemberReportRow = z.output<typeof memberReportRowSchema>;

/** A table of a report as a CSV file's text; `truncated` says the rows were cut at the export's limit. */
export const csvExportSchema = z.object({
  filename: z.string(),
  csv: z.string(),
  rows: z.number().int(),
  truncated: z.boolean(),
});

export const enterpriseReports = {
  /** The figures, the per-day series and the per-type tables of /enterprise/reports. */
  overview: defineCall({
    method: 'GET',
    path: `${R}/get-enterprise-report`,
    auth: 'enterprise',
    permission: 'reports',
    request: z.strictObject(filters).refine(inOrder, REVERSED),
    response: enterpriseReportSchema,
  }),
  /** A page of the per-member table, searched (name or email) and sorted (name by default). */
  members: defineCall({
    method: 'GET',
    path: `${R}/get-member-report`,
    auth: 'enterprise',
    permission: 'reports',
    request: z
      .strictObject({ ...filters, ...memberQuery, currentPage: optionalQuery(queryInt({ min: 1 })) })
      .refine(inOrder, REVERSED),
    response: paged(memberReportRowSchema).extend({ from: z.string(), to: z.string() }),
  }),
  /**
   * One table of the report as a CSV file's text (cells a spreadsheet would run as a formula are defused);
   * the members table holds every matching member up to USAGE_EXPORT_MAX_ROWS, `truncated` says if cut.
   */
  exportTable: defineCall({
    method: 'POST',
    path: `${R}/export-report`,
    reads: true,
    auth: 'enterprise',
    permission: 'reports',
    request: z
      .strictObject({
        table: z.enum(REPORT_TABLES, { error: `Export one of ${REPORT_TABLES.join(', ')}` }),
        /** The language of the headers and of words in cells (task types, survey states); English by default. */
        language: languageField().optional(),
        ...filters,
        ...memberQuery,
      })
      .refine(inOrder, REVERSED),
    response: csvExportSchema,
  }),
};
