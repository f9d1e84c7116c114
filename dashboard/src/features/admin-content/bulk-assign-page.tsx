import { adminContent } from '@coach/shared/contract/admin-content';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { paths } from '../../config/paths.ts';
import { i18n } from '../../i18n/index.ts';
import { api } from '../../lib/api.ts';
import { BulkAssignPage, type LoadItemPage } from '../../widgets/bulk-assign.tsx';
import './admin-content.css';

const loadVideos: LoadItemPage = async ({ search, currentPage }) => {
  const page = await api.call(adminContent.list, { searchInput: search, currentPage });
  return {
    ...page,
    listdata: page.listdata.map((v) => ({
      _id: v._id,
      name: v.title,
      hint: i18n.t('admin-content:bulk.hint', {
        category: i18n.t(`admin-content:categories.${v.category}`),
        count: v.enterpriseCount,
      }),
    })),
  };
};

/** /admin/bulk-assign-unassign-content: offer videos to enterprises, or withdraw them. */
export const BulkAssignContentPage = () => {
  const { t } = useTranslation('admin-content');
  const [params] = useSearchParams();
  const contentId = params.get('contentId');
  const preset = useCallback(async () => {
    const video = await api.call(adminContent.get, { contentId: contentId ?? '' });
    return { _id: video._id, name: video.title, hint: '' };
  }, [contentId]);
  return (
    <BulkAssignPage
      title={t('bulk.title')}
      description={t('bulk.description')}
      backTo={paths.admin.contentLibrary}
      kind="video"
      loadItems={loadVideos}
      preset={contentId ? preset : null}
      call={adminContent.bulkAssign}
      input={({ itemIds, enterpriseIds, action }) => ({ contentIds: itemIds, enterpriseIds, action })}
    />
  );
};
