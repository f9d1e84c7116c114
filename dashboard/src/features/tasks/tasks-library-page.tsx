import { SORT_OPTIONS, type SortValue } from '@coach/shared/constants/sort-options';
import { TASK_CATEGORIES } from '@coach/shared/constants/task-types';
import { GROUP_SEARCH_DEBOUNCE_MS } from '@coach/shared/constants/timing';
import { TASK_SECTION_SIZE, type Task, type TaskListResponse } from '@coach/shared/contract/tasks';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { paths } from '../../config/paths.ts';
import { useDebounced } from '../../lib/use-debounced.ts';
import { useOpenTaskTypes } from '../../lib/use-open-task-types.ts';
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
/** "All" and one tab per type the enterprise's flags leave open (issue 7). */
const tabsFor = (types: readonly Task['type'][]): TabItem<Tab>[] => [
  { value: 'all', label: 'All' },
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
}) => (
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
              {label} <span className="task-section__count">({section.totalCount})</span>
            </h2>
            {open ? (
              <Button
                variant="ghost"
                size="sm"
                aria-expanded
                aria-controls={gridId}
                onClick={() => hasViewAll(section.type) && onToggle(section.type)}
              >
                Show less
              </Button>
            ) : section.totalCount > TASK_SECTION_SIZE ? (
              hasViewAll(section.type) ? (
                <Button
                  variant="ghost"
                  size="sm"
                  aria-expanded={false}
                  aria-controls={gridId}
                  aria-label={`View all ${section.totalCount} ${label} tasks`}
                  onClick={() => hasViewAll(section.type) && onToggle(section.type)}
                >
                  View all ({section.totalCount})
                </Button>
              ) : (
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={`View all ${section.totalCount} ${label} tasks`}
                  onClick={() => onOpenType(section.type)}
                >
                  View all ({section.totalCount})
                </Button>
              )
            ) : null}
          </div>
          <div id={gridId}>
            <TaskGrid items={section.listdata} label={`${label} tasks`} onAction={onAction} />
          </div>
          {open && more ? (
            <p className="task-section__more">
              Showing {section.listdata.length} of {section.totalCount}.{' '}
              <button type="button" className="link-button" onClick={() => onOpenType(section.type)}>
                See every {label} task
              </button>
            </p>
          ) : null}
        </section>
      );
    })}
  </div>
);

/** /enterprise/tasks-library: every task of the enterprise, by type, with search, category, sort, archive. */
export const TasksLibraryPage = () => {
  const [params, setParams] = useSearchParams();
  const TABS = tabsFor(useOpenTaskTypes());
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
      current.includes(type) ? current.filter((t) => t !== type) : [...current, type],
    );
  const filtered = Boolean(search || filters.category);

  const empty = filters.archived ? (
    <EmptyState
      title={filtered ? 'No archived task matches' : 'No archived tasks'}
      description="A task that was assigned and then deleted is archived here, so learners keep its history."
    />
  ) : filtered ? (
    <EmptyState title="No task matches" description="Try another search or category." />
  ) : (
    <EmptyState
      title={tab === 'all' ? 'No tasks yet' : `No ${typeLabel(Number(tab) as Task['type'])} tasks yet`}
      description="Create a task, then assign it to groups or members."
      action={
        <Link className="btn btn--primary btn--md" to={paths.enterprise.createTask}>
          Create task
        </Link>
      }
    />
  );

  const content = () => {
    const { state } = list;
    if (state.status === 'loading') return <LoadingBlock label="Loading tasks" />;
    if (state.status === 'error')
      return (
        <ErrorState
          title="Tasks could not be loaded"
          description={state.message}
          action={
            <Button variant="secondary" onClick={() => void list.reload()}>
              Try again
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
          label={`${TABS.find((t) => t.value === tab)?.label ?? ''} tasks`}
          onAction={(action, task) => setActing({ action, task })}
        />
        <Pagination
          page={data.currentPage}
          totalPages={data.totalPages}
          totalCount={data.totalCount}
          onPage={(next) => setPaging({ key: pageKey, page: next })}
          noun="tasks"
        />
      </div>
    );
  };

  return (
    <div className="tasks">
      <PageHeader
        title="Tasks Library"
        description="Create tasks, keep them in folders and assign them to groups or members."
        actions={
          <>
            <Link className="btn btn--secondary btn--md" to={paths.enterprise.tasksLibraryNew}>
              Folders
            </Link>
            <Link className="btn btn--secondary btn--md" to={paths.enterprise.bulkAssignTask}>
              Bulk assign
            </Link>
            <Button variant="secondary" onClick={() => setGenerating(true)}>
              Generate with the coach
            </Button>
            <Link className="btn btn--primary btn--md" to={paths.enterprise.createTask}>
              Create task
            </Link>
          </>
        }
      />
      <div className="task-toolbar">
        <SearchBox
          label="Search tasks"
          placeholder="Search by title..."
          value={filters.search}
          onChange={(value) => setFilters((f) => ({ ...f, search: value }))}
        />
        <SelectField
          label="Category"
          value={filters.category}
          onChange={(event) =>
            setFilters((f) => ({ ...f, category: event.target.value as Filters['category'] }))
          }
        >
          <option value="">All categories</option>
          {TASK_CATEGORIES.map((category) => (
            <option key={category} value={category}>
              {categoryLabel(category)}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Sort by"
          value={filters.sortBy}
          onChange={(event) => setFilters((f) => ({ ...f, sortBy: event.target.value as SortValue }))}
        >
          {SORT_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </SelectField>
        <Checkbox
          label="Archived"
          checked={filters.archived}
          onChange={(archived) => setFilters((f) => ({ ...f, archived }))}
        />
        {list.busy && list.state.status === 'ready' ? <Spinner size="sm" label="Updating tasks" /> : null}
      </div>
      <Tabs label="Task types" value={tab} onValueChange={setTab} tabs={TABS}>
        <div aria-busy={list.busy}>{content()}</div>
      </Tabs>
      {generating ? (
        <GenerateTasksDialog onClose={() => setGenerating(false)} onAdded={() => void list.reload()} />
      ) : null}
      {acting?.action === 'assign' ? (
        <AssignTasksDialog
          title="Assign task"
          description={`Choose who gets “${acting.task.title}”.`}
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
