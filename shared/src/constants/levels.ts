/** Proficiency levels 1-7 (spec §9). */
export const PROFICIENCY_LEVELS = {
  1: 'Discovering',
  2: 'Beginner',
  3: 'Practitioner',
  4: 'Challenger',
  5: 'Advanced',
  6: 'Master',
  7: 'Grand Master',
} as const;
export type ProficiencyLevel = keyof typeof PROFICIENCY_LEVELS;

/** Level names 1-4 (spec §9). */
export const LEVEL_NAMES = {
  1: 'Beginner',
  2: 'Intermediate',
  3: 'Advanced',
  4: 'Master',
} as const;
export type Level = keyof typeof LEVEL_NAMES;

/** Level numbers 1-4 (spec §9). */
export const LEVEL_VALUES = [1, 2, 3, 4] as const satisfies readonly Level[];
