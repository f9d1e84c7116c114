import { isTaskTypeOn } from '@coach/shared/constants/features';
import { TASK_TYPE_VALUES, type TaskType } from '@coach/shared/constants/task-types';
import { useAtomValue } from 'jotai';
import { enterpriseUserAtom } from './session.ts';

/**
 * The task types the signed-in enterprise may use: a type whose feature flag is off is hidden (the server
 * refuses it too). Outside an enterprise session (the platform admin's editor) every type is open.
 */
export const useOpenTaskTypes = (audience: 'enterprise' | 'admin' = 'enterprise'): TaskType[] => {
  const user = useAtomValue(enterpriseUserAtom);
  if (audience === 'admin' || !user) return [...TASK_TYPE_VALUES];
  return TASK_TYPE_VALUES.filter((type) => isTaskTypeOn(user.enterpriseId, type));
};
