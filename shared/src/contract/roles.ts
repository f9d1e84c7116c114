import { z } from 'zod';
import { PERMISSION_KEYS } from '../permissions.ts';
import { API_BASE, defineCall } from './define-call.ts';
import { id, optionalQuery, paged, queryInt, searchText, text } from './envelope.ts';

// Roles (spec §2 /enterprise/roles, §6 permission keys). The spec names no paths for them;
// these follow its enterprise convention (area prefix, verb-noun names, POST for writes).
const R = `${API_BASE.enterprise}/roles`;

export const ROLE_PAGE_SIZE = 10;
export const ROLE_SORTS = ['name', 'members'] as const;

export const roleSchema = z.object({
  _id: id(),
  name: z.string(),
  permissions: z.array(z.enum(PERMISSION_KEYS)),
  /** How many members who have joined hold the role. A role held by anyone, invitees too, cannot be deleted. */
  memberCount: z.number().int().min(0),
  /** How many people invited, not joined yet, hold the role (they get it on accepting). */
  invitedCount: z.number().int().min(0),
  /** The role the default admin holds: every permission, cannot lose one or be deleted. */
  isDefaultAdminRole: z.boolean(),
});
export type Role = z.output<typeof roleSchema>;

const roleName = () =>
  text({ error: 'Please enter a role name' })
    .trim()
    .min(1, 'Please enter a role name')
    .max(60, 'At most 60 characters');

const permissionList = () =>
  z
    .array(z.enum(PERMISSION_KEYS, { error: 'Unknown permission key' }), { error: 'Choose the permissions' })
    .max(PERMISSION_KEYS.length)
    .transform((keys) => PERMISSION_KEYS.filter((key) => keys.includes(key)));

/**
 * How many permissions a role gives, as the role options count them: the keys this build knows, and every key for
 * a role with none, which has no limits (spec §6: an empty list is not blocked), so it is never the narrowest.
 */
export const permissionCountOf = (permissions: readonly string[]): number =>
  permissions.length === 0
    ? PERMISSION_KEYS.length
    : permissions.filter((key) => (PERMISSION_KEYS as readonly string[]).includes(key)).length;

/**
 * The role an invitation starts from, and a CSV row with an empty role cell gets: of the roles the caller may give,
 * the one giving the fewest permissions (a new company's Learner), the first in the given order (by name) on a tie.
 * An invitation sent without a second look should give too little rather than everything. Undefined when the caller
 * may give none.
 */
export const narrowestGrantableRole = <R extends { grantable: boolean; permissionCount: number }>(
  options: readonly R[],
): R | undefined =>
  options
    .filter((role) => role.grantable)
    .reduce<R | undefined>(
      (best, role) => (!best || role.permissionCount < best.permissionCount ? role : best),
      undefined,
    );

export const roles = {
  list: defineCall({
    method: 'GET',
    path: `${R}/get-roles`,
    auth: 'enterprise',
    permission: 'roles',
    request: z.strictObject({
      searchInput: optionalQuery(searchText()),
      currentPage: optionalQuery(queryInt({ min: 1 })),
      sort_by: optionalQuery(z.enum(ROLE_SORTS, { error: 'Sort by name or members' })),
      sort_type: optionalQuery(z.enum(['asc', 'desc'], { error: 'Sort asc or desc' })),
    }),
    response: paged(roleSchema),
  }),
  /**
   * Every role's id and name, for the role picker on member forms (no paging: roles are few). `grantable`: whether
   * the caller may give it, and so act on (edit, deactivate, delete) a member holding it; the server enforces both.
   * `permissionCount`: how many permissions it gives (permissionCountOf), so an invitation can start from the
   * narrowest role (narrowestGrantableRole).
   */
  options: defineCall({
    method: 'GET',
    path: `${R}/get-role-options`,
    auth: 'enterprise',
    permission: 'members',
    request: z.strictObject({}),
    response: z.array(
      z.object({
        _id: id(),
        name: z.string(),
        grantable: z.boolean(),
        permissionCount: z.number().int().min(0),
      }),
    ),
  }),
  add: defineCall({
    method: 'POST',
    path: `${R}/add-role`,
    auth: 'enterprise',
    permission: 'roles',
    request: z.strictObject({ name: roleName(), permissions: permissionList() }),
    response: roleSchema,
  }),
  edit: defineCall({
    method: 'POST',
    path: `${R}/edit-role`,
    auth: 'enterprise',
    permission: 'roles',
    request: z.strictObject({ roleId: id(), name: roleName(), permissions: permissionList() }),
    response: roleSchema,
  }),
  remove: defineCall({
    method: 'POST',
    path: `${R}/delete-role`,
    auth: 'enterprise',
    permission: 'roles',
    request: z.strictObject({ roleId: id() }),
    response: z.object({ _id: id() }),
  }),
};
