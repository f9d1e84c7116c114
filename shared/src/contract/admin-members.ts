import { z } from 'zod';
import { STATUSES } from '../constants/statuses.ts';
import { API_BASE, defineCall } from './define-call.ts';
import { id, paged, searchText } from './envelope.ts';
import { MEMBER_LIST_STATUSES } from './members.ts';

// Members across enterprises (spec §2 /admin/enterprises/members).
const M = `${API_BASE.admin}/members`;

export const ADMIN_MEMBER_PAGE_SIZE = 25;

export const adminMemberSchema = z.object({
  _id: id(),
  name: z.string(),
  email: z.string(),
  enterprise: z.object({ _id: id(), company_name: z.string() }),
  role: z.object({ _id: id(), name: z.string() }),
  status: z.enum(STATUSES),
  lastActiveAt: z.string().nullable(),
  isDefaultAdmin: z.boolean(),
  /** Invited and not signed in yet (the emailed invitation is still open): shown as Invited, not Active. */
  invitePending: z.boolean(),
});
export type AdminMember = z.output<typeof adminMemberSchema>;

export const adminMembers = {
  /** searchInput matches the member's name or email or the enterprise's name. */
  list: defineCall({
    method: 'POST',
    path: `${M}/get-member-list`,
    auth: 'admin',
    permission: null,
    request: z.strictObject({
      searchInput: searchText(),
      enterpriseId: id().optional(),
      /** As the enterprise's own list filters (MEMBER_LIST_STATUSES): Active is joined, Invited not yet. */
      status: z.enum(MEMBER_LIST_STATUSES, { error: 'Status is Active, Invited or Inactive' }).optional(),
      currentPage: z.number({ error: 'Page must be a whole number' }).int().min(1).default(1),
    }),
    response: paged(adminMemberSchema),
  }),
  /** A deactivated member's sessions stop on their next request; an enterprise's default admin stays active. */
  setStatus: defineCall({
    method: 'POST',
    path: `${M}/change-status`,
    auth: 'admin',
    permission: null,
    request: z.strictObject({
      memberId: id(),
      status: z.enum(STATUSES, { error: 'Status is Active or Inactive' }),
    }),
    response: adminMemberSchema,
  }),
};
