import { tasks } from '@coach/shared/contract/tasks';
import { i18n } from '../../i18n/index.ts';
import type { useContractForm } from '../../lib/use-contract-form.ts';
import type { People } from '../../widgets/people-picker.tsx';
import { messageOf } from './task-text.ts';

/** The note under the people picker when assigning tasks. */
export const laterJoinersNote = () => i18n.t('tasks:laterJoiners');

type Send = ReturnType<typeof useContractForm<'taskIds' | 'groupIds' | 'userIds'>>['send'];

/**
 * Assigns tasks to the chosen groups, then to the chosen members (two calls), through a form's `send`: no toast of
 * either (the form shows one for both), a refusal shown above the form as the server said it. Answers how many new
 * assignments the two made and how many people they reached (0: only empty groups were chosen), or null when one
 * was refused.
 */
export const sendTaskAssignments = async (
  send: Send,
  taskIds: string[],
  people: People,
): Promise<{ assigned: number; reached: number } | null> => {
  const asSent = { toast: false, errorText: messageOf } as const;
  let assigned = 0;
  // The people the assignment reached: those in the chosen groups now and the members chosen themselves.
  let reached = people.members.length;
  if (people.groups.length > 0) {
    const made = await send(
      tasks.assignTaskGroupUsers,
      { taskIds, groupIds: people.groups.map((g) => g._id) },
      asSent,
    );
    if (!made) return null;
    assigned += made.assigned;
    reached += made.groupMembers;
  }
  if (people.members.length > 0) {
    const made = await send(
      tasks.assignTaskUsers,
      { taskIds, userIds: people.members.map((m) => m._id) },
      asSent,
    );
    if (!made) return null;
    assigned += made.assigned;
  }
  return { assigned, reached };
};
