import { isTaskCategoryOn, isTaskTypeOn } from '@coach/shared/constants/features';
import {
  TASK_CATEGORIES,
  TASK_TYPE_VALUES,
  type TaskCategory,
  type TaskType,
} from '@coach/shared/constants/task-types';
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

/**
 * The task categories the signed-in enterprise may choose and filter by: IVR goes with Interview Ready (the
 * server refuses it too). Outside an enterprise session every category is open.
 */
export const useOpenTaskCategories = (audience: 'enterprise' | 'admin' = 'enterprise'): TaskCategory[] => {
  const user = useAtomValue(enterpriseUserAtom);
  if (audience === 'admin' || !user) return [...TASK_CATEGORIES];
  return TASK_CATEGORIES.filter((category) => isTaskCategoryOn(user.enterpriseId, category));
};
