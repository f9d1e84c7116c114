import { ENTERPRISE_TASKS_PAGE_SIZE, GROUP_SEARCH_DEBOUNCE_MS } from '@coach/shared/constants/timing';
import { type Task, tasks } from '@coach/shared/contract/tasks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../i18n/format.ts';
import { api } from '../../lib/api.ts';
import { useDebounced } from '../../lib/use-debounced.ts';
import { usePagedList } from '../../lib/use-paged-list.ts';
import { Button } from '../../ui/button.tsx';
import { LoadingBlock } from '../../ui/spinner.tsx';
import { ErrorState } from '../../ui/states.tsx';
import { Pagination, SearchBox } from '../../ui/table.tsx';
import { categoryLabel, typeLabel } from './task-text.ts';
// Its list shares the people picker's rows (people-pick__* classes).
import '../../widgets/people-picker.css';

/** A task as a picker keeps it across pages and searches. */
export type PickedTask = Pick<Task, '_id' | 'title' | 'type'>;

/**
 * The enterprise's tasks, 25 a page with a search (spec §7, §9 get-enterprise-tasks), each with a checkbox.
 * The selection is kept across pages and searches. `unavailable` tasks show why they cannot be picked.
 */
export const TaskPicker = ({
  selected,
  onChange,
  unavailable = {},
  single = false,
}: {
  selected: PickedTask[];
  onChange: (next: PickedTask[]) => void;
  /** One task at most: a pick replaces the one before, and there is no "every task on this page". */
  single?: boolean;
  /** Task id -> why it cannot be picked here ("Already in this folder"). */
  unavailable?: Record<string, string>;
}) => {
  const { t } = useTranslation('tasks');
  const [search, setSearch] = useState('');
  const searchInput = useDebounced(search.trim(), GROUP_SEARCH_DEBOUNCE_MS);
  const list = usePagedList([tasks.getEnterpriseTasks.path, searchInput], (currentPage) =>
    api.call(tasks.getEnterpriseTasks, { searchInput, currentPage, limit: ENTERPRISE_TASKS_PAGE_SIZE }),
  );
  const isSelected = (id: string) => selected.some((task) => task._id === id);
  const toggle = (task: Task) =>
    onChange(
      isSelected(task._id)
        ? selected.filter((other) => other._id !== task._id)
        : [...(single ? [] : selected), { _id: task._id, title: task.title, type: task.type }],
    );
  const why = (task: Task) => unavailable[task._id] ?? (task.archived ? t('picker.archived') : null);

  const rows = () => {
    const { load } = list;
    if (load.status === 'loading') return <LoadingBlock label={t('picker.loading')} />;
    if (load.status === 'error')
      return (
        <ErrorState
          title={t('picker.loadError')}
          description={load.message}
          action={
            <Button variant="secondary" onClick={() => void list.reload()}>
              {t('picker.tryAgain')}
            </Button>
          }
        />
      );
    if (load.page.listdata.length === 0)
      return (
        <p className="people-pick__empty">
          {searchInput ? t('picker.noMatch', { query: searchInput }) : t('picker.none')}
        </p>
      );
    const pickable = load.page.listdata.filter((task) => !why(task));
    const allOnPage = pickable.length > 0 && pickable.every((task) => isSelected(task._id));
    return (
      <>
        {pickable.length > 0 && !single ? (
          <label className="picker__row task-picker__all">
            <input
              type="checkbox"
              checked={allOnPage}
              onChange={() =>
                onChange(
                  allOnPage
                    ? selected.filter((task) => !pickable.some((p) => p._id === task._id))
                    : [
                        ...selected,
                        ...pickable
                          .filter((task) => !isSelected(task._id))
                          .map(({ _id, title, type }) => ({ _id, title, type })),
                      ],
                )
              }
            />
            {t('picker.everyOnPage')}
          </label>
        ) : null}
        <ul className="people-pick__results" aria-label={t('picker.tasks')}>
          {load.page.listdata.map((task) => {
            const reason = why(task);
            return (
              <li key={task._id}>
                <label className={`picker__row ${reason ? 'task-picker__row--off' : ''}`}>
                  <input
                    type="checkbox"
                    checked={isSelected(task._id) || Boolean(unavailable[task._id])}
                    disabled={Boolean(reason)}
                    onChange={() => toggle(task)}
                  />
                  <span className="people-pick__who">
                    <span className="people-pick__name">{task.title}</span>
                    <span className="people-pick__detail">
                      {typeLabel(task.type)} · {categoryLabel(task.category)}
                      {reason ? ` · ${reason}` : ''}
                    </span>
                  </span>
                </label>
              </li>
            );
          })}
        </ul>
        <Pagination
          page={list.page}
          totalPages={load.page.totalPages}
          totalCount={load.page.totalCount}
          onPage={list.setPage}
          noun={t('picker.noun')}
        />
      </>
    );
  };

  return (
    <div className="task-picker">
      <SearchBox
        label={t('picker.findLabel')}
        placeholder={t('picker.findPlaceholder')}
        value={search}
        onChange={setSearch}
      />
      {rows()}
      <div className="task-picker__summary" aria-live="polite">
        <span>
          {selected.length === 0
            ? t('picker.noneChosen')
            : t('picker.chosen', { count: selected.length, value: formatNumber(selected.length) })}
        </span>
        {selected.length > 0 ? (
          <Button variant="ghost" size="sm" onClick={() => onChange([])}>
            {t('picker.clear')}
          </Button>
        ) : null}
      </div>
    </div>
  );
};
