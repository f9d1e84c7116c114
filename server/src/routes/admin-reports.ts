import { adminGeneral } from '@coach/shared/contract/admin';
import { adminReports } from '@coach/shared/contract/admin-reports';
import { type Registration, serve } from '../adapter.ts';
import * as dashboard from '../services/reports/admin-dashboard.ts';
import * as membersUsage from '../services/reports/admin-members-usage.ts';
import * as usage from '../services/reports/admin-usage.ts';

/** The admin dashboard, the reports and an enterprise's usage; admin tokens only (the adapter). */
export const adminReportsRoutes: Registration[] = [
  serve(adminGeneral.myDashboard, ({ ctx, input }) => dashboard.adminDashboard(ctx, input)),
  serve(adminGeneral.syncFirebaseData, ({ ctx }) => dashboard.syncFirebaseData(ctx)),
  serve(adminReports.allMembersUsage, ({ ctx, input }) => membersUsage.allMembersUsage(ctx, input)),
  serve(adminReports.exportAllMembersUsage, ({ ctx, input }) =>
    membersUsage.exportAllMembersUsage(ctx, input),
  ),
  serve(adminReports.appUserCounts, ({ ctx, input }) => usage.appUserCounts(ctx, input)),
  serve(adminReports.featureUsage, ({ ctx, input }) => usage.featureUsage(ctx, input)),
  serve(adminReports.enterpriseUsage, ({ ctx, input }) => usage.enterpriseUsage(ctx, input)),
];
