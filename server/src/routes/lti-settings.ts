import { lti } from '@coach/shared/contract/lti';
import { type Registration, serve } from '../adapter.ts';
import { completeLtiSignIn } from '../services/lti/complete.ts';
import { answerDeepLink, deepLinkRequest } from '../services/lti/deep-linking.ts';
import * as platforms from '../services/lti/platforms.ts';
import { syncClass } from '../services/lti/roster.ts';

/** Settings › LMS (LTI 1.3), the default admin's (checked by the adapter), and the launch's last step. */
export const ltiRoutes: Registration[] = [
  serve(lti.settings, ({ ctx }) => platforms.ltiSettings(ctx)),
  serve(lti.savePlatform, ({ ctx, input }) => platforms.savePlatform(ctx, input)),
  serve(lti.removePlatform, ({ ctx, input }) => platforms.removePlatform(ctx, input)),
  serve(lti.syncClass, ({ ctx, input }) => syncClass(ctx, input)),
  serve(lti.deepLink, ({ ctx, input }) => deepLinkRequest(ctx, input)),
  serve(lti.answerDeepLink, ({ ctx, input }) => answerDeepLink(ctx, input)),
  serve(lti.complete, ({ ctx, input }) => completeLtiSignIn(ctx, input)),
];
