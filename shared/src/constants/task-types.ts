/** Task types 1-8 with their labels (spec §3). */
export const TASK_TYPES = {
  read: 1,
  pronunciation: 2,
  video: 3,
  questionAndAnswer: 4,
  readAndRecord: 5,
  getInterviewReady: 6,
  freeTextQuestionAndAnswer: 7,
  multipleChoiceQuestion: 8,
} as const;

export type TaskType = (typeof TASK_TYPES)[keyof typeof TASK_TYPES];

/** Every task type number, in order (spec §3). */
export const TASK_TYPE_VALUES = [1, 2, 3, 4, 5, 6, 7, 8] as const satisfies readonly TaskType[];

/** Display label of each task type (spec §3). */
export const TASK_TYPE_LABELS = {
  1: 'Read',
  2: 'Pronunciation',
  3: 'Video',
  4: 'Question and Answer',
  5: 'Read & Record',
  6: 'Get Interview Ready',
  7: 'Free Text Question and Answer',
  8: 'Multiple Choice Question',
} as const satisfies Record<TaskType, string>;

/** Task types needing special handling (spec §3): 2 Pronunciation, 3 Video, 6 Get Interview Ready. */
export const SPECIAL_TASK_TYPES = [2, 3, 6] as const satisfies readonly TaskType[];

/**
 * Task types the learner answers by recording their voice: Pronunciation (each item), Question and Answer (each
 * question), Read & Record (the passage) and Get Interview Ready (each interview stage).
 */
export const SPOKEN_TASK_TYPES = [
  TASK_TYPES.pronunciation,
  TASK_TYPES.questionAndAnswer,
  TASK_TYPES.readAndRecord,
  TASK_TYPES.getInterviewReady,
] as const satisfies readonly TaskType[];

/** Task types the learner answers on screen: Free Text Question and Answer (typed) and Multiple Choice Question. */
export const WRITTEN_TASK_TYPES = [
  TASK_TYPES.freeTextQuestionAndAnswer,
  TASK_TYPES.multipleChoiceQuestion,
] as const satisfies readonly TaskType[];

/** Whether `type` is one of `types` (a set of task types such as SPOKEN_TASK_TYPES). */
export const isTaskTypeIn = <T extends TaskType>(types: readonly T[], type: number): type is T =>
  (types as readonly number[]).includes(type);

/** Task categories (spec §3); IVR is the category of Get Interview Ready. */
export const TASK_CATEGORIES = ['Communication', 'Audio', 'IVR'] as const;
export type TaskCategory = (typeof TASK_CATEGORIES)[number];

/** Display label of each category (spec §3: 'IVR (Get Interview Ready)'). */
export const TASK_CATEGORY_LABELS = {
  Communication: 'Communication',
  Audio: 'Audio',
  IVR: 'IVR (Get Interview Ready)',
} as const satisfies Record<TaskCategory, string>;

/** The interview flow stages, in order (spec §4). */
export const INTERVIEW_STAGES = ['POSITION', 'ICEBREAKING', 'TECHNICAL', 'BEHAVIOURAL', 'FEEDBACK'] as const;
export type InterviewStage = (typeof INTERVIEW_STAGES)[number];
