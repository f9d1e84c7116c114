import { fillPath, paths } from '../../config/paths.ts';

const E = paths.enterprise;

export const viewTaskPath = (id: string) => fillPath(E.viewTask, { id });
export const editTaskPath = (id: string) => fillPath(E.editTask, { id });
/** The reviewer's view of one member's attempt (built by the task-review feature). */
export const memberTaskPath = (taskId: string, userId: string) =>
  `${fillPath(E.memberTaskView, { id: taskId })}?member=${encodeURIComponent(userId)}`;
/** The folder view, or one folder opened in it. */
export const folderPath = (folderId?: string) =>
  folderId ? `${E.tasksLibraryNew}?folder=${encodeURIComponent(folderId)}` : E.tasksLibraryNew;
