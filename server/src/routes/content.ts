import { contentActions, contentLibrary } from '@coach/shared/contract/content';
import { type Registration, serve } from '../adapter.ts';
import * as content from '../services/content/content.ts';
import * as actions from '../services/content/content-actions.ts';

/** The video library, its assignment to members and groups, and the viewer's actions and journaling. */
export const contentRoutes: Registration[] = [
  serve(contentLibrary.getVideoContent, ({ ctx, input }) => content.listVideos(ctx, input)),
  serve(contentLibrary.getVideoContentForTask, ({ ctx, input }) => content.videosForTask(ctx, input)),
  serve(contentLibrary.getListOfVideoCategory, ({ ctx }) => content.videoCategories(ctx)),
  serve(contentLibrary.addVideoContentTask, ({ ctx, input }) => content.addVideoTask(ctx, input)),
  serve(contentLibrary.assignContentUsers, ({ ctx, input }) => content.assignToMembers(ctx, input)),
  serve(contentLibrary.assignContentGroupUsers, ({ ctx, input }) => content.assignToGroups(ctx, input)),
  serve(contentLibrary.getMembersByContentId, ({ ctx, input }) => content.membersOfContent(ctx, input)),
  serve(contentActions.doAction, ({ ctx, input }) => actions.doAction(ctx, input)),
  serve(contentActions.submitContentReview, ({ ctx, input }) => actions.submitReview(ctx, input)),
];
