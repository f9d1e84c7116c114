import { z } from 'zod';
import { STATUSES } from '../constants/statuses.ts';
import { emailField } from './auth.ts';
import { API_BASE, defineCall } from './define-call.ts';
import { id, optionalQuery, paged, queryInt, searchText, text } from './envelope.ts';
import { taskFiguresSchema, videoFiguresSchema } from './general.ts';
import { fileField } from './uploads.ts';

// Members (spec §2 /enterprise/members, §3 enterprise user, §9 status list).
const M = `${API_BASE.enterprise}/members`;

export const MEMBER_PAGE_SIZE = 25;
export const MEMBER_SORTS = ['name', 'email', 'status', 'last_active'] as const;
/**
 * The list's status filter: the spec's statuses (§9) plus Invited, as the screens show a member's one status.
 * Active: active and joined; Invited: active, the emailed invitation not yet accepted; Inactive: deactivated,
 * joined or not (an invitee who cannot sign in either way).
 */
export const MEMBER_LIST_STATUSES = [...STATUSES, 'Invited'] as const;
export type MemberListStatus = (typeof MEMBER_LIST_STATUSES)[number];

export const memberSchema = z.object({
  _id: id(),
  name: z.string(),
  email: z.string(),
  role: z.object({ _id: id(), name: z.string() }),
  groups: z.array(z.object({ _id: id(), name: z.string() })),
  status: z.enum(STATUSES),
  lastActiveAt: z.string().nullable(),
  isDefaultAdmin: z.boolean(),
  /** Invited and has not yet chosen a password through the emailed link. */
  invitePending: z.boolean(),
});
export type Member = z.output<typeof memberSchema>;

const groupIdsField = () =>
  z
    .array(id(), { error: 'Choose the groups' })
    .max(500, 'At most 500 groups')
    .transform((ids) => [...new Set(ids)]);

/** Columns of the member CSV, in this order; groups are separated by semicolons. */
export const MEMBER_CSV_COLUMNS = ['name', 'email', 'role', 'groups'] as const;
export const MEMBER_CSV_MAX_ROWS = 1000;

/** One row the import refused: row is the 1-based line of the file (the header is line 1). */
export const importRowError = z.object({ row: z.number().int(), field: z.string(), message: z.string() });
export type ImportRowError = z.infer<typeof importRowError>;

export const memberDetailSchema = memberSchema.extend({
  mobile: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  createdAt: z.string(),
  /**
   * When the member joined: an invited member on accepting the invitation, anyone else when the account was made;
   * null while the invitation is pending (the screens say "Invited" then, never "Joined").
   */
  joinedAt: z.string().nullable(),
  /** When the member was invited; null for a member who was never invited (self sign-up, SSO, SCIM...). */
  invitedAt: z.string().nullable(),
  /** Days with activity in each of the last 12 weeks, oldest first (week: ISO date of its Monday). */
  activity: z.array(z.object({ week: z.string(), activeDays: z.number().int() })),
  tasks: taskFiguresSchema,
  videos: videoFiguresSchema,
});
export type MemberDetail = z.output<typeof memberDetailSchema>;

/** How far back a member's speaking trend looks, in days (today included). */
export const SPEECH_TREND_DAYS = 90;

/**
 * One day of a member's speaking trend: the figures of that day's recordings the speech engine heard
 * (status done; pending, failed and no-speech recordings are left out). One point a day keeps the chart readable
 * when a Pronunciation task brings many recordings at once.
 */
export const speechTrendPointSchema = z.object({
  /** The day the recordings were saved, YYYY-MM-DD in UTC. */
  date: z.string(),
  /** How many recordings were heard that day. */
  recordings: z.number().int().min(1),
  /**
   * Pace in words per minute, whole words, over the day's recordings long enough for a pace (MIN_WORDS_FOR_PACE
   * words or more, as each recording's own verdict), their words over their speaking time; null when none was.
   */
  wordsPerMinute: z.number().min(0).nullable(),
  /** Fillers per 100 heard words of those same recordings, to one decimal; null when none was long enough. */
  fillersPer100Words: z.number().min(0).nullable(),
  /** Mean pronunciation score (0-100) of the day's recordings that had a target text; null when none had. */
  pronunciation: z.number().min(0).max(100).nullable(),
});
export type SpeechTrendPoint = z.output<typeof speechTrendPointSchema>;

export const members = {
  list: defineCall({
    method: 'GET',
    path: `${M}/get-members`,
    auth: 'enterprise',
    permission: 'members',
    request: z.strictObject({
      searchInput: optionalQuery(searchText()),
      currentPage: optionalQuery(queryInt({ min: 1 })),
      limit: optionalQuery(queryInt({ min: 1, max: 100 })),
      sort_by: optionalQuery(z.enum(MEMBER_SORTS, { error: 'Sort by name, email, status or last_active' })),
      sort_type: optionalQuery(z.enum(['asc', 'desc'], { error: 'Sort asc or desc' })),
      /** The top-bar group filter (spec §2): only members of this group. */
      selected_group: optionalQuery(id()),
      /**
       * Active lists the members who joined (not the invitees), Invited the invitees, Inactive the deactivated
       * (MEMBER_LIST_STATUSES); none lists everyone. zod's own message names the three values.
       */
      status: optionalQuery(z.enum(MEMBER_LIST_STATUSES)),
    }),
    response: paged(memberSchema),
  }),
  /** Role and groups of one member (replaces the member's group set). */
  update: defineCall({
    method: 'POST',
    path: `${M}/update-member`,
    auth: 'enterprise',
    permission: 'members',
    request: z.strictObject({
      memberId: id(),
      roleId: id(),
      groupIds: groupIdsField(),
    }),
    response: memberSchema,
  }),
  /** /enterprise/member/detail/{id}: profile, groups, tasks and content counts, activity over time. */
  get: defineCall({
    method: 'GET',
    path: `${M}/get-member-by-id`,
    auth: 'enterprise',
    permission: 'members',
    request: z.strictObject({ memberId: id() }),
    response: memberDetailSchema,
  }),
  /**
   * The member's speaking trend for the member page's chart: one point per day with heard recordings
   * over the last SPEECH_TREND_DAYS days, oldest first. Another enterprise's member is 404.
   */
  speechTrend: defineCall({
    method: 'GET',
    path: `${M}/get-member-speech-trend`,
    auth: 'enterprise',
    permission: 'members',
    request: z.strictObject({ memberId: id() }),
    response: z.object({ days: z.number().int(), points: z.array(speechTrendPointSchema) }),
  }),
  /** Creates the member and emails a link to choose a password (valid 7 days). */
  invite: defineCall({
    method: 'POST',
    path: `${M}/invite-member`,
    auth: 'enterprise',
    permission: 'members',
    request: z.strictObject({
      name: text().trim().min(1, 'Please enter the name').max(100, 'At most 100 characters'),
      email: emailField,
      roleId: id(),
      groupIds: groupIdsField().default([]),
    }),
    response: memberSchema,
  }),
  /** Sends a fresh invitation link; earlier links stop working. */
  resendInvite: defineCall({
    method: 'POST',
    path: `${M}/resend-invite`,
    auth: 'enterprise',
    permission: 'members',
    request: z.strictObject({ memberId: id() }),
    response: z.object({ _id: id() }),
  }),
  /**
   * Many members from a CSV file (columns of MEMBER_CSV_COLUMNS). Every good row is imported whole (member,
   * groups and invitation) in one transaction; every bad row is reported and nothing of it is kept.
   */
  importCsv: defineCall({
    method: 'POST',
    path: `${M}/import-members`,
    auth: 'enterprise',
    permission: 'members',
    multipart: true,
    request: z.strictObject({ file: fileField() }),
    response: z.object({
      imported: z.array(z.object({ row: z.number().int(), email: z.string() })),
      errors: z.array(importRowError),
    }),
  }),
  /** Activate or deactivate; a deactivated member's sessions stop on their next request. */
  changeStatus: defineCall({
    method: 'POST',
    path: `${M}/change-status`,
    auth: 'enterprise',
    permission: 'members',
    request: z.strictObject({
      memberId: id(),
      status: z.enum(STATUSES, { error: 'Status is Active or Inactive' }),
    }),
    response: memberSchema,
  }),
  remove: defineCall({
    method: 'POST',
    path: `${M}/delete-member`,
    auth: 'enterprise',
    permission: 'members',
    request: z.strictObject({ memberId: id() }),
    response: z.object({ _id: id() }),
  }),
};
