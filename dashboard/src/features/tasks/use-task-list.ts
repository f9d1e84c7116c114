import { type Task, type TaskListResponse, tasks } from '@coach/shared/contract/tasks';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { queryClient } from '../../lib/query-client.ts';
import { callQuery } from '../../lib/use-call.ts';
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

const tabOf = (request: unknown) => (request as { tasktype?: Task['type'] }).tasktype ?? null;

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
  const tab = query.tasktype;
  const emptyPageRef = useRef(onEmptyPage);
  emptyPageRef.current = onEmptyPage;
  const result = useQuery(
    {
      ...callQuery(tasks.getListOfTasks, toRequest(query)),
      // A new tab clears the old tab's cards (its panel shows other things); within a tab they stay meanwhile.
      placeholderData: (previous, previousQuery) =>
        previousQuery && tabOf(previousQuery.queryKey[1]) === tab ? previous : undefined,
    },
    queryClient(),
  );
  const { data, isPlaceholderData, status, isFetching, error, refetch } = result;
  const emptied =
    data !== undefined &&
    !isPlaceholderData &&
    data.mode === 'list' &&
    data.listdata.length === 0 &&
    query.page > 1;
  useEffect(() => {
    if (emptied) emptyPageRef.current();
  }, [emptied]);

  const shown = useRef<TaskListState>({ status: 'loading' });
  let state: TaskListState;
  if (status === 'error' && !isFetching) state = { status: 'error', message: messageOf(error) };
  else if (emptied) state = shown.current;
  else if (data !== undefined) state = { status: 'ready', data };
  else state = { status: 'loading' };
  shown.current = state;

  const reload = useCallback(async () => {
    await refetch();
  }, [refetch]);
  return { state, busy: isFetching, reload };
};
