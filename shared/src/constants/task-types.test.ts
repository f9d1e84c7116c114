import { describe, expect, it } from 'vitest';
import {
  isTaskTypeIn,
  SPECIAL_TASK_TYPES,
  SPOKEN_TASK_TYPES,
  TASK_CATEGORIES,
  TASK_TYPE_LABELS,
  TASK_TYPE_VALUES,
  TASK_TYPES,
  WRITTEN_TASK_TYPES,
} from './task-types.ts';

describe('task types (spec §3)', () => {
  it('numbers the eight types 1 Read to 8 Multiple Choice Question', () => {
    expect(TASK_TYPE_VALUES.map((type) => TASK_TYPE_LABELS[type])).toEqual([
      'Read',
      'Pronunciation',
      'Video',
      'Question and Answer',
      'Read & Record',
      'Get Interview Ready',
      'Free Text Question and Answer',
      'Multiple Choice Question',
    ]);
    expect(Object.values(TASK_TYPES)).toEqual([...TASK_TYPE_VALUES]);
  });

  it('marks 2, 3 and 6 as needing special handling, with the three categories', () => {
    expect(SPECIAL_TASK_TYPES).toEqual([2, 3, 6]);
    expect(TASK_CATEGORIES).toEqual(['Communication', 'Audio', 'IVR']);
  });
});

describe('task types by how the learner answers', () => {
  it('records the voice in Pronunciation, Question and Answer, Read & Record and Get Interview Ready', () => {
    expect(SPOKEN_TASK_TYPES).toEqual([2, 4, 5, 6]);
    expect(WRITTEN_TASK_TYPES).toEqual([7, 8]);
    expect(TASK_TYPE_VALUES.filter((type) => isTaskTypeIn(SPOKEN_TASK_TYPES, type))).toEqual([2, 4, 5, 6]);
    expect(isTaskTypeIn(WRITTEN_TASK_TYPES, TASK_TYPES.read)).toBe(false);
  });
});
