import { tasks } from '@coach/shared/contract/tasks';
import { i18n } from '../../i18n/index.ts';
import { api } from '../../lib/api.ts';
import type { People } from '../../widgets/people-picker.tsx';

/** Assigns the tasks to the chosen groups and members; answers the number of new assignments. */
export const assignTasks = async (taskIds: string[], people: People): Promise<number> => {
  let assigned = 0;
  if (people.groups.length > 0) {
    const result = await api.call(tasks.assignTaskGroupUsers, {
      taskIds,
      groupIds: people.groups.map((g) => g._id),
    });
    assigned += result.assigned;
  }
  if (people.members.length > 0) {
    const result = await api.call(tasks.assignTaskUsers, {
      taskIds,
      userIds: people.members.map((m) => m._id),
    });
    assigned += result.assigned;
  }
  return assigned;
};

/** The note under the people picker when assigning tasks. */
export const laterJoinersNote = () => i18n.t('tasks:laterJoiners');
