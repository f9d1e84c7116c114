import { TASK_STATUS } from '@coach/shared/constants/task-status';
import { TASK_CATEGORIES, type TaskCategory, type TaskType } from '@coach/shared/constants/task-types';
import { type MyTaskRow, tasks } from '@coach/shared/contract/tasks';
import { truncateText } from '@coach/shared/format/truncate-text';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { fillPath, paths } from '../../config/paths.ts';
import { formatNumber } from '../../i18n/format.ts';
import { formatDateTime } from '../../lib/dates.ts';
import { useCall } from '../../lib/use-call.ts';
import { useDebounced } from '../../lib/use-debounced.ts';
import { useOpenTaskTypes } from '../../lib/use-open-task-types.ts';
import { Button } from '../../ui/button.tsx';
import { PageHeader } from '../../ui/layout.tsx';
import { ProgressBar } from '../../ui/progress-bar.tsx';
import { LoadingBlock } from '../../ui/spinner.tsx';
import { EmptyState, ErrorState } from '../../ui/states.tsx';
import { Pagination, SearchBox } from '../../ui/table.tsx';
import { SelectField } from '../../ui/text-field.tsx';
import { UserText } from '../../ui/user-text.tsx';
import { MySurveys } from './my-surveys.tsx';
import { dueLabel, levelName, statusLabel, timeLabel, typeLabel } from './task-labels.ts';
import './my-tasks.css';

/** Search waits for a pause in typing before asking the server. */
const SEARCH_DEBOUNCE_MS = 400;

type Tab = 'due' | 'inProgress' | 'done';
// Each tab's label, list name and empty state are my-tasks.json's page.tabs/tabList/empty.<tab>.
const TABS: { tab: Tab; status: 0 | 1 | 2 }[] = [
  { tab: 'due', status: TASK_STATUS.notStarted },
  { tab: 'inProgress', status: TASK_STATUS.inProgress },
  { tab: 'done', status: TASK_STATUS.completed },
];

const isTab = (value: string | null): value is Tab => TABS.some(({ tab }) => tab === value);

const TaskCard = ({ row }: { row: MyTaskRow }) => {
  const { t } = useTranslation('my-tasks');
  const done = row.taskStatus === TASK_STATUS.completed;
  const percent = done ? 100 : row.progress;
  return (
    <li className={`task-card ${row.overdue && !done ? 'task-card--overdue' : ''}`}>
      <div className="task-card__top">
        <span className="chip chip--accent">{typeLabel(row.type)}</span>
        {row.hasFeedback ? (
          <span className="chip task-card__feedback">{t('card.feedback')}</span>
        ) : row.reviewedAt ? (
          <span className="chip">{t('card.reviewed')}</span>
        ) : null}
      </div>
      <h2 className="task-card__title">
        <Link
          className="task-card__link"
          to={fillPath(paths.enterprise.myTaskView, { id: row.taskId })}
          title={row.title.length > 100 ? row.title : undefined}
        >
          <UserText>{truncateText(row.title)}</UserText>
        </Link>
      </h2>
      <p className="task-card__meta">
        {levelName(row.level)} · {timeLabel(row.timeMinutes)}
      </p>
      <p className={`task-card__due ${row.overdue && !done ? 'task-card__due--overdue' : ''}`}>
        {done ? t('card.completed', { date: formatDateTime(row.completedAt, '') }) : dueLabel(row)}
      </p>
      <div className="task-card__status">
        <span className={`task-status task-status--${row.taskStatus}`}>{statusLabel(row.taskStatus)}</span>
        <ProgressBar
          value={percent}
          label={t('card.progressOf', { title: row.title })}
          tone={done ? 'success' : 'accent'}
        />
      </div>
    </li>
  );
};

/** /enterprise/my-tasks: the tasks assigned to the learner, by Due, In progress and Done (spec §2). */
export const MyTasksPage = () => {
  const { t } = useTranslation('my-tasks');
  const [params, setParams] = useSearchParams();
  const tabParam = params.get('tab');
  const tab: Tab = isTab(tabParam) ? tabParam : 'due';
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState<TaskCategory | ''>('');
  const [type, setType] = useState<TaskType | ''>('');
  const [page, setPage] = useState(1);
  const openTypes = useOpenTaskTypes();
  const searchText = useDebounced(search.trim(), SEARCH_DEBOUNCE_MS);
  const filtered = Boolean(searchText || category || type);
  const status = TABS.find((entry) => entry.tab === tab)?.status ?? TASK_STATUS.notStarted;
  const filterKey = [searchText, category, type, status].join('|');
  // A new tab or filter starts again at the first page.
  const [pagedKey, setPagedKey] = useState(filterKey);
  if (pagedKey !== filterKey) {
    setPagedKey(filterKey);
    setPage(1);
  }
  const currentPage = pagedKey === filterKey ? page : 1;

  const { state, reload } = useCall(tasks.getMyTasks, {
    ...(searchText ? { search: searchText } : {}),
    ...(category ? { catSearch: category } : {}),
    ...(type ? { tasktype: type } : {}),
    taskStatus: status,
    currentPage,
  });

  const counts = state.status === 'ready' ? state.data.counts : null;
  const countOf: Record<Tab, number | null> = {
    due: counts?.due ?? null,
    inProgress: counts?.inProgress ?? null,
    done: counts?.done ?? null,
  };
  const rows = state.status === 'ready' ? state.data.listdata : [];

  return (
    <div className="my-tasks">
      <PageHeader title={t('page.title')} description={t('page.description')} />
      <MySurveys />
      <fieldset className="segmented my-tasks__tabs">
        <legend className="visually-hidden">{t('page.showTasks')}</legend>
        {TABS.map((entry) => (
          <label
            key={entry.tab}
            className={`segmented__option ${tab === entry.tab ? 'segmented__option--on' : ''}`}
          >
            <input
              type="radio"
              name="my-tasks-tab"
              checked={tab === entry.tab}
              onChange={() =>
                setParams(
                  (current) => {
                    const next = new URLSearchParams(current);
                    if (entry.tab === 'due') next.delete('tab');
                    else next.set('tab', entry.tab);
                    return next;
                  },
                  { replace: true },
                )
              }
            />
            {t(`page.tabs.${entry.tab}`)}
            {countOf[entry.tab] !== null ? (
              <>
                {' '}
                <span className="my-tasks__count">{formatNumber(countOf[entry.tab] ?? 0)}</span>
              </>
            ) : null}
          </label>
        ))}
      </fieldset>
      <div className="my-tasks__filters">
        <SearchBox
          label={t('page.searchLabel')}
          placeholder={t('page.searchPlaceholder')}
          value={search}
          onChange={setSearch}
        />
        <SelectField
          label={t('page.category')}
          value={category}
          onChange={(event) => setCategory(event.target.value as TaskCategory | '')}
        >
          <option value="">{t('page.allCategories')}</option>
          {TASK_CATEGORIES.map((value) => (
            <option key={value} value={value}>
              {t(`tasks:categories.${value}`)}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t('page.type')}
          value={type === '' ? '' : String(type)}
          onChange={(event) => setType(event.target.value ? (Number(event.target.value) as TaskType) : '')}
        >
          <option value="">{t('page.allTypes')}</option>
          {openTypes.map((value) => (
            <option key={value} value={value}>
              {t(`tasks:types.${value}`)}
            </option>
          ))}
        </SelectField>
      </div>
      {state.status === 'loading' ? <LoadingBlock label={t('page.loading')} /> : null}
      {state.status === 'error' ? (
        <ErrorState
          title={t('page.loadError')}
          description={state.message}
          action={
            <Button variant="secondary" onClick={reload}>
              {t('page.tryAgain')}
            </Button>
          }
        />
      ) : null}
      {state.status === 'ready' && rows.length === 0 ? (
        <EmptyState
          title={filtered ? t('page.noMatch') : t(`page.empty.${tab}.title`)}
          description={filtered ? t('page.noMatchDescription') : t(`page.empty.${tab}.description`)}
        />
      ) : null}
      {rows.length > 0 ? (
        <ul className="my-tasks__grid" aria-label={t(`page.tabList.${tab}`)}>
          {rows.map((row) => (
            <TaskCard key={row.taskId} row={row} />
          ))}
        </ul>
      ) : null}
      {state.status === 'ready' && state.data.totalPages > 1 ? (
        <Pagination
          page={state.data.currentPage}
          totalPages={state.data.totalPages}
          totalCount={state.data.totalCount}
          onPage={setPage}
          noun={t('page.noun')}
        />
      ) : null}
    </div>
  );
};
