import { hearIt } from '@coach/shared/contract/hear-it';
import { type Registration, serve } from '../adapter.ts';
import { speakText } from '../services/speech/hear-it.ts';

/** Hear it: any signed-in member hears a text in their pronunciation accent. */
export const hearItRoutes: Registration[] = [
  serve(hearIt.speakText, ({ ctx, input }) => speakText(ctx, input)),
];
