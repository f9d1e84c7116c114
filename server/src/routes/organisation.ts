import { enterpriseGeneral } from '@coach/shared/contract/general';
import { settingsCalls } from '@coach/shared/contract/settings';
import { timezoneCalls } from '@coach/shared/contract/timezone';
import { type Registration, serve } from '../adapter.ts';
import * as service from '../services/organisation/organisation.ts';
import * as dashboard from '../services/reports/dashboard.ts';

/** Settings, company info and help; the adapter has checked the admin role and the feature flag. */
export const organisationRoutes: Registration[] = [
  serve(enterpriseGeneral.updateThemeSettings, ({ ctx, input }) => service.updateThemeSettings(ctx, input)),
  serve(enterpriseGeneral.updateCompanyInfo, ({ ctx, input }) => service.updateCompanyInfo(ctx, input)),
  serve(enterpriseGeneral.helpEmail, ({ ctx, input }) => service.sendHelpEmail(ctx, input)),
  serve(settingsCalls.renameCompany, ({ ctx, input }) => service.renameCompany(ctx, input)),
  serve(timezoneCalls.updateDefaultTimezone, ({ ctx, input }) => service.updateDefaultTimezone(ctx, input)),
  serve(enterpriseGeneral.myDashboard, ({ ctx, input }) => dashboard.enterpriseDashboard(ctx, input)),
];
