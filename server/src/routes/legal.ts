import { legal } from '@coach/shared/contract/legal';
import { type Registration, serve } from '../adapter.ts';
import * as service from '../services/platform/legal-texts.ts';

/**
 * Privacy policy and terms. The adapter has checked who calls: anyone for the public text,
 * a platform admin for the defaults, an enterprise user whose role is named admin for the overrides.
 */
export const legalRoutes: Registration[] = [
  serve(legal.publicText, ({ ctx, input }) => service.publicText(ctx, input)),
  serve(legal.adminTexts, ({ ctx }) => service.adminTexts(ctx)),
  serve(legal.adminUpdateText, ({ ctx, input }) => service.adminUpdateText(ctx, input)),
  serve(legal.enterpriseTexts, ({ ctx }) => service.enterpriseTexts(ctx)),
  serve(legal.enterpriseUpdateText, ({ ctx, input }) => service.enterpriseUpdateText(ctx, input)),
];
