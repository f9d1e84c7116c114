import { z } from 'zod';
import { API_BASE, defineCall } from './define-call.ts';
import { id, optionalQuery, paged, queryInt, searchText, text } from './envelope.ts';
import { taskFiguresSchema, videoFiguresSchema } from './general.ts';

// Groups (spec §2 /enterprise/groups, groups/manage/:id?, groups/detail/:id; §3 group).
const G = `${API_BASE.enterprise}/groups`;

export const GROUP_PAGE_SIZE = 10;
/** At most this many members are set on a group in one save (the picker's limit). */
export const GROUP_MEMBERS_MAX = 5000;
/** A group's name, at most (a course's buyers' group is cut to it too). */
export const GROUP_NAME_MAX = 80;

export const groupSummarySchema = z.object({
  _id: id(),
  name: z.string(),
  /** Its members who have joined; an invitee in the group counts in `invitedCount` until they accept. */
  memberCount: z.number().int().min(0),
  /** Its people invited, not joined yet (they get the group's tasks and videos on joining). */
  invitedCount: z.number().int().min(0),
  createdAt: z.string(),
  /**
   * The course whose buyers join this group (its buyers' group, made by the product), by its current name; null for
   * the enterprise's own groups. Such a group's name follows the course's and it cannot be deleted.
   */
  course: z.object({ _id: id(), name: z.string() }).nullable(),
});
export type GroupSummary = z.output<typeof groupSummarySchema>;

export const groupMemberSchema = z.object({ _id: id(), name: z.string(), email: z.string() });
export type GroupMember = z.output<typeof groupMemberSchema>;

export const groupDetailSchema = groupSummarySchema.extend({
  /** Everyone in the group, invitees too: `invitePending` marks who has not accepted the invitation yet. */
  members: z.array(groupMemberSchema.extend({ invitePending: z.boolean() })),
  /** Tasks assigned to the group (its members, including later joiners, get them). */
  tasks: z.array(z.object({ _id: id(), title: z.string(), type: z.number().int() })),
  /**
   * The assignments this group gave: made through a group, of a task the group holds, to someone in it now
   * (not its members' other tasks).
   */
  taskFigures: taskFiguresSchema,
  /** The same for videos: given through the group, and how many of those their members watched. */
  videoFigures: videoFiguresSchema,
});
export type GroupDetail = z.output<typeof groupDetailSchema>;

const groupName = () =>
  text({ error: 'Please enter a group name' })
    .trim()
    .min(1, 'Please enter a group name')
    .max(GROUP_NAME_MAX, `At most ${GROUP_NAME_MAX} characters`);

const memberIds = () =>
  z
    .array(id(), { error: 'Choose the members' })
    .max(GROUP_MEMBERS_MAX, `At most ${GROUP_MEMBERS_MAX} members at once`)
    .transform((ids) => [...new Set(ids)]);

export const groups = {
  list: defineCall({
    method: 'GET',
    path: `${G}/get-groups`,
    auth: 'enterprise',
    permission: 'groups',
    request: z.strictObject({
      searchInput: optionalQuery(searchText()),
      currentPage: optionalQuery(queryInt({ min: 1 })),
      sort_by: optionalQuery(
        z.enum(['name', 'members', 'created'], { error: 'Sort by name, members or created' }),
      ),
      sort_type: optionalQuery(z.enum(['asc', 'desc'], { error: 'Sort asc or desc' })),
    }),
    response: paged(groupSummarySchema),
  }),
  get: defineCall({
    method: 'GET',
    path: `${G}/get-group-by-id`,
    auth: 'enterprise',
    permission: 'groups',
    request: z.strictObject({ groupId: id() }),
    response: groupDetailSchema,
  }),
  add: defineCall({
    method: 'POST',
    path: `${G}/add-group`,
    auth: 'enterprise',
    permission: 'groups',
    request: z.strictObject({ name: groupName(), memberIds: memberIds() }),
    response: groupSummarySchema,
  }),
  edit: defineCall({
    method: 'POST',
    path: `${G}/edit-group`,
    auth: 'enterprise',
    permission: 'groups',
    request: z.strictObject({ groupId: id(), name: groupName(), memberIds: memberIds() }),
    response: groupSummarySchema,
  }),
  remove: defineCall({
    method: 'POST',
    path: `${G}/delete-group`,
    auth: 'enterprise',
    permission: 'groups',
    request: z.strictObject({ groupId: id() }),
    response: z.object({ _id: id() }),
  }),
};
