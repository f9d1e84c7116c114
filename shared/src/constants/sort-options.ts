/** Sort options for task and content lists (spec §9). */
export const SORT_OPTIONS = [
  { value: 'latest', label: 'Most Recent' },
  { value: 'liked', label: 'Most Liked' },
  { value: 'viewed', label: 'Most Viewed' },
] as const;

export const SORT_VALUES = ['latest', 'liked', 'viewed'] as const;
export type SortValue = (typeof SORT_VALUES)[number];

/** Task list sort defaults to latest (spec §5). */
export const DEFAULT_TASK_SORT: SortValue = 'latest';

/** Completed tasks pending review sort by name ascending by default (spec §7, §9). */
export const DEFAULT_REVIEW_SORT = { sort_by: 'name', sort_type: 'asc' } as const;
