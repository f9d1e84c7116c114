import { adminTasks } from '@coach/shared/contract/admin-tasks';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { paths } from '../../config/paths.ts';
import { api } from '../../lib/api.ts';
import { BulkAssignPage, type LoadItemPage } from '../../widgets/bulk-assign.tsx';
import { enterprisesText, levelLabel, typeLabel } from './task-text.ts';

const loadTasks: LoadItemPage = async ({ search, currentPage }) => {
  const page = await api.call(adminTasks.list, { searchInput: search, currentPage });
  return {
    ...page,
    listdata: page.listdata.map((task) => ({
      _id: task._id,
      name: task.title,
      hint: [typeLabel(task.type), levelLabel(task.level), enterprisesText(task.enterpriseCount)].join(' · '),
    })),
  };
};

/** /admin/bulk-assign-unassign-task: offer platform tasks to enterprises, or withdraw them. */
export const BulkAssignTaskPage = () => {
  const { t } = useTranslation('admin-tasks');
  const [params] = useSearchParams();
  const taskId = params.get('taskId');
  const preset = useCallback(async () => {
    const task = await api.call(adminTasks.get, { taskId: taskId ?? '' });
    return { _id: task._id, name: task.title, hint: '' };
  }, [taskId]);
  return (
    <BulkAssignPage
      title={t('bulk.title')}
      description={t('bulk.description')}
      backTo={paths.admin.tasksLibrary}
      kind="task"
      loadItems={loadTasks}
      preset={taskId ? preset : null}
      call={adminTasks.bulkAssign}
      input={({ itemIds, enterpriseIds, action }) => ({ taskIds: itemIds, enterpriseIds, action })}
    />
  );
};
