import { COURSE_CATEGORIES, COURSE_LEVELS } from '@coach/shared/constants/marketplace';
import { describe, expect, it } from 'vitest';
import { SITE_LANGUAGES } from '../i18n/languages.ts';
import { messagesFor } from '../i18n/messages.ts';
import { categoryName, durationText, levelName } from './course-facts.ts';

describe('a course card’s category, level and duration', () => {
  it('are in the page’s language, in all nine, for every category and level the server knows', () => {
    for (const { code } of SITE_LANGUAGES) {
      const s = messagesFor(code).card;
      for (const category of COURSE_CATEGORIES) {
        const shown = categoryName(s, category);
        expect(shown, `${code} ${category}`).toBeTruthy();
        if (code !== 'en') expect(shown, `${code} ${category}`).not.toBe(category);
      }
      for (const level of COURSE_LEVELS) {
        if (code !== 'en') expect(levelName(s, level), `${code} ${level}`).not.toBe(level);
      }
      for (const duration of ['4 weeks', '10 hours', '3 days', '6 months', '1 week'])
        if (code !== 'en')
          expect(durationText(s, code, duration), `${code} ${duration}`).not.toMatch(/week|hour|day|month/);
    }
  });

  it('say the duration with the language’s plural', () => {
    const ar = messagesFor('ar').card;
    expect(durationText(ar, 'ar', '2 weeks')).toBe('أسبوعان');
    expect(durationText(ar, 'ar', '4 weeks')).toBe('4 أسابيع');
    expect(durationText(ar, 'ar', '11 weeks')).toBe('11 أسبوعًا');
    const uk = messagesFor('uk').card;
    expect(durationText(uk, 'uk', '2 weeks')).toBe('2 тижні');
    expect(durationText(uk, 'uk', '8 weeks')).toBe('8 тижнів');
    expect(durationText(uk, 'uk', '1 week')).toBe('1 тиждень');
    const en = messagesFor('en').card;
    expect(durationText(en, 'en', '1 weeks')).toBe('1 week');
    expect(durationText(en, 'en', '20 Hours')).toBe('20 hours');
    expect(durationText(messagesFor('fa').card, 'fa', '8 weeks')).toBe('۸ هفته');
    expect(levelName(messagesFor('ar').card, 'Intermediate')).toBe('متوسط');
    expect(categoryName(messagesFor('ar').card, 'Interview Skills')).toBe('مهارات المقابلة');
  });

  it('leave what they do not know as it was entered', () => {
    const es = messagesFor('es').card;
    expect(durationText(es, 'es', 'Self-paced')).toBe('Self-paced');
    expect(durationText(es, 'es', '3 fortnights')).toBe('3 fortnights');
    expect(categoryName(es, 'Cooking')).toBe('Cooking');
    expect(levelName(es, 'Expert+')).toBe('Expert+');
  });
});
