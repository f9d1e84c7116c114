import { TASK_TYPE_VALUES } from '@coach/shared/constants/task-types';
import { GROUP_SEARCH_DEBOUNCE_MS } from '@coach/shared/constants/timing';
import { adminTasks, type PlatformTask } from '@coach/shared/contract/admin-tasks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { fillPath, paths } from '../../config/paths.ts';
import { formatNumber } from '../../i18n/format.ts';
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
import { enterprisesText, levelLabel, typeLabel } from './task-text.ts';
import './admin-tasks.css';

const A = paths.admin;

/** /admin/tasks-library: the platform's task templates, offered to enterprises as copies (issue 7). */
export const AdminTasksLibraryPage = () => {
  const { t } = useTranslation('admin-tasks');
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const searchInput = useDebounced(search.trim(), GROUP_SEARCH_DEBOUNCE_MS);
  const [type, setType] = useState('');
  const list = usePagedList([adminTasks.list.path, searchInput, type], (currentPage) =>
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
        title={t('library.title')}
        description={t('library.description')}
        actions={
          <>
            <Link className="btn btn--secondary btn--md" to={A.bulkTask}>
              {t('library.offer')}
            </Link>
            <Link className="btn btn--primary btn--md" to={A.createTask}>
              {t('library.create')}
            </Link>
          </>
        }
      />
      <div className="list-toolbar">
        <SearchBox
          label={t('library.search')}
          placeholder={t('library.searchPlaceholder')}
          value={search}
          onChange={setSearch}
        />
        <SelectField label={t('library.type')} value={type} onChange={(event) => setType(event.target.value)}>
          <option value="">{t('library.allTypes')}</option>
          {TASK_TYPE_VALUES.map((value) => (
            <option key={value} value={value}>
              {typeLabel(value)}
            </option>
          ))}
        </SelectField>
      </div>
      <PagedTable<PlatformTask>
        list={list}
        noun={t('library.noun')}
        empty={
          searchInput || type
            ? { title: t('library.noMatch'), description: t('library.noMatchText') }
            : { title: t('library.none'), description: t('library.noneText') }
        }
        head={
          <>
            <th scope="col">{t('library.task')}</th>
            <th scope="col">{t('library.type')}</th>
            <th scope="col">{t('library.level')}</th>
            <th scope="col">{t('library.enterprises')}</th>
            <th scope="col">
              <span className="visually-hidden">{t('library.actions')}</span>
            </th>
          </>
        }
        row={(task) => (
          <tr key={task._id}>
            <td data-label={t('library.task')}>
              <Link to={fillPath(A.viewTask, { id: task._id })}>{task.title}</Link>
            </td>
            <td data-label={t('library.type')}>{typeLabel(task.type)}</td>
            <td data-label={t('library.level')}>{levelLabel(task.level)}</td>
            <td data-label={t('library.enterprises')}>{enterprisesText(task.enterpriseCount)}</td>
            <td>
              <DropdownMenu
                label={t('library.actionsFor', { title: task.title })}
                trigger={
                  <Button variant="ghost" size="sm">
                    ⋯
                  </Button>
                }
              >
                <DropdownMenuItem onSelect={() => navigate(fillPath(A.viewTask, { id: task._id }))}>
                  {t('library.view')}
                </DropdownMenuItem>
                <DropdownMenuItem onSelect={() => navigate(fillPath(A.editTask, { id: task._id }))}>
                  {t('library.edit')}
                </DropdownMenuItem>
                <DropdownMenuItem
                  onSelect={() => navigate(`${A.bulkTask}?taskId=${encodeURIComponent(task._id)}`)}
                >
                  {t('library.offerOrWithdraw')}
                </DropdownMenuItem>
                <DropdownMenuItem onSelect={() => deletion.ask(task)}>{t('library.delete')}</DropdownMenuItem>
              </DropdownMenu>
            </td>
          </tr>
        )}
      />
      {deletion.pending ? (
        <ConfirmDialog
          title={t('delete.title', { title: deletion.pending.title })}
          description={
            deletion.pending.enterpriseCount > 0
              ? t('delete.withdrawnFrom', {
                  count: deletion.pending.enterpriseCount,
                  value: formatNumber(deletion.pending.enterpriseCount),
                })
              : t('delete.removed')
          }
          confirmLabel={t('delete.submit')}
          {...deletion.dialog}
        />
      ) : null}
    </div>
  );
};
