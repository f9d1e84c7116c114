import type { TaskCategory, TaskType } from './task-types.ts';

/**
 * The per-enterprise feature flags of spec §3 with labels, in display order. A child (with `parent`) cannot
 * be on while its parent is off. The contract's `featureFlagsSchema` holds exactly these keys
 * (features.test.ts); this module imports no contract module, so the access rule (permissions.ts `canCall`) can
 * use it without an import cycle.
 */
export const FEATURE_FLAGS = [
  { key: 'enableCourseFeature', label: 'MarketPlace', parent: null },
  { key: 'enableInterviewReadyFeature', label: 'Interview Ready', parent: null },
  { key: 'enableCommunicationReadyFeature', label: 'Communication Ready', parent: null },
  { key: 'enablePronunciationFeature', label: 'Pronunciation', parent: 'enableCommunicationReadyFeature' },
  { key: 'enableVocabularyFeature', label: 'Vocabulary', parent: 'enableCommunicationReadyFeature' },
  { key: 'enableReadFeature', label: 'Read', parent: 'enableCommunicationReadyFeature' },
  { key: 'enableSpeakFreelyFeature', label: 'Speak Freely', parent: 'enableCommunicationReadyFeature' },
  { key: 'enableCallFeature', label: 'Call', parent: 'enableCommunicationReadyFeature' },
  { key: 'enableSoftSkillsReadyFeature', label: 'Soft Skills Ready', parent: null },
  { key: 'enableRateYourJourneyFeature', label: 'Rate Your Journey', parent: null },
  { key: 'enableFlashCardFeature', label: 'Flash Cards', parent: null },
  { key: 'enableCompanyInfoFeature', label: 'Company Info', parent: null },
  { key: 'enableTaskAttachmentUpload', label: 'Task Attachment Upload', parent: null },
] as const satisfies readonly { key: string; label: string; parent: string | null }[];

export type FeatureFlagKey = (typeof FEATURE_FLAGS)[number]['key'];

/** An enterprise's flags, as the contract's `FeatureFlags` carries them (a parent must be a flag: `isFeatureOn`). */
type FeatureFlags = Record<FeatureFlagKey, boolean>;

/** Flags of a new enterprise: everything on except the marketplace and company info (admin opt-in). */
export const DEFAULT_FEATURE_FLAGS = {
  enableCourseFeature: false,
  enableInterviewReadyFeature: true,
  enableCommunicationReadyFeature: true,
  enablePronunciationFeature: true,
  enableVocabularyFeature: true,
  enableReadFeature: true,
  enableSpeakFreelyFeature: true,
  enableCallFeature: true,
  enableSoftSkillsReadyFeature: true,
  enableRateYourJourneyFeature: true,
  enableFlashCardFeature: true,
  enableCompanyInfoFeature: false,
  enableTaskAttachmentUpload: false,
} as const satisfies FeatureFlags;

/** A flag is effective only when it and its parent are on (a child cannot be on while its parent is off). */
export const isFeatureOn = (flags: FeatureFlags, key: FeatureFlagKey): boolean => {
  const def = FEATURE_FLAGS.find((f) => f.key === key);
  if (!flags[key]) return false;
  return def?.parent ? flags[def.parent] : true;
};

/**
 * The feature flag behind each task type that the web product can hide (turning a flag off hides the
 * feature and its calls answer 403 at once). Read and Read & Record are reading practice, Pronunciation is
 * pronunciation practice, Question and Answer is answered by speaking freely, Get Interview Ready is the
 * interview feature. Video, Free Text and Multiple Choice tasks belong to no flag. Call, Soft Skills Ready,
 * Rate Your Journey and Flash Cards are features of the mobile apps only: they reach the apps through the
 * enterprise's flags in general/auth/me and have no web screen to hide.
 */
export const TASK_TYPE_FEATURE = {
  1: 'enableReadFeature',
  2: 'enablePronunciationFeature',
  4: 'enableSpeakFreelyFeature',
  5: 'enableReadFeature',
  6: 'enableInterviewReadyFeature',
} as const satisfies Partial<Record<TaskType, FeatureFlagKey>>;

/** Whether a task type is open to an enterprise with these flags (types without a flag always are). */
export const isTaskTypeOn = (flags: FeatureFlags, type: TaskType): boolean => {
  const key = (TASK_TYPE_FEATURE as Partial<Record<TaskType, FeatureFlagKey>>)[type];
  return key ? isFeatureOn(flags, key) : true;
};

/**
 * The feature flag behind a task category: IVR is the category of Get Interview Ready, so it is hidden with that
 * task type (the other categories belong to no flag).
 */
export const TASK_CATEGORY_FEATURE = {
  IVR: TASK_TYPE_FEATURE[6],
} as const satisfies Partial<Record<TaskCategory, FeatureFlagKey>>;

/** Whether a task category is open to an enterprise with these flags (categories without a flag always are). */
export const isTaskCategoryOn = (flags: FeatureFlags, category: TaskCategory): boolean => {
  const key = (TASK_CATEGORY_FEATURE as Partial<Record<TaskCategory, FeatureFlagKey>>)[category];
  return key ? isFeatureOn(flags, key) : true;
};

/**
 * The flags after switching one: turning a parent off turns its children off too (a child cannot be
 * on while its parent is off, and the server refuses such a set with 422); turning it on again turns them on with
 * it, as the admin is told before switching it off ("switching it on again brings it all back"): left off, a
 * Communication Ready switched back on opened none of Pronunciation, Vocabulary, Read, Speak Freely or Call. One
 * child is then switched off on its own.
 */
export const switchFeature = (flags: FeatureFlags, key: FeatureFlagKey, on: boolean): FeatureFlags => {
  const next = { ...flags, [key]: on };
  for (const child of FEATURE_FLAGS.filter((f) => f.parent === key)) next[child.key] = on;
  return next;
};

/** The label of a flag, for messages such as "Interview Ready is not enabled for your organisation". */
export const featureLabel = (key: FeatureFlagKey): string =>
  FEATURE_FLAGS.find((f) => f.key === key)?.label ?? key;

/**
 * What switching a flag off closes, on the web and the API (docs/product.md "Feature flags and what they
 * close"): the platform admin is told this before the switch takes effect. Mobile-only flags close only the apps'
 * feature.
 */
export const FEATURE_CLOSES = {
  enableCourseFeature: 'the Courses menu and the course calls',
  enableInterviewReadyFeature:
    'Get Interview Ready tasks in the library, its pickers, the coach’s drafts and My Tasks',
  enableCommunicationReadyFeature:
    'Pronunciation, Vocabulary, Read, Speak Freely and Call with it, and the tasks and screens they open',
  enablePronunciationFeature: 'Pronunciation tasks, the Configurations menu and the pronunciation settings',
  enableVocabularyFeature: 'vocabulary practice in the mobile apps',
  enableReadFeature: 'Read and Read & Record tasks',
  enableSpeakFreelyFeature: 'Question and Answer tasks, answered by speaking',
  enableCallFeature: 'the Call feature of the mobile apps',
  enableSoftSkillsReadyFeature: 'the Soft Skills Ready feature of the mobile apps',
  enableRateYourJourneyFeature: 'the Rate Your Journey feature of the mobile apps',
  enableFlashCardFeature: 'the Flash Cards feature of the mobile apps',
  enableCompanyInfoFeature: 'the Company Info menu and its calls',
  enableTaskAttachmentUpload: 'new task attachments and their uploads (attachments already kept stay)',
} as const satisfies Record<FeatureFlagKey, string>;
