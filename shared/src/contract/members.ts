import { z } from 'zod';
import { STATUSES } from '../constants/statuses.ts';
import { API_BASE, defineCall } from './define-call.ts';
import { id, optionalQuery, paged, queryInt, searchText } from './envelope.ts';

// Members (issue 3, spec §2 /enterprise/members, §3 enterprise user, §9 status list).
const M = `${API_BASE.enterprise}/members`;

export const MEMBER_PAGE_SIZE = 25;
export const MEMBER_SORTS = ['name', 'email', 'status', 'last_active'] as const;

export const memberSchema = z.object({
  _id: id(),
  name: z.string(),
  email: z.string(),
  role: z.object({ _id: id(), name: z.string() }),
  groups: z.array(z.object({ _id: id(), name: z.string() })),
  status: z.enum(STATUSES),
  lastActiveAt: z.string().nullable(),
  isDefaultAdmin: z.boolean(),
});
export type Member = z.output<typeof memberSchema>;

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
      status: optionalQuery(z.enum(STATUSES, { error: 'Status is Active or Inactive' })),
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
      groupIds: z
        .array(id(), { error: 'Choose the groups' })
        .max(500, 'At most 500 groups')
        .transform((ids) => [...new Set(ids)]),
    }),
    response: memberSchema,
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
