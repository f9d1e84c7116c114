import {
  type FeatureFlagKey,
  featureLabel,
  isFeatureOn,
  isTaskTypeOn,
  TASK_CATEGORY_FEATURE,
  TASK_TYPE_FEATURE,
} from '@coach/shared/constants/features';
import { TASK_TYPE_VALUES, type TaskCategory, type TaskType } from '@coach/shared/constants/task-types';
import { featureDisabled, validation } from '../../errors.ts';
import { enterpriseFlags, enterpriseSession } from '../../session/session.ts';
import type { ServiceContext } from '../context.ts';

/** The calling enterprise's flags, as loaded with the session (a switch takes effect on the next call). */
export const flagsOf = (ctx: ServiceContext) => enterpriseFlags(enterpriseSession(ctx).user);

/** 403 FEATURE_DISABLED unless the flag (and its parent) is on for the calling enterprise. */
export const assertFeatureOn = (ctx: ServiceContext, key: FeatureFlagKey) => {
  if (!isFeatureOn(flagsOf(ctx), key)) throw featureDisabled(featureLabel(key));
};

/** The task types the calling enterprise may author, assign and do (spec §3 feature flags: a flag off hides its types). */
export const openTaskTypes = (ctx: ServiceContext): TaskType[] => {
  const flags = flagsOf(ctx);
  return TASK_TYPE_VALUES.filter((type) => isTaskTypeOn(flags, type));
};

/** 403 FEATURE_DISABLED naming the feature when a task type's flag is off for the calling enterprise. */
export const assertTaskTypeOn = (ctx: ServiceContext, type: TaskType) => {
  const key = (TASK_TYPE_FEATURE as Partial<Record<TaskType, FeatureFlagKey>>)[type];
  if (key) assertFeatureOn(ctx, key);
};

/**
 * 422 on `category` when the category's flag is off (IVR with Interview Ready), so the task form shows it under
 * the field; the dashboard does not offer such a category.
 */
export const assertTaskCategoryOn = (ctx: ServiceContext, category: TaskCategory) => {
  const key = (TASK_CATEGORY_FEATURE as Partial<Record<TaskCategory, FeatureFlagKey>>)[category];
  if (key && !isFeatureOn(flagsOf(ctx), key))
    throw validation('category', `${featureLabel(key)} is not enabled for your organisation`);
};
