import { beforeAll, describe, expect, it } from 'vitest';
import { applyLanguage } from '../../i18n/index.ts';
import { assignedText } from './task-text.ts';

describe('the toast after assigning tasks', () => {
  beforeAll(async () => {
    await applyLanguage('en');
  });

  it('says nobody is in the chosen group yet when only an empty group (a course buyers group) was chosen', () => {
    expect(assignedText({ assigned: 0, reached: 0 })).toBe(
      'Nobody is in the chosen groups yet: nothing was assigned now. People who join them will get these tasks.',
    );
  });

  it('says everyone already had them only when someone was reached', () => {
    expect(assignedText({ assigned: 0, reached: 3 })).toBe(
      'Everyone you chose already had these tasks: no new assignments',
    );
    expect(assignedText({ assigned: 2, reached: 3 })).toBe('2 new assignments made');
  });
});
