import { adminContent } from '@coach/shared/contract/admin-content';
import { VIDEO_CATEGORY_LABELS } from '@coach/shared/contract/video';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';
import { paths } from '../../config/paths.ts';
import { api } from '../../lib/api.ts';
import { BulkAssignPage, type LoadItemPage } from '../../ui/bulk-assign.tsx';
import './admin-content.css';

const loadVideos: LoadItemPage = async ({ search, currentPage }) => {
  const page = await api.call(adminContent.list, { searchInput: search, currentPage });
  return {
    ...page,
    listdata: page.listdata.map((v) => ({
      _id: v._id,
      name: v.title,
      hint: `${VIDEO_CATEGORY_LABELS[v.category]} · ${v.enterpriseCount} ${v.enterpriseCount === 1 ? 'enterprise' : 'enterprises'}`,
    })),
  };
};

/** /admin/bulk-assign-unassign-content: offer videos to enterprises, or withdraw them (issue 7). */
export const BulkAssignContentPage = () => {
  const [params] = useSearchParams();
  const contentId = params.get('contentId');
  const preset = useCallback(async () => {
    const video = await api.call(adminContent.get, { contentId: contentId ?? '' });
    return { _id: video._id, name: video.title, hint: '' };
  }, [contentId]);
  return (
    <BulkAssignPage
      title="Assign content to enterprises"
      description="Choose videos and enterprises, then offer the videos or withdraw them."
      backTo={paths.admin.contentLibrary}
      kind="video"
      loadItems={loadVideos}
      preset={contentId ? preset : null}
      run={async ({ itemIds, enterpriseIds, action }) => {
        const { response, message } = await api.callWithMessage(adminContent.bulkAssign, {
          contentIds: itemIds,
          enterpriseIds,
          action,
        });
        return { message, ...response };
      }}
    />
  );
};
