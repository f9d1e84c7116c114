import type { SortValue } from '@coach/shared/constants/sort-options';
import {
  contentLibrary,
  type VideoCategoryKey,
  type VideoContent,
  type VideoContentListResponse,
} from '@coach/shared/contract/content';
import { useCallback, useEffect, useRef, useState } from 'react';
import { api } from '../../lib/api.ts';
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
  const [state, setState] = useState<State>({ status: 'loading' });
  const [busy, setBusy] = useState(false);
  const latest = useRef(0);
  const key = JSON.stringify(query);
  const tab = query.category;

  useEffect(() => {
    setState({ status: 'loading' });
  }, [tab]);

  const load = useCallback(async () => {
    const current = JSON.parse(key) as VideoListQuery;
    const requestId = ++latest.current;
    setBusy(true);
    try {
      const data = await api.call(contentLibrary.getVideoContent, toRequest(current));
      if (requestId === latest.current) setState({ status: 'ready', data });
    } catch (error) {
      if (requestId === latest.current) setState({ status: 'error', message: messageOf(error) });
    } finally {
      if (requestId === latest.current) setBusy(false);
    }
  }, [key]);

  useEffect(() => {
    void load();
  }, [load]);

  const update = useCallback(
    (id: string, changes: Partial<VideoContent>) =>
      setState((current) =>
        current.status === 'ready' ? { ...current, data: patchVideo(current.data, id, changes) } : current,
      ),
    [],
  );

  return { state, busy, reload: load, update };
};
