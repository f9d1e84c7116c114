import type { enterpriseAuth } from '@coach/shared/contract/auth';
import type { ParsedRequestOf } from '@coach/shared/contract/define-call';
import { hasPermission } from '@coach/shared/permissions';
import { sql } from 'kysely';
import { KeptUnderSignal } from '../../session/cache.ts';
import { enterpriseSession } from '../../session/session.ts';
import type { ServiceContext } from '../context.ts';

const PAGE_SIZE = 10;

type GroupPage = {
  currentPage: number;
  totalPages: number;
  totalCount: number;
  listdata: { _id: string; name: string }[];
};

/**
 * Pages of the group list kept per enterprise, viewer, search and page: every screen's top bar asks for
 * it, and its two queries were most of the call. Kept under the session signal, whose tables include `groups` and
 * `group_members` (a role's permissions, which decide whether the viewer sees every group, are in it already), so a
 * new, renamed or deleted group or a membership change shows on the next call, whichever process made it.
 */
const keptGroupPages = new KeptUnderSignal<GroupPage>(5_000, 30_000);

export const userGroups = async (
  ctx: ServiceContext,
  { searchQuery, currentPage }: ParsedRequestOf<typeof enterpriseAuth.userGroups>,
): Promise<GroupPage> => {
  const s = enterpriseSession(ctx);
  const seesAll = hasPermission({
    permissions: s.permissions,
    isDefaultAdmin: s.user.is_default_admin === 1,
    key: 'groups',
  });
  const key = `${s.enterpriseId}\u0000${seesAll ? '' : s.user.id}\u0000${currentPage}\u0000${searchQuery}`;
  return keptGroupPages.get(ctx.db, key, async () => {
    let query = ctx.db.selectFrom('groups').where('groups.enterprise_id', '=', s.enterpriseId);
    if (!seesAll) {
      query = query.where(
        'groups.id',
        'in',
        ctx.db.selectFrom('group_members').select('group_id').where('user_id', '=', s.user.id),
      );
    }
    if (searchQuery) {
      const pattern = `%${searchQuery.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
      query = query.where(sql<boolean>`lower(groups.name) like ${pattern} escape '\\'`);
    }
    const countRow = await query.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst();
    const totalCount = Number(countRow?.n ?? 0);
    const rows = await query
      .select(['groups.id', 'groups.name'])
      .orderBy('groups.name')
      .orderBy('groups.id')
      .limit(PAGE_SIZE)
      .offset((currentPage - 1) * PAGE_SIZE)
      .execute();
    return {
      currentPage,
      totalPages: Math.ceil(totalCount / PAGE_SIZE),
      totalCount,
      listdata: rows.map((r) => ({ _id: r.id, name: r.name })),
    };
  });
};
