import { TASK_TYPES } from '@coach/shared/constants/task-types';
import { taskFolders } from '@coach/shared/contract/task-folders';
import { tasks } from '@coach/shared/contract/tasks';
import { type Registration, serve } from '../adapter.ts';
import { videoForViewer } from '../services/content/video-rows.ts';
import * as coach from '../services/tasks/coach-tasks.ts';
import * as myTasks from '../services/tasks/my-tasks.ts';
import * as assigning from '../services/tasks/task-assigning.ts';
import * as folders from '../services/tasks/task-folders.ts';
import * as review from '../services/tasks/task-review.ts';
import * as library from '../services/tasks/tasks.ts';
import { enterpriseSession } from '../session/session.ts';

/**
 * The task library, folders, assignment, the learner's own tasks and review; generate-content-task and
 * generate-ai-tasks draft tasks with the coach engine (built-in, or an OpenAI-compatible service).
 */
export const taskRoutes: Registration[] = [
  serve(tasks.addTask, ({ ctx, input }) => library.addTask(ctx, input)),
  serve(tasks.editTask, ({ ctx, input }) => library.editTask(ctx, input)),
  serve(tasks.deleteTask, ({ ctx, input }) => library.deleteTask(ctx, input)),
  serve(tasks.getTaskById, ({ ctx, input }) => library.getTaskById(ctx, input)),
  serve(tasks.getListOfTasks, ({ ctx, input }) => library.listTasks(ctx, input)),
  serve(tasks.searchTask, ({ ctx, input }) =>
    library.searchTasks(ctx, { search: input.search, currentPage: input.currentPage, limit: 24 }),
  ),
  serve(tasks.getEnterpriseTasks, ({ ctx, input }) =>
    library.searchTasks(ctx, {
      search: input.searchInput,
      currentPage: input.currentPage,
      limit: input.limit,
    }),
  ),
  serve(tasks.getAllTaskListEnterprise, ({ ctx }) => library.allTaskOptions(ctx)),
  serve(tasks.assignTaskUsers, ({ ctx, input }) => assigning.assignToMembers(ctx, input)),
  serve(tasks.assignTaskGroupUsers, ({ ctx, input }) => assigning.assignToGroups(ctx, input)),
  serve(tasks.getMembersByTaskId, ({ ctx, input }) => review.membersOfTask(ctx, input)),
  serve(tasks.getMyTasks, ({ ctx, input }) => myTasks.myTasks(ctx, input)),
  serve(tasks.getMyTask, async ({ ctx, input }) => {
    const detail = await myTasks.myTask(ctx, input);
    if (detail.task.type !== TASK_TYPES.video) return detail;
    const { enterpriseId, user } = enterpriseSession(ctx);
    return { ...detail, video: await videoForViewer(ctx.db, enterpriseId, user.id, detail.task.contentId) };
  }),
  serve(tasks.updateMyTask, ({ ctx, input }) => myTasks.updateMyTask(ctx, input)),
  serve(tasks.retryMyTask, ({ ctx, input }) => myTasks.retryMyTask(ctx, input)),
  serve(tasks.getMembersTaskData, ({ ctx, input }) => review.memberTaskData(ctx, input)),
  serve(tasks.getCompletedIvrTaskDetails, ({ ctx, input }) => review.interviewMessages(ctx, input)),
  serve(tasks.generateContentTask, ({ ctx, input }) => coach.generateContentTask(ctx, input)),
  serve(tasks.generateAiTasks, ({ ctx, input }) => coach.generateAiTasks(ctx, input)),
  serve(tasks.addTaskFeedback, ({ ctx, input }) => review.addFeedback(ctx, input)),
  serve(tasks.markTaskReviewed, ({ ctx, input }) => review.markReviewed(ctx, input)),
  serve(tasks.getCompletedTasksPendingReview, ({ ctx, input }) => review.pendingReview(ctx, input)),
  serve(taskFolders.getFolderContents, ({ ctx, input }) => folders.folderContents(ctx, input)),
  serve(taskFolders.createFolder, ({ ctx, input }) => folders.createFolder(ctx, input)),
  serve(taskFolders.renameFolder, ({ ctx, input }) => folders.renameFolder(ctx, input)),
  serve(taskFolders.deleteFolder, ({ ctx, input }) => folders.deleteFolder(ctx, input)),
  serve(taskFolders.deleteTaskFromFolder, ({ ctx, input }) => folders.removeFromFolder(ctx, input)),
  serve(taskFolders.assignTaskFolder, ({ ctx, input }) => folders.addToFolder(ctx, input)),
];
