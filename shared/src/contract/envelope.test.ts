import { describe, expect, it } from 'vitest';
import {
  BROKEN_TEXT_MESSAGE,
  fileUrlField,
  id,
  isCalendarDate,
  isoDate,
  NUL_MESSAGE,
  searchText,
  text,
} from './envelope.ts';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('isoDate', () => {
  it.each(['2024-02-29', '2023-12-31', '2024-01-01', '0001-01-01', '9999-12-31', '2000-02-29'])(
    'accepts the real day %s',
    (day) => {
      expect(isoDate().safeParse(day).success).toBe(true);
    },
  );

  it.each([
    '2024-13-01',
    '0000-00-00',
    '0000-01-01',
    '2024-00-10',
    '2024-01-00',
    '2024-02-30',
    '2023-02-29',
    '1900-02-29',
    '2024-04-31',
    '2024-01-32',
    '2024-99-99',
  ])('refuses the impossible day %s with a message that says so', (day) => {
    const result = isoDate().safeParse(day);
    expect(result.success).toBe(false);
    expect(firstMessage(result)).toMatch(/Not a real date/);
  });

  it.each(['2024-1-01', '24-01-01', '2024/01/01', '2024-01-01T00:00:00Z', '', ' 2024-01-01'])(
    'refuses %j as not YYYY-MM-DD',
    (value) => {
      const result = isoDate().safeParse(value);
      expect(result.success).toBe(false);
      expect(firstMessage(result)).toBe('Dates are YYYY-MM-DD');
    },
  );

  it('isCalendarDate knows leap years, including the century rules', () => {
    expect(isCalendarDate('2000-02-29')).toBe(true);
    expect(isCalendarDate('2100-02-29')).toBe(false);
    expect(isCalendarDate('0004-02-29')).toBe(true);
    expect(isCalendarDate('not a date')).toBe(false);
  });
});

describe('NUL refused in request strings', () => {
  const withNul = 'nul\u0000byte';

  it.each([
    ['text', text()],
    ['id', id()],
    ['searchText', searchText()],
    ['fileUrlField', fileUrlField()],
  ])('%s refuses a NUL byte with a message naming it', (_name, schema) => {
    const result = schema.safeParse(withNul);
    expect(result.success).toBe(false);
    expect(firstMessage(result)).toBe(NUL_MESSAGE);
  });

  it('refuses half a character (a lone surrogate) and keeps whole ones, emoji included', () => {
    for (const broken of ['\ud800', 'group \udc00', 'a\ud83dz']) {
      const result = text().safeParse(broken);
      expect(result.success).toBe(false);
      expect(firstMessage(result)).toBe(BROKEN_TEXT_MESSAGE);
    }
    expect(text().safeParse('Team 🎤 ✓ 中文').success).toBe(true);
  });

  it('keeps accepting ordinary text, control characters other than NUL included', () => {
    expect(text().safeParse('tab\there, ünïcödé ✓').success).toBe(true);
    expect(searchText().parse('  spaced  ')).toBe('spaced');
    expect(id().safeParse('abc-123').success).toBe(true);
  });

  it('chains like z.string(): trim, min and max still apply after the NUL check', () => {
    const name = text().trim().min(1, 'Please enter a name').max(5);
    expect(name.parse('  ab ')).toBe('ab');
    expect(firstMessage(name.safeParse('   '))).toBe('Please enter a name');
    expect(name.safeParse('abcdef').success).toBe(false);
  });
});
