import { LEVEL_NAMES } from '@coach/shared/constants/levels';
import { TASK_TYPE_LABELS } from '@coach/shared/constants/task-types';
import { adminTasks } from '@coach/shared/contract/admin-tasks';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';
import { paths } from '../../config/paths.ts';
import { api } from '../../lib/api.ts';
import { BulkAssignPage, type LoadItemPage } from '../../ui/bulk-assign.tsx';

const loadTasks: LoadItemPage = async ({ search, currentPage }) => {
  const page = await api.call(adminTasks.list, { searchInput: search, currentPage });
  return {
    ...page,
    listdata: page.listdata.map((task) => ({
      _id: task._id,
      name: task.title,
      hint: `${TASK_TYPE_LABELS[task.type]} · ${LEVEL_NAMES[task.level]} · ${task.enterpriseCount} ${task.enterpriseCount === 1 ? 'enterprise' : 'enterprises'}`,
    })),
  };
};

/** /admin/bulk-assign-unassign-task: offer platform tasks to enterprises, or withdraw them (issue 7). */
export const BulkAssignTaskPage = () => {
  const [params] = useSearchParams();
  const taskId = params.get('taskId');
  const preset = useCallback(async () => {
    const task = await api.call(adminTasks.get, { taskId: taskId ?? '' });
    return { _id: task._id, name: task.title, hint: '' };
  }, [taskId]);
  return (
    <BulkAssignPage
      title="Offer tasks to enterprises"
      description="Choose tasks and enterprises, then offer the tasks (each enterprise gets a copy in its library) or withdraw them."
      backTo={paths.admin.tasksLibrary}
      kind="task"
      loadItems={loadTasks}
      preset={taskId ? preset : null}
      run={async ({ itemIds, enterpriseIds, action }) => {
        const { response, message } = await api.callWithMessage(adminTasks.bulkAssign, {
          taskIds: itemIds,
          enterpriseIds,
          action,
        });
        return { message, changed: response.changed, unchanged: response.unchanged };
      }}
    />
  );
};
