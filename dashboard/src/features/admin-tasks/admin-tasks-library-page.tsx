import { TASK_TYPE_VALUES } from '@coach/shared/constants/task-types';
import { adminTasks, type PlatformTask } from '@coach/shared/contract/admin-tasks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { fillPath, paths } from '../../config/paths.ts';
import { formatNumber } from '../../i18n/format.ts';
import { api } from '../../lib/api.ts';
import { Button } from '../../ui/button.tsx';
import { DropdownMenu, DropdownMenuItem } from '../../ui/dropdown-menu.tsx';
import { SelectField } from '../../ui/text-field.tsx';
import { type Column, ListScreen, useListScreen } from '../../widgets/list-screen.tsx';
import { enterprisesText, levelLabel, typeLabel } from './task-text.ts';
import './admin-tasks.css';

const A = paths.admin;

/** /admin/tasks-library: the platform's task templates, offered to enterprises as copies (spec §2). */
export const AdminTasksLibraryPage = () => {
  const { t } = useTranslation('admin-tasks');
  const navigate = useNavigate();
  const [type, setType] = useState('');
  const screen = useListScreen<PlatformTask>({
    call: adminTasks.list,
    filters: [type],
    fetch: ({ search: searchInput, currentPage }) =>
      api.call(adminTasks.list, {
        searchInput,
        currentPage,
        ...(type ? { type: Number(type) as PlatformTask['type'] } : {}),
      }),
    remove: async (task) => (await api.callWithMessage(adminTasks.remove, { taskId: task._id })).message,
  });

  const columns: Column<PlatformTask>[] = [
    {
      header: t('library.task'),
      cell: (task) => <Link to={fillPath(A.viewTask, { id: task._id })}>{task.title}</Link>,
    },
    { header: t('library.type'), cell: (task) => typeLabel(task.type) },
    { header: t('library.level'), cell: (task) => levelLabel(task.level) },
    { header: t('library.enterprises'), cell: (task) => enterprisesText(task.enterpriseCount) },
    {
      header: t('library.actions'),
      hiddenHeader: true,
      cell: (task) => (
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
          <DropdownMenuItem onSelect={() => navigate(`${A.bulkTask}?taskId=${encodeURIComponent(task._id)}`)}>
            {t('library.offerOrWithdraw')}
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => screen.deletion.ask(task)}>
            {t('library.delete')}
          </DropdownMenuItem>
        </DropdownMenu>
      ),
    },
  ];

  return (
    <ListScreen
      className="admin-tasks"
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
      screen={screen}
      search={{ label: t('library.search'), placeholder: t('library.searchPlaceholder') }}
      filters={
        <SelectField label={t('library.type')} value={type} onChange={(event) => setType(event.target.value)}>
          <option value="">{t('library.allTypes')}</option>
          {TASK_TYPE_VALUES.map((value) => (
            <option key={value} value={value}>
              {typeLabel(value)}
            </option>
          ))}
        </SelectField>
      }
      noun={t('library.noun')}
      empty={
        screen.search || type
          ? { title: t('library.noMatch'), description: t('library.noMatchText') }
          : { title: t('library.none'), description: t('library.noneText') }
      }
      columns={columns}
      rowKey={(task) => task._id}
      confirmDelete={(task) => ({
        title: t('delete.title', { title: task.title }),
        description:
          task.enterpriseCount > 0
            ? t('delete.withdrawnFrom', {
                count: task.enterpriseCount,
                value: formatNumber(task.enterpriseCount),
              })
            : t('delete.removed'),
        confirmLabel: t('delete.submit'),
      })}
    />
  );
};
