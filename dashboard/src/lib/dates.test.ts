import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatUtcDay, formatUtcDayMonth } from './dates.ts';

// Expected texts come from Intl with the same options, so the tests hold in any locale and timezone.
const shortDate = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short', year: 'numeric' });
const shortDayMonth = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short' });

describe('formatting dates', () => {
  it('shows the empty text when there is no date', () => {
    expect(formatDate(null)).toBe('—');
    expect(formatDate(undefined, 'Never')).toBe('Never');
    expect(formatDateTime(null)).toBe('—');
    expect(formatDateTime(null, 'Not yet')).toBe('Not yet');
    expect(formatUtcDay(null, 'Never')).toBe('Never');
    expect(formatUtcDay('')).toBe('—');
  });

  it('shows an ISO timestamp as a day with a short month', () => {
    const iso = '2026-11-24T12:00:00Z';
    expect(formatDate(iso)).toBe(shortDate.format(new Date(iso)));
    expect(formatDate(iso)).toContain(
      new Intl.DateTimeFormat(undefined, { month: 'short' }).format(new Date(iso)),
    );
    expect(formatDateTime(iso)).toBe(
      new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso)),
    );
  });

  it('keeps a UTC day on its own date whatever the timezone', () => {
    // Local noon of the same calendar day is that day in every timezone, unlike new Date('2026-01-01').
    expect(formatUtcDay('2026-01-01')).toBe(shortDate.format(new Date(2026, 0, 1, 12)));
    expect(formatUtcDay('2026-11-24')).toBe(shortDate.format(new Date(2026, 10, 24, 12)));
    expect(formatUtcDayMonth('2026-03-01')).toBe(shortDayMonth.format(new Date(2026, 2, 1, 12)));
    expect(formatUtcDayMonth(new Date(Date.UTC(2026, 2, 1)))).toBe(
      shortDayMonth.format(new Date(2026, 2, 1, 12)),
    );
  });
});
