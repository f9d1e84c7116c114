import { PENDING_REVIEW_PAGE_SIZE } from '@coach/shared/constants/timing';
import { type PendingReviewRow, tasks } from '@coach/shared/contract/tasks';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { fillPath, paths } from '../../config/paths.ts';
import { api } from '../../lib/api.ts';
import { formatDateTime } from '../../lib/dates.ts';
import { selectedGroupAtom } from '../../lib/ui-state.ts';
import { type Column, ListView, useListScreen } from '../../widgets/list-screen.tsx';

type SortBy = 'name' | 'taskName' | 'completedAt';

const reviewPath = (row: PendingReviewRow) =>
  `${fillPath(paths.enterprise.memberTaskView, { id: row.taskId })}?member=${encodeURIComponent(row.userId)}`;

/**
 * The dashboard's 'Completed tasks to review' (tasks/get-completed-tasks-pending-review, spec §7, §9: 10 a
 * page, by name ascending), narrowed by the top-bar group filter; each row opens the member's attempt.
 */
export const PendingReview = () => {
  const { t } = useTranslation('dashboard');
  const group = useAtomValue(selectedGroupAtom);
  const screen = useListScreen<PendingReviewRow, SortBy>({
    call: tasks.getCompletedTasksPendingReview,
    filters: [group?._id ?? ''],
    sort: { by: 'name', direction: 'asc' },
    fetch: ({ search: searchInput, sort, currentPage }) =>
      api.call(tasks.getCompletedTasksPendingReview, {
        // spec §7: currentPage only past the first page, searchInput only when typed.
        ...(currentPage > 1 ? { currentPage } : {}),
        limit: PENDING_REVIEW_PAGE_SIZE,
        sort_by: sort.by,
        sort_type: sort.direction,
        ...(group ? { selected_group: group._id } : {}),
        ...(searchInput ? { searchInput } : {}),
      }),
  });
  const filtered = Boolean(screen.search || group);
  const columns: Column<PendingReviewRow, SortBy>[] = [
    {
      header: t('review.member'),
      sort: 'name',
      cell: (row) => (
        <>
          <span className="dashboard__review-name">{row.name}</span>
          <span className="dashboard__review-meta">{row.email}</span>
        </>
      ),
    },
    {
      header: t('review.task'),
      sort: 'taskName',
      cell: (row) => (
        <>
          <span className="dashboard__review-name">{row.taskName}</span>
          <span className="dashboard__review-meta">{t(`taskTypes.${row.taskType}`)}</span>
        </>
      ),
    },
    { header: t('review.completed'), sort: 'completedAt', cell: (row) => formatDateTime(row.completedAt) },
    {
      header: t('review.review'),
      hiddenHeader: true,
      cell: (row) => (
        <div className="table__actions">
          <Link
            className="btn btn--secondary btn--sm"
            to={reviewPath(row)}
            aria-label={t('review.reviewName', { task: row.taskName, name: row.name })}
          >
            {t('review.review')}
          </Link>
        </div>
      ),
    },
  ];

  return (
    <section className="dashboard__review" aria-labelledby="pending-review-title">
      <ListView
        screen={screen}
        toolbarClassName="dashboard__review-head"
        start={
          <h2 id="pending-review-title" className="dashboard__subtitle">
            {t('review.title')}
          </h2>
        }
        search={{ label: t('review.search'), placeholder: t('review.searchPlaceholder') }}
        noun={t('review.noun')}
        empty={{
          title: t('review.none'),
          description: filtered ? t('review.noMatch') : t('review.noneText'),
        }}
        columns={columns}
        rowKey={(row) => row._id}
      />
    </section>
  );
};
