import { myProgress } from '@coach/shared/contract/my-progress';
import { type Registration, serve } from '../adapter.ts';
import { getMyProgress } from '../services/reports/my-progress.ts';

/** The member's own home: login only; the service reads the caller's data alone. */
export const myProgressRoutes: Registration[] = [
  serve(myProgress.get, ({ ctx, input }) => getMyProgress(ctx, input)),
];
