import { z } from 'zod';
import { API_BASE, defineCall } from './define-call.ts';
import { id, optionalQuery, searchText } from './envelope.ts';

/**
 * How many people one picker search shows (the first by name; the picker says so when there may be more, and
 * typing finds the others). A company's groups mostly fit: 8 hid the 9th and 10th group of a first-day institution.
 */
export const ASSIGNABLE_PEOPLE_LIMIT = 20;

/**
 * A group or an active member as the assign pickers list them (email for members, memberCount and invitedCount for
 * groups). A member may be an invitee: what is assigned to them waits for them.
 */
export const assignablePersonSchema = z.object({
  _id: id(),
  name: z.string(),
  email: z.string().nullable(),
  /** A group's members who have joined; an invitee in it counts in `invitedCount` until they accept. */
  memberCount: z.number().int().nullable(),
  /** A group's invitees who have not joined yet (null for a member). */
  invitedCount: z.number().int().min(0).nullable().optional(),
});
export type AssignablePerson = z.infer<typeof assignablePersonSchema>;

const request = z.strictObject({
  kind: z.enum(['groups', 'members'], { error: 'kind is groups or members' }),
  searchInput: optionalQuery(searchText()),
});

/**
 * The assign pickers' own calls: whoever may assign tasks, videos or surveys may find the people to
 * assign them to, without the members or groups permission (which also opens editing people).
 */
export const assignablePeople = {
  forTasks: defineCall({
    method: 'GET',
    path: `${API_BASE.enterprise}/tasks/get-assignable-people`,
    auth: 'enterprise',
    permission: 'task-library',
    request,
    response: z.array(assignablePersonSchema),
  }),
  forContent: defineCall({
    method: 'GET',
    path: `${API_BASE.enterprise}/contentlibrary/get-assignable-people`,
    auth: 'enterprise',
    permission: 'content-library',
    request,
    response: z.array(assignablePersonSchema),
  }),
  /** The survey audience picker. */
  forSurveys: defineCall({
    method: 'GET',
    path: `${API_BASE.enterprise}/surveys/get-assignable-people`,
    auth: 'enterprise',
    permission: 'surveys',
    request,
    response: z.array(assignablePersonSchema),
  }),
};
