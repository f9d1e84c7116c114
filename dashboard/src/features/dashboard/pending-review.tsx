import { TASK_TYPE_LABELS } from '@coach/shared/constants/task-types';
import { GROUP_SEARCH_DEBOUNCE_MS, PENDING_REVIEW_PAGE_SIZE } from '@coach/shared/constants/timing';
import { type PendingReviewRow, tasks } from '@coach/shared/contract/tasks';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
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
  const group = useAtomValue(selectedGroupAtom);
  const [search, setSearch] = useState('');
  const searchInput = useDebounced(search.trim(), GROUP_SEARCH_DEBOUNCE_MS);
  const [sort, setSort] = useState<SortState<SortBy>>({ by: 'name', direction: 'asc' });
  const list = usePagedList(
    [searchInput, sort.by, sort.direction, group?._id ?? ''].join('|'),
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
          Completed tasks to review
        </h2>
        <SearchBox
          label="Search completed tasks"
          placeholder="Search by member or task..."
          value={search}
          onChange={setSearch}
        />
      </div>
      <PagedTable
        list={list}
        noun="completed tasks"
        empty={{
          title: 'Nothing to review',
          description: filtered
            ? 'No completed task matches the search or the group.'
            : 'Tasks your members complete wait here until you review them.',
        }}
        head={
          <>
            <SortHeader column="name" sort={sort} onSort={setSort}>
              Member
            </SortHeader>
            <SortHeader column="taskName" sort={sort} onSort={setSort}>
              Task
            </SortHeader>
            <SortHeader column="completedAt" sort={sort} onSort={setSort}>
              Completed
            </SortHeader>
            <th scope="col">
              <span className="visually-hidden">Review</span>
            </th>
          </>
        }
        row={(row) => (
          <tr key={row._id}>
            <td data-label="Member">
              <span className="dashboard__review-name">{row.name}</span>
              <span className="dashboard__review-meta">{row.email}</span>
            </td>
            <td data-label="Task">
              <span className="dashboard__review-name">{row.taskName}</span>
              <span className="dashboard__review-meta">{TASK_TYPE_LABELS[row.taskType]}</span>
            </td>
            <td data-label="Completed">{formatDateTime(row.completedAt)}</td>
            <td>
              <div className="table__actions">
                <Link
                  className="btn btn--secondary btn--sm"
                  to={reviewPath(row)}
                  aria-label={`Review ${row.taskName} by ${row.name}`}
                >
                  Review
                </Link>
              </div>
            </td>
          </tr>
        )}
      />
    </section>
  );
};
