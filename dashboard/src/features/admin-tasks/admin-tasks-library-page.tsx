import { LEVEL_NAMES } from '@coach/shared/constants/levels';
import { TASK_TYPE_LABELS, TASK_TYPE_VALUES } from '@coach/shared/constants/task-types';
import { GROUP_SEARCH_DEBOUNCE_MS } from '@coach/shared/constants/timing';
import { adminTasks, type PlatformTask } from '@coach/shared/contract/admin-tasks';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { fillPath, paths } from '../../config/paths.ts';
import { api } from '../../lib/api.ts';
import { useConfirmedDelete } from '../../lib/use-confirmed-delete.ts';
import { useDebounced } from '../../lib/use-debounced.ts';
import { usePagedList } from '../../lib/use-paged-list.ts';
import { Button } from '../../ui/button.tsx';
import { ConfirmDialog } from '../../ui/dialog.tsx';
import { DropdownMenu, DropdownMenuItem } from '../../ui/dropdown-menu.tsx';
import { PageHeader } from '../../ui/layout.tsx';
import { PagedTable } from '../../ui/paged-table.tsx';
import { SearchBox } from '../../ui/table.tsx';
import { SelectField } from '../../ui/text-field.tsx';
import './admin-tasks.css';

const A = paths.admin;
const enterprisesText = (count: number) => `${count} ${count === 1 ? 'enterprise' : 'enterprises'}`;

/** /admin/tasks-library: the platform's task templates, offered to enterprises as copies (issue 7). */
export const AdminTasksLibraryPage = () => {
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const searchInput = useDebounced(search.trim(), GROUP_SEARCH_DEBOUNCE_MS);
  const [type, setType] = useState('');
  const list = usePagedList(`${searchInput}|${type}`, (currentPage) =>
    api.call(adminTasks.list, {
      searchInput,
      currentPage,
      ...(type ? { type: Number(type) as PlatformTask['type'] } : {}),
    }),
  );
  const deletion = useConfirmedDelete<PlatformTask>(
    async (task) => (await api.callWithMessage(adminTasks.remove, { taskId: task._id })).message,
    list.reload,
  );

  return (
    <div className="admin-tasks">
      <PageHeader
        title="Task Library"
        description="Task templates of the platform. Offer them to enterprises: each gets a copy it can assign, kept up to date from here."
        actions={
          <>
            <Link className="btn btn--secondary btn--md" to={A.bulkTask}>
              Offer to enterprises
            </Link>
            <Link className="btn btn--primary btn--md" to={A.createTask}>
              Create task
            </Link>
          </>
        }
      />
      <div className="list-toolbar">
        <SearchBox
          label="Search tasks"
          placeholder="Search by title..."
          value={search}
          onChange={setSearch}
        />
        <SelectField label="Type" value={type} onChange={(event) => setType(event.target.value)}>
          <option value="">All types</option>
          {TASK_TYPE_VALUES.map((value) => (
            <option key={value} value={value}>
              {TASK_TYPE_LABELS[value]}
            </option>
          ))}
        </SelectField>
      </div>
      <PagedTable<PlatformTask>
        list={list}
        noun="tasks"
        empty={
          searchInput || type
            ? { title: 'No task matches', description: 'Try another search or type.' }
            : { title: 'No platform tasks yet', description: 'Create a task, then offer it to enterprises.' }
        }
        head={
          <>
            <th scope="col">Task</th>
            <th scope="col">Type</th>
            <th scope="col">Level</th>
            <th scope="col">Enterprises</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </>
        }
        row={(task) => (
          <tr key={task._id}>
            <td data-label="Task">
              <Link to={fillPath(A.viewTask, { id: task._id })}>{task.title}</Link>
            </td>
            <td data-label="Type">{TASK_TYPE_LABELS[task.type]}</td>
            <td data-label="Level">{LEVEL_NAMES[task.level]}</td>
            <td data-label="Enterprises">{enterprisesText(task.enterpriseCount)}</td>
            <td>
              <DropdownMenu
                label={`Actions for ${task.title}`}
                trigger={
                  <Button variant="ghost" size="sm">
                    ⋯
                  </Button>
                }
              >
                <DropdownMenuItem onSelect={() => navigate(fillPath(A.viewTask, { id: task._id }))}>
                  View
                </DropdownMenuItem>
                <DropdownMenuItem onSelect={() => navigate(fillPath(A.editTask, { id: task._id }))}>
                  Edit
                </DropdownMenuItem>
                <DropdownMenuItem
                  onSelect={() => navigate(`${A.bulkTask}?taskId=${encodeURIComponent(task._id)}`)}
                >
                  Offer or withdraw
                </DropdownMenuItem>
                <DropdownMenuItem onSelect={() => deletion.ask(task)}>Delete</DropdownMenuItem>
              </DropdownMenu>
            </td>
          </tr>
        )}
      />
      {deletion.pending ? (
        <ConfirmDialog
          title={`Delete ${deletion.pending.title}?`}
          description={
            deletion.pending.enterpriseCount > 0
              ? `It is withdrawn from ${enterprisesText(deletion.pending.enterpriseCount)} first; where learners already have it, it stays archived so their answers are kept.`
              : 'The template is removed for good.'
          }
          confirmLabel="Delete task"
          {...deletion.dialog}
        />
      ) : null}
    </div>
  );
};
