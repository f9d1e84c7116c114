import { GROUP_SEARCH_DEBOUNCE_MS, PENDING_REVIEW_PAGE_SIZE } from '@coach/shared/constants/timing';
import { type PendingReviewRow, tasks } from '@coach/shared/contract/tasks';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { fillPath, paths } from '../../config/paths.ts';
import { api } from '../../lib/api.ts';
import { formatDateTime } from '../../lib/dates.ts';
import { selectedGroupAtom } from '../../lib/ui-state.ts';
import { useDebounced } from '../../lib/use-debounced.ts';
import { usePagedList } from '../../lib/use-paged-list.ts';
import { PagedTable } from '../../ui/paged-table.tsx';
import { SearchBox, SortHeader, type SortState } from '../../ui/table.tsx';

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
  const [search, setSearch] = useState('');
  const searchInput = useDebounced(search.trim(), GROUP_SEARCH_DEBOUNCE_MS);
  const [sort, setSort] = useState<SortState<SortBy>>({ by: 'name', direction: 'asc' });
  const list = usePagedList(
    [tasks.getCompletedTasksPendingReview.path, searchInput, sort.by, sort.direction, group?._id ?? ''],
    (currentPage) =>
      api.call(tasks.getCompletedTasksPendingReview, {
        // spec §7: currentPage only past the first page, searchInput only when typed.
        ...(currentPage > 1 ? { currentPage } : {}),
        limit: PENDING_REVIEW_PAGE_SIZE,
        sort_by: sort.by,
        sort_type: sort.direction,
        ...(group ? { selected_group: group._id } : {}),
        ...(searchInput ? { searchInput } : {}),
      }),
  );
  const filtered = Boolean(searchInput || group);

  return (
    <section className="dashboard__review" aria-labelledby="pending-review-title">
      <div className="dashboard__review-head">
        <h2 id="pending-review-title" className="dashboard__subtitle">
          {t('review.title')}
        </h2>
        <SearchBox
          label={t('review.search')}
          placeholder={t('review.searchPlaceholder')}
          value={search}
          onChange={setSearch}
        />
      </div>
      <PagedTable
        list={list}
        noun={t('review.noun')}
        empty={{
          title: t('review.none'),
          description: filtered ? t('review.noMatch') : t('review.noneText'),
        }}
        head={
          <>
            <SortHeader column="name" sort={sort} onSort={setSort}>
              {t('review.member')}
            </SortHeader>
            <SortHeader column="taskName" sort={sort} onSort={setSort}>
              {t('review.task')}
            </SortHeader>
            <SortHeader column="completedAt" sort={sort} onSort={setSort}>
              {t('review.completed')}
            </SortHeader>
            <th scope="col">
              <span className="visually-hidden">{t('review.review')}</span>
            </th>
          </>
        }
        row={(row) => (
          <tr key={row._id}>
            <td data-label={t('review.member')}>
              <span className="dashboard__review-name">{row.name}</span>
              <span className="dashboard__review-meta">{row.email}</span>
            </td>
            <td data-label={t('review.task')}>
              <span className="dashboard__review-name">{row.taskName}</span>
              <span className="dashboard__review-meta">{t(`taskTypes.${row.taskType}`)}</span>
            </td>
            <td data-label={t('review.completed')}>{formatDateTime(row.completedAt)}</td>
            <td>
              <div className="table__actions">
                <Link
                  className="btn btn--secondary btn--sm"
                  to={reviewPath(row)}
                  aria-label={t('review.reviewName', { task: row.taskName, name: row.name })}
                >
                  {t('review.review')}
                </Link>
              </div>
            </td>
          </tr>
        )}
      />
    </section>
  );
};
