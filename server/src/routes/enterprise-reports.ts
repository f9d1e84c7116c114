import { enterpriseReports } from '@coach/shared/contract/reports';
import { type Registration, serve } from '../adapter.ts';
import * as reports from '../services/reports/enterprise-reports.ts';

/** /enterprise/reports (spec §2): the adapter checks the session and the `reports` permission. */
export const enterpriseReportsRoutes: Registration[] = [
  serve(enterpriseReports.overview, ({ ctx, input }) => reports.enterpriseReport(ctx, input)),
  serve(enterpriseReports.members, ({ ctx, input }) => reports.memberReport(ctx, input)),
  serve(enterpriseReports.exportTable, ({ ctx, input }) => reports.exportReportTable(ctx, input)),
];
