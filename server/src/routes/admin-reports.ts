import { adminGeneral } from '@coach/shared/contract/admin';
import { adminReports } from '@coach/shared/contract/admin-reports';
import { type Registration, serve } from '../adapter.ts';
import * as reports from '../services/reports/admin-reports.ts';

/** Issue 7: the admin dashboard, the reports and an enterprise's usage; admin tokens only (the adapter). */
export const adminReportsRoutes: Registration[] = [
  serve(adminGeneral.myDashboard, ({ ctx, input }) => reports.adminDashboard(ctx, input)),
  serve(adminGeneral.syncFirebaseData, ({ ctx }) => reports.syncFirebaseData(ctx)),
  serve(adminReports.allMembersUsage, ({ ctx, input }) => reports.allMembersUsage(ctx, input)),
  serve(adminReports.exportAllMembersUsage, ({ ctx, input }) => reports.exportAllMembersUsage(ctx, input)),
  serve(adminReports.appUserCounts, ({ ctx, input }) => reports.appUserCounts(ctx, input)),
  serve(adminReports.featureUsage, ({ ctx, input }) => reports.featureUsage(ctx, input)),
  serve(adminReports.enterpriseUsage, ({ ctx, input }) => reports.enterpriseUsage(ctx, input)),
];
