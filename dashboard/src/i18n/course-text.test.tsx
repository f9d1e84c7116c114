import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useCourseText } from './course-text.ts';
import { applyLanguage } from './index.ts';

describe('the course screens in the chosen language', () => {
  afterEach(async () => {
    await applyLanguage('en');
  });

  it('leaves English exactly as the contract and the server wrote it', () => {
    const { result } = renderHook(() => useCourseText());
    expect(result.current.message('At most 5000 characters')).toBe('At most 5000 characters');
    expect(result.current.message('syllabus.0.lessons.0.minutes: At most 600 minutes')).toBe(
      'syllabus.0.lessons.0.minutes: At most 600 minutes',
    );
    expect(result.current.minutes(95)).toBe('1 h 35 min');
    expect(result.current.price(0, 'AUD')).toBe('Free');
    expect(result.current.category('Business English')).toBe('Business English');
  });

  it('says the contract sentences with their numbers in the plural forms of the language', async () => {
    await applyLanguage('uk');
    const { result } = renderHook(() => useCourseText());
    const { message, minutes, price, category, level } = result.current;
    expect(message('At most 600 minutes')).toBe('Не більше 600 хвилин');
    expect(message('At least 1 minute')).toBe('Щонайменше 1 хвилина');
    expect(message('Enter the minutes, 1 to 600')).toBe('Введіть хвилини, від 1 до 600');
    // A server 422 names the field first: outside English the sentence shows alone.
    expect(message('syllabus.0.lessons.0.minutes: At most 600 minutes')).toBe('Не більше 600 хвилин');
    expect(message('Course taken off the marketplace')).toBe('Курс знято з маркетплейсу');
    expect(message('Nobody listed this')).toBe('Nobody listed this');
    expect(minutes(95)).toBe('1 год 35 хв');
    expect(minutes(120)).toBe('2 год');
    expect(price(0, 'AUD')).toBe('Безкоштовно');
    expect(category('Business English')).toBe('Ділова англійська');
    expect(level('Intermediate')).toBe('Середній');
    // A category the editor does not know (an older course) shows as it is stored.
    expect(category('Storytelling')).toBe('Storytelling');
  });
});
