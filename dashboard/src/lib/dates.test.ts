import { describe, expect, it } from 'vitest';
import { applyLanguage } from '../i18n/index.ts';
import { makeEnterpriseUser } from '../testing/fake-server.ts';
import { displayTimeZone, formatDate, formatDateTime, formatUtcDay, formatUtcDayMonth } from './dates.ts';
import { enterpriseUserAtom } from './session.ts';
import { appStore } from './store.ts';

// Expected texts come from Intl with the same options, so the tests hold in any timezone. English is shown until
// another language is chosen.
const shortDate = new Intl.DateTimeFormat('en', { day: 'numeric', month: 'short', year: 'numeric' });
const shortDayMonth = new Intl.DateTimeFormat('en', { day: 'numeric', month: 'short' });

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
      new Intl.DateTimeFormat('en', { month: 'short' }).format(new Date(iso)),
    );
    expect(formatDateTime(iso)).toBe(
      new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso)),
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

describe('dates in the chosen language', () => {
  it('writes month names and digits the way the chosen language does, in the same zone', async () => {
    const iso = '2026-11-24T23:30:00Z';
    await applyLanguage('ar');
    expect(formatDate(iso, '—', 'Australia/Sydney')).toBe(
      new Intl.DateTimeFormat('ar', {
        day: 'numeric',
        month: 'short',
        year: 'numeric',
        timeZone: 'Australia/Sydney',
      }).format(new Date(iso)),
    );
    expect(formatUtcDay('2026-11-24')).not.toBe(shortDate.format(new Date(2026, 10, 24, 12)));
    // Dari is the Persian of Afghanistan: its month names, not Iran's.
    await applyLanguage('fa');
    expect(formatUtcDay('2026-11-24')).toBe(
      new Intl.DateTimeFormat('fa-AF', {
        day: 'numeric',
        month: 'short',
        year: 'numeric',
        timeZone: 'UTC',
      }).format(new Date(Date.UTC(2026, 10, 24))),
    );
    await applyLanguage('en');
    expect(formatUtcDay('2026-11-24')).toBe(shortDate.format(new Date(2026, 10, 24, 12)));
  });
});

describe("dates in the member's timezone (spec §9)", () => {
  it('shows a timestamp on the day it is in the given zone', () => {
    // 23:30 UTC on 24 November is already the 25th in Sydney and still the 24th in New York.
    const iso = '2026-11-24T23:30:00Z';
    expect(formatDate(iso, '—', 'Australia/Sydney')).toBe(shortDate.format(new Date(2026, 10, 25, 12)));
    expect(formatDate(iso, '—', 'America/New_York')).toBe(shortDate.format(new Date(2026, 10, 24, 12)));
    expect(formatDateTime(iso, '—', 'Asia/Tokyo')).toBe(
      new Intl.DateTimeFormat('en', {
        dateStyle: 'medium',
        timeStyle: 'short',
        timeZone: 'Asia/Tokyo',
      }).format(new Date(iso)),
    );
  });

  it("uses the member's own zone, else the organisation's, else UTC", () => {
    const member = makeEnterpriseUser({ enterprise: { timezone: 'Europe/Madrid' } });
    appStore.set(enterpriseUserAtom, { ...member, timezone: 'Asia/Kolkata' });
    expect(displayTimeZone()).toBe('Asia/Kolkata');
    appStore.set(enterpriseUserAtom, member);
    expect(displayTimeZone()).toBe('Europe/Madrid');
    appStore.set(enterpriseUserAtom, makeEnterpriseUser());
    expect(displayTimeZone()).toBe('UTC');
    appStore.set(enterpriseUserAtom, null);
    expect(displayTimeZone()).toBeUndefined();
  });
});
