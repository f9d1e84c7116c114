import { adminContent } from '@coach/shared/contract/admin-content';
import { adminTasks } from '@coach/shared/contract/admin-tasks';
import { contentLibrary } from '@coach/shared/contract/content';
import { tasks } from '@coach/shared/contract/tasks';
import { VIDEO_CATEGORY_LABELS, type VideoCategoryKey } from '@coach/shared/contract/video';
import { createContext, useContext } from 'react';
import { api } from '../../lib/api.ts';

/** A video a Video task can show, as the pickers list them. */
export type PickableVideo = {
  _id: string;
  title: string;
  coach: string;
  /** Its category's key, for the name in the language on screen; the server's English label otherwise. */
  category: VideoCategoryKey;
  categoryLabel: string;
  thumbnailUrl: string | null;
  durationSeconds: number;
};

/**
 * Who the task editor works for: an enterprise's library (its calls, its videos, its reading topics) or
 * the platform library (the admin's calls, every video, passages only). One editor, two scopes.
 */
export type EditorScope = {
  audience: 'enterprise' | 'admin';
  /** The calls the form sends (through useContractForm): add-task when creating, edit-task when editing. */
  calls:
    | { add: typeof tasks.addTask; edit: typeof tasks.editTask }
    | { add: typeof adminTasks.add; edit: typeof adminTasks.edit };
  searchVideos: (search: string) => Promise<PickableVideo[]>;
  /** Read tasks may take their passage from the enterprise's reading topics. */
  readingTopics: boolean;
  /** The coach's drafts are an enterprise call (task-library). */
  coachDraft: boolean;
};

export const ENTERPRISE_SCOPE: EditorScope = {
  audience: 'enterprise',
  calls: { add: tasks.addTask, edit: tasks.editTask },
  searchVideos: async (search) =>
    (await api.call(contentLibrary.getVideoContentForTask, { search })).listdata,
  readingTopics: true,
  coachDraft: true,
};

export const ADMIN_SCOPE: EditorScope = {
  audience: 'admin',
  calls: { add: adminTasks.add, edit: adminTasks.edit },
  searchVideos: async (searchInput) =>
    (await api.call(adminContent.list, { searchInput, currentPage: 1 })).listdata.map((video) => ({
      _id: video._id,
      title: video.title,
      coach: video.coach,
      category: video.category,
      categoryLabel: VIDEO_CATEGORY_LABELS[video.category],
      thumbnailUrl: video.thumbnailUrl,
      durationSeconds: video.durationSeconds,
    })),
  readingTopics: false,
  coachDraft: false,
};

const Scope = createContext<EditorScope>(ENTERPRISE_SCOPE);
export const EditorScopeProvider = Scope.Provider;
export const useEditorScope = () => useContext(Scope);
