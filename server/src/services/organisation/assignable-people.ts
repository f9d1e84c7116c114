import { ASSIGNABLE_PEOPLE_LIMIT, type AssignablePerson } from '@coach/shared/contract/assignable-people';
import type { ServiceContext } from '../context.ts';
import { listGroups } from './groups.ts';
import { listMembers } from './members.ts';

/**
 * The assign pickers' search: the enterprise's groups (their invitees counted apart), or its active members by name
 * (first few), the invitees among them: what is assigned to an invitee waits for them.
 */
export const assignablePeople = async (
  ctx: ServiceContext,
  { kind, searchInput }: { kind: 'groups' | 'members'; searchInput?: string | undefined },
): Promise<AssignablePerson[]> => {
  if (kind === 'groups') {
    const page = await listGroups(ctx, {
      searchInput,
      currentPage: 1,
      sort_by: 'name',
      sort_type: 'asc',
      limit: ASSIGNABLE_PEOPLE_LIMIT,
    });
    return page.listdata.map(({ _id, name, memberCount, invitedCount }) => ({
      _id,
      name,
      email: null,
      memberCount,
      invitedCount,
    }));
  }
  const page = await listMembers(ctx, {
    searchInput,
    limit: ASSIGNABLE_PEOPLE_LIMIT,
    sort_by: 'name',
    sort_type: 'asc',
    status: ['Active', 'Invited'],
  });
  return page.listdata.map(({ _id, name, email }) => ({
    _id,
    name,
    email,
    memberCount: null,
    invitedCount: null,
  }));
};
