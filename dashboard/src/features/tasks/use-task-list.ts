import { type Task, type TaskListResponse, tasks } from '@coach/shared/contract/tasks';
import { useCallback, useEffect, useRef, useState } from 'react';
import { api } from '../../lib/api.ts';
import { messageOf } from './task-text.ts';

/** get-list-of-tasks switches that widen one type's section from its first 4 tasks to 24 (spec §7). */
export const VIEW_ALL_FLAGS = {
  1: 'viewallread',
  2: 'viewallpronunciation',
  3: 'viewallvideo',
  4: 'viewallquestions',
  7: 'viewallfreetextquestions',
} as const satisfies Partial<Record<Task['type'], string>>;
export type ViewAllType = keyof typeof VIEW_ALL_FLAGS;
export const hasViewAll = (type: Task['type']): type is ViewAllType => type in VIEW_ALL_FLAGS;

export type TaskListQuery = {
  tasktype: Task['type'] | null;
  search: string;
  category: Task['category'] | '';
  sortBy: 'latest' | 'liked' | 'viewed';
  archived: boolean;
  expanded: readonly ViewAllType[];
  page: number;
};

export type TaskListState =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; data: TaskListResponse };

const toRequest = (query: TaskListQuery) => ({
  ...(query.tasktype ? { tasktype: query.tasktype, currentPage: query.page } : {}),
  ...(query.search ? { search: query.search } : {}),
  ...(query.category ? { catSearch: query.category } : {}),
  ...(query.archived ? { viewArchive: true } : {}),
  ...(query.tasktype ? {} : Object.fromEntries(query.expanded.map((type) => [VIEW_ALL_FLAGS[type], true]))),
  sortBy: query.sortBy,
});

/**
 * The library's tasks for the current filters. A change of tab starts from a spinner; other changes
 * (search, sort, a section's "view all", a page) keep the current cards on screen until the answer comes,
 * and an answer to an older request is dropped.
 */
export const useTaskList = (query: TaskListQuery, onEmptyPage: () => void) => {
  const [state, setState] = useState<TaskListState>({ status: 'loading' });
  const [busy, setBusy] = useState(false);
  const latest = useRef(0);
  const key = JSON.stringify(query);
  const tab = query.tasktype;
  const emptyPageRef = useRef(onEmptyPage);
  emptyPageRef.current = onEmptyPage;

  // A new tab clears the old tab's cards (its panel shows other things).
  useEffect(() => {
    setState({ status: 'loading' });
  }, [tab]);

  const load = useCallback(async () => {
    const current = JSON.parse(key) as TaskListQuery;
    const requestId = ++latest.current;
    setBusy(true);
    try {
      const data = await api.call(tasks.getListOfTasks, toRequest(current));
      if (requestId !== latest.current) return;
      if (data.mode === 'list' && data.listdata.length === 0 && current.page > 1) {
        emptyPageRef.current();
        return;
      }
      setState({ status: 'ready', data });
    } catch (error) {
      if (requestId === latest.current) setState({ status: 'error', message: messageOf(error) });
    } finally {
      if (requestId === latest.current) setBusy(false);
    }
  }, [key]);

  useEffect(() => {
    void load();
  }, [load]);

  return { state, busy, reload: load };
};
