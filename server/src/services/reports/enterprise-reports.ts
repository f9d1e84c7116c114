import type { ParsedRequestOf } from '@coach/shared/contract/define-call';
import {
  type EnterpriseReport,
  type enterpriseReports,
  MEMBER_REPORT_PAGE_SIZE,
} from '@coach/shared/contract/reports';
import { pageOf } from '../common/lists.ts';
import type { ServiceContext } from '../context.ts';
import { overviewOf } from './internal/enterprise-overview.ts';
import { memberQuery, sortedMembers, toMemberRow } from './internal/member-rows.ts';
import { scopeOf } from './internal/report-scope.ts';
import { count } from './internal/report-sql.ts';

/** reports/get-enterprise-report: the figures, the days and the per-type tables. */
export const enterpriseReport = async (
  ctx: ServiceContext,
  input: ParsedRequestOf<typeof enterpriseReports.overview>,
): Promise<EnterpriseReport> => overviewOf(ctx, await scopeOf(ctx, input));

/** reports/get-member-report: one page of the members' figures, searched and sorted. */
export const memberReport = async (
  ctx: ServiceContext,
  input: ParsedRequestOf<typeof enterpriseReports.members>,
) => {
  const scope = await scopeOf(ctx, input);
  const currentPage = input.currentPage ?? 1;
  const [total, rows] = await Promise.all([
    memberQuery(ctx, scope, input.searchInput)
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst(),
    sortedMembers(ctx, scope, input)
      .limit(MEMBER_REPORT_PAGE_SIZE)
      .offset((currentPage - 1) * MEMBER_REPORT_PAGE_SIZE)
      .execute(),
  ]);
  return {
    ...pageOf(rows.map(toMemberRow), {
      currentPage,
      pageSize: MEMBER_REPORT_PAGE_SIZE,
      total: count(total?.n),
    }),
    from: scope.range.from,
    to: scope.range.to,
  };
};
