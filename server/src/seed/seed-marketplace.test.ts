import { COURSE_CATEGORIES } from '@coach/shared/constants/marketplace';
import { describe, expect, it } from 'vitest';
import { describeCourse, TITLES } from './seed-marketplace.ts';

describe('the demo courses’ words', () => {
  it('say "an" before a vowel sound and keep English capitalised', () => {
    expect(describeCourse('Video Interviews that Land', 'Interview Skills', 'AMES Australia')).toMatch(
      /^Video Interviews that Land is an interview skills course from AMES Australia\./,
    );
    expect(describeCourse('Feedback that Helps', 'Academic English', 'ECA')).toContain(
      'is an academic English course',
    );
    expect(describeCourse('Clear Emails and Calls', 'Business English', 'ECA')).toContain(
      'is a business English course',
    );
    expect(describeCourse('Pronunciation Essentials', 'Pronunciation', 'ECA')).toContain(
      'is a pronunciation course',
    );
    for (const category of COURSE_CATEGORIES)
      expect(describeCourse('T', category, 'I')).not.toMatch(/\ba [aeiou]/i);
  });

  it('name no length in a title, since each course’s duration is set apart from it', () => {
    const numbers =
      /\b(\d+|one|two|three|four|five|six|seven|eight|nine|ten|twelve)[ -](day|week|month|hour)s?\b/i;
    for (const title of Object.values(TITLES).flat()) expect(title).not.toMatch(numbers);
  });
});
