import { pronunciationConfig } from '@coach/shared/contract/pronunciation';
import { type Registration, serve } from '../adapter.ts';
import * as service from '../services/speech/pronunciation.ts';

/** Pronunciation settings per group; the adapter has checked the `groups` key (spec §6). */
export const pronunciationRoutes: Registration[] = [
  serve(pronunciationConfig.list, ({ ctx, input }) => service.listPronunciationSettings(ctx, input)),
  serve(pronunciationConfig.update, ({ ctx, input }) => service.updatePronunciationSettings(ctx, input)),
];
