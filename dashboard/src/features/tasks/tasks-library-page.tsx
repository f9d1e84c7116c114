import { SORT_OPTIONS, type SortValue } from '@coach/shared/constants/sort-options';
import { GROUP_SEARCH_DEBOUNCE_MS } from '@coach/shared/constants/timing';
import { TASK_SECTION_SIZE, type Task, type TaskListResponse } from '@coach/shared/contract/tasks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { paths } from '../../config/paths.ts';
import { formatNumber } from '../../i18n/format.ts';
import { useDebounced } from '../../lib/use-debounced.ts';
import { useOpenTaskCategories, useOpenTaskTypes } from '../../lib/use-open-task-types.ts';
import { Button } from '../../ui/button.tsx';
import { PageHeader } from '../../ui/layout.tsx';
import { LoadingBlock, Spinner } from '../../ui/spinner.tsx';
import { EmptyState, ErrorState } from '../../ui/states.tsx';
import { Checkbox, Pagination, SearchBox } from '../../ui/table.tsx';
import { type TabItem, Tabs } from '../../ui/tabs.tsx';
import { SelectField } from '../../ui/text-field.tsx';
import { GenerateTasksDialog } from './generate-tasks-dialog.tsx';
import { type TaskAction, TaskGrid } from './task-card.tsx';
import { AddToFolderDialog, AssignTasksDialog, DeleteTaskDialog } from './task-dialogs.tsx';
import { categoryLabel, typeLabel } from './task-text.ts';
import { hasViewAll, type TaskListQuery, useTaskList, type ViewAllType } from './use-task-list.ts';
import './tasks.css';

type Tab = 'all' | `${Task['type']}`;
/** "All" and one tab per type the enterprise's flags leave open. */
const tabsFor = (types: readonly Task['type'][], all: string): TabItem<Tab>[] => [
  { value: 'all', label: all },
  ...types.map((type) => ({ value: `${type}` as Tab, label: typeLabel(type) })),
];
const tabOf = (tabs: TabItem<Tab>[], value: string | null): Tab =>
  tabs.find((tab) => tab.value === value)?.value ?? 'all';

type Filters = { search: string; category: Task['category'] | ''; sortBy: SortValue; archived: boolean };

const Sections = ({
  data,
  expanded,
  onToggle,
  onOpenType,
  onAction,
}: {
  data: Extract<TaskListResponse, { mode: 'sections' }>;
  expanded: readonly ViewAllType[];
  onToggle: (type: ViewAllType) => void;
  onOpenType: (type: Task['type']) => void;
  onAction: (action: TaskAction, task: Task) => void;
}) => {
  const { t } = useTranslation('tasks');
  return (
    <div className="task-sections">
      {data.sections.map((section) => {
        const label = typeLabel(section.type);
        const open = hasViewAll(section.type) && expanded.includes(section.type);
        const gridId = `task-section-${section.type}`;
        const more = section.totalCount > section.listdata.length;
        return (
          <section key={section.type} className="task-section" aria-labelledby={`${gridId}-title`}>
            <div className="task-section__head">
              <h2 className="task-section__title" id={`${gridId}-title`}>
                {label} <span className="task-section__count">({formatNumber(section.totalCount)})</span>
              </h2>
              {open ? (
                <Button
                  variant="ghost"
                  size="sm"
                  aria-expanded
                  aria-controls={gridId}
                  onClick={() => hasViewAll(section.type) && onToggle(section.type)}
                >
                  {t('library.showLess')}
                </Button>
              ) : section.totalCount > TASK_SECTION_SIZE ? (
                hasViewAll(section.type) ? (
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-expanded={false}
                    aria-controls={gridId}
                    aria-label={t('library.viewAllLabel', {
                      value: formatNumber(section.totalCount),
                      type: label,
                    })}
                    onClick={() => hasViewAll(section.type) && onToggle(section.type)}
                  >
                    {t('library.viewAll', { value: formatNumber(section.totalCount) })}
                  </Button>
                ) : (
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={t('library.viewAllLabel', {
                      value: formatNumber(section.totalCount),
                      type: label,
                    })}
                    onClick={() => onOpenType(section.type)}
                  >
                    {t('library.viewAll', { value: formatNumber(section.totalCount) })}
                  </Button>
                )
              ) : null}
            </div>
            <div id={gridId}>
              <TaskGrid
                items={section.listdata}
                label={t('library.typeTasks', { type: label })}
                onAction={onAction}
              />
            </div>
            {open && more ? (
              <p className="task-section__more">
                {t('library.showing', {
                  shown: formatNumber(section.listdata.length),
                  total: formatNumber(section.totalCount),
                })}{' '}
                <button type="button" className="link-button" onClick={() => onOpenType(section.type)}>
                  {t('library.seeEvery', { type: label })}
                </button>
              </p>
            ) : null}
          </section>
        );
      })}
    </div>
  );
};

/** /enterprise/tasks-library: every task of the enterprise, by type, with search, category, sort, archive. */
export const TasksLibraryPage = () => {
  const { t } = useTranslation('tasks');
  const [params, setParams] = useSearchParams();
  const TABS = tabsFor(useOpenTaskTypes(), t('library.all'));
  const categories = useOpenTaskCategories();
  const tab = tabOf(TABS, params.get('type'));
  const [filters, setFilters] = useState<Filters>({
    search: '',
    category: '',
    sortBy: 'latest',
    archived: false,
  });
  const search = useDebounced(filters.search.trim(), GROUP_SEARCH_DEBOUNCE_MS);
  const [expanded, setExpanded] = useState<ViewAllType[]>([]);
  const base = {
    tab,
    search,
    category: filters.category,
    sortBy: filters.sortBy,
    archived: filters.archived,
  };
  const pageKey = JSON.stringify(base);
  const [paging, setPaging] = useState({ key: pageKey, page: 1 });
  const page = paging.key === pageKey ? paging.page : 1;
  const query: TaskListQuery = {
    tasktype: tab === 'all' ? null : (Number(tab) as Task['type']),
    search,
    category: filters.category,
    sortBy: filters.sortBy,
    archived: filters.archived,
    expanded: tab === 'all' ? expanded : [],
    page,
  };
  const list = useTaskList(query, () => setPaging({ key: pageKey, page: Math.max(1, page - 1) }));
  const [acting, setActing] = useState<{ action: TaskAction; task: Task } | null>(null);
  const [generating, setGenerating] = useState(false);

  const setTab = (next: Tab) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next === 'all') updated.delete('type');
        else updated.set('type', next);
        return updated;
      },
      { replace: true },
    );
  const toggle = (type: ViewAllType) =>
    setExpanded((current) =>
      current.includes(type) ? current.filter((other) => other !== type) : [...current, type],
    );
  const filtered = Boolean(search || filters.category);

  const empty = filters.archived ? (
    <EmptyState
      title={filtered ? t('library.emptyArchivedMatch') : t('library.emptyArchived')}
      description={t('library.archivedDescription')}
    />
  ) : filtered ? (
    <EmptyState title={t('library.noMatch')} description={t('library.noMatchDescription')} />
  ) : (
    <EmptyState
      title={
        tab === 'all'
          ? t('library.empty')
          : t('library.emptyType', { type: typeLabel(Number(tab) as Task['type']) })
      }
      description={t('library.emptyDescription')}
      action={
        <Link className="btn btn--primary btn--md" to={paths.enterprise.createTask}>
          {t('library.create')}
        </Link>
      }
    />
  );

  const content = () => {
    const { state } = list;
    if (state.status === 'loading') return <LoadingBlock label={t('library.loading')} />;
    if (state.status === 'error')
      return (
        <ErrorState
          title={t('library.loadError')}
          description={state.message}
          action={
            <Button variant="secondary" onClick={() => void list.reload()}>
              {t('library.tryAgain')}
            </Button>
          }
        />
      );
    const { data } = state;
    if (data.mode === 'sections')
      return data.sections.length === 0 ? (
        empty
      ) : (
        <Sections
          data={data}
          expanded={expanded}
          onToggle={toggle}
          onOpenType={(type) => setTab(`${type}`)}
          onAction={(action, task) => setActing({ action, task })}
        />
      );
    if (data.listdata.length === 0) return empty;
    return (
      <div className="task-list">
        <TaskGrid
          items={data.listdata}
          label={
            tab === 'all'
              ? t('library.noun')
              : t('library.typeTasks', { type: typeLabel(Number(tab) as Task['type']) })
          }
          onAction={(action, task) => setActing({ action, task })}
        />
        <Pagination
          page={data.currentPage}
          totalPages={data.totalPages}
          totalCount={data.totalCount}
          onPage={(next) => setPaging({ key: pageKey, page: next })}
          noun={t('library.noun')}
        />
      </div>
    );
  };

  return (
    <div className="tasks">
      <PageHeader
        title={t('library.title')}
        description={t('library.description')}
        actions={
          <>
            <Link className="btn btn--secondary btn--md" to={paths.enterprise.tasksLibraryNew}>
              {t('library.folders')}
            </Link>
            <Link className="btn btn--secondary btn--md" to={paths.enterprise.bulkAssignTask}>
              {t('library.bulkAssign')}
            </Link>
            <Button variant="secondary" onClick={() => setGenerating(true)}>
              {t('library.generate')}
            </Button>
            <Link className="btn btn--primary btn--md" to={paths.enterprise.createTask}>
              {t('library.create')}
            </Link>
          </>
        }
      />
      <div className="task-toolbar">
        <SearchBox
          label={t('library.searchLabel')}
          placeholder={t('library.searchPlaceholder')}
          value={filters.search}
          onChange={(value) => setFilters((f) => ({ ...f, search: value }))}
        />
        <SelectField
          label={t('library.category')}
          value={filters.category}
          onChange={(event) =>
            setFilters((f) => ({ ...f, category: event.target.value as Filters['category'] }))
          }
        >
          <option value="">{t('library.allCategories')}</option>
          {categories.map((category) => (
            <option key={category} value={category}>
              {categoryLabel(category)}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t('library.sortBy')}
          value={filters.sortBy}
          onChange={(event) => setFilters((f) => ({ ...f, sortBy: event.target.value as SortValue }))}
        >
          {SORT_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {t(`library.sort.${option.value}`)}
            </option>
          ))}
        </SelectField>
        <Checkbox
          label={t('library.archived')}
          checked={filters.archived}
          onChange={(archived) => setFilters((f) => ({ ...f, archived }))}
        />
        {list.busy && list.state.status === 'ready' ? (
          <Spinner size="sm" label={t('library.updating')} />
        ) : null}
      </div>
      <Tabs label={t('library.typesLabel')} value={tab} onValueChange={setTab} tabs={TABS}>
        <div aria-busy={list.busy}>{content()}</div>
      </Tabs>
      {generating ? (
        <GenerateTasksDialog onClose={() => setGenerating(false)} onAdded={() => void list.reload()} />
      ) : null}
      {acting?.action === 'assign' ? (
        <AssignTasksDialog
          title={t('library.assignTitle')}
          description={t('library.assignDescription', { title: acting.task.title })}
          taskIds={[acting.task._id]}
          onClose={() => setActing(null)}
          onAssigned={() => void list.reload()}
        />
      ) : null}
      {acting?.action === 'folder' ? (
        <AddToFolderDialog task={acting.task} onClose={() => setActing(null)} />
      ) : null}
      {acting?.action === 'delete' ? (
        <DeleteTaskDialog
          task={acting.task}
          onClose={() => setActing(null)}
          onDeleted={() => {
            setActing(null);
            void list.reload();
          }}
        />
      ) : null}
    </div>
  );
};
