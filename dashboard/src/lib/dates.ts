// One formatter per shape, created once: Intl.DateTimeFormat is costly to build and tables format many rows.
// `undefined` locale: dates read the way the person's browser writes them.
const dateFormat = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short', year: 'numeric' });
const dateTimeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
// Days the server counts in UTC ('YYYY-MM-DD') are shown in UTC too, or they would slip a day west of Greenwich.
const utcDayFormat = new Intl.DateTimeFormat(undefined, {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});
const utcDayMonthFormat = new Intl.DateTimeFormat(undefined, {
  day: 'numeric',
  month: 'short',
  timeZone: 'UTC',
});

const utcMidnight = (day: string) => new Date(`${day}T00:00:00Z`);

/** An ISO timestamp as a day, "Nov 24, 2026" (en-US); `empty` when there is none. */
export const formatDate = (iso: string | null | undefined, empty = '—') =>
  iso ? dateFormat.format(new Date(iso)) : empty;

/** An ISO timestamp as a day and time, "Nov 24, 2026, 2:00 PM" (en-US); `empty` when there is none. */
export const formatDateTime = (iso: string | null | undefined, empty = '—') =>
  iso ? dateTimeFormat.format(new Date(iso)) : empty;

/** A UTC day 'YYYY-MM-DD' as "Nov 24, 2026" (en-US), the same day in every timezone; `empty` when there is none. */
export const formatUtcDay = (day: string | null | undefined, empty = '—') =>
  day ? utcDayFormat.format(utcMidnight(day)) : empty;

/**
 * A UTC day as "Nov 24" (en-US), for charts and day-by-day tables where the year is plain from context.
 * Takes a 'YYYY-MM-DD' day or a Date at that day's UTC midnight (a chart axis tick).
 */
export const formatUtcDayMonth = (day: string | Date) =>
  utcDayMonthFormat.format(typeof day === 'string' ? utcMidnight(day) : day);
