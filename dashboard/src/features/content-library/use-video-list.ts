import type { SortValue } from '@coach/shared/constants/sort-options';
import {
  contentLibrary,
  type VideoCategoryKey,
  type VideoContent,
  type VideoContentListResponse,
} from '@coach/shared/contract/content';
import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { queryClient } from '../../lib/query-client.ts';
import { callQuery } from '../../lib/use-call.ts';
import { messageOf } from './video-text.ts';

/** get-video-content switches that widen one category's section in place (spec §7). */
export const VIEW_ALL_FLAGS = {
  emotional: 'viewallemotional',
  communication: 'viewallcommunication',
  social: 'viewallsocial',
  interview: 'viewallinterview',
} as const satisfies Record<VideoCategoryKey, string>;

export type VideoListQuery = {
  category: VideoCategoryKey | null;
  search: string;
  sortBy: SortValue;
  expanded: readonly VideoCategoryKey[];
  page: number;
};

type State =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; data: VideoContentListResponse };

const tabOf = (request: unknown) => (request as { contenttype?: VideoCategoryKey }).contenttype ?? null;

const toRequest = (query: VideoListQuery) => ({
  ...(query.category ? { contenttype: query.category, currentPage: query.page } : {}),
  ...(query.search ? { search: query.search } : {}),
  ...(query.category
    ? {}
    : Object.fromEntries(query.expanded.map((category) => [VIEW_ALL_FLAGS[category], true]))),
  sortBy: query.sortBy,
});

/** Changes one video wherever it is listed (after a like, a view or a journal). */
const patchVideo = (
  data: VideoContentListResponse,
  id: string,
  changes: Partial<VideoContent>,
): VideoContentListResponse => {
  const patch = (items: VideoContent[]) =>
    items.map((video) => (video._id === id ? { ...video, ...changes } : video));
  return data.mode === 'list'
    ? { ...data, listdata: patch(data.listdata) }
    : {
        ...data,
        sections: data.sections.map((section) => ({ ...section, listdata: patch(section.listdata) })),
      };
};

/**
 * The library's videos for the current filters. A change of tab starts from a spinner; other changes keep
 * the current cards on screen until the answer comes, and an answer to an older request is dropped.
 */
export const useVideoList = (query: VideoListQuery) => {
  const tab = query.category;
  const client = queryClient();
  const result = useQuery(
    {
      ...callQuery(contentLibrary.getVideoContent, toRequest(query)),
      // A new tab clears the old tab's cards; within a tab they stay on screen until the answer comes.
      placeholderData: (previous, previousQuery) =>
        previousQuery && tabOf(previousQuery.queryKey[1]) === tab ? previous : undefined,
    },
    client,
  );
  const { data, status, isFetching, error, refetch } = result;
  const state: State =
    status === 'error' && !isFetching
      ? { status: 'error', message: messageOf(error) }
      : data !== undefined
        ? { status: 'ready', data }
        : { status: 'loading' };

  const reload = useCallback(async () => {
    await refetch();
  }, [refetch]);
  // Every cached list that shows the video shows the change (other tabs, other searches).
  const update = useCallback(
    (id: string, changes: Partial<VideoContent>) =>
      client.setQueriesData<VideoContentListResponse>(
        { queryKey: [contentLibrary.getVideoContent.path] },
        (cached) => cached && patchVideo(cached, id, changes),
      ),
    [client],
  );

  return { state, busy: isFetching, reload, update };
};
