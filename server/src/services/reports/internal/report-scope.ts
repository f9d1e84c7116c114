import type { ParsedRequestOf } from '@coach/shared/contract/define-call';
import type { enterpriseReports } from '@coach/shared/contract/reports';
import { enterpriseSession } from '../../../session/session.ts';
import { resolveRange } from '../../common/report-range.ts';
import { assertGroupInEnterprise } from '../../common/tenant.ts';
import type { ServiceContext } from '../../context.ts';

// An enterprise's reports (the /enterprise/reports screen): the range and its limits are the admin reports'
// (common/report-range.ts); every source is filtered by the caller's enterprise first, then by the group's current
// members when the top-bar group filter names one.

/** The filters every enterprise report call takes (the member table and the export add their own). */
type Filters = ParsedRequestOf<typeof enterpriseReports.overview>;

/** The caller's enterprise, the range, and the group (404 when it is another enterprise's or missing). */
export const scopeOf = async (ctx: ServiceContext, input: Filters) => {
  const { enterpriseId } = enterpriseSession(ctx);
  const range = resolveRange(input);
  if (input.groupId) await assertGroupInEnterprise(ctx.db, enterpriseId, input.groupId);
  return { enterpriseId, groupId: input.groupId, range };
};
export type Scope = Awaited<ReturnType<typeof scopeOf>>;
