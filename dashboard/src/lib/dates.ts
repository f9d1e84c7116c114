import { effectiveTimeZone } from '@coach/shared/constants/timezones';
import { intlLocale } from '../i18n/format.ts';
import { enterpriseUserAtom } from './session.ts';
import { appStore } from './store.ts';

// One formatter per shape, language and zone, created once: Intl.DateTimeFormat is costly to build and tables
// format many rows. Dates read the way the chosen language writes them: no Arabic month names inside an
// English screen, no English ones inside an Arabic screen.
const SHAPES = {
  date: { day: 'numeric', month: 'short', year: 'numeric' },
  dateTime: { dateStyle: 'medium', timeStyle: 'short' },
  dayMonth: { day: 'numeric', month: 'short' },
} satisfies Record<string, Intl.DateTimeFormatOptions>;
const formatters = new Map<string, Intl.DateTimeFormat>();
const formatterFor = (shape: keyof typeof SHAPES, timeZone: string | undefined) => {
  const locale = intlLocale();
  const key = `${shape}|${locale}|${timeZone ?? ''}`;
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { ...SHAPES[shape], ...(timeZone ? { timeZone } : {}) });
    formatters.set(key, format);
  }
  return format;
};

/**
 * The zone timestamps are shown in (spec §9): a signed-in member's own timezone, else their
 * organisation's default, else UTC. Without a member (admin screens, public pages) the browser's own zone.
 */
export const displayTimeZone = (): string | undefined => {
  const user = appStore.get(enterpriseUserAtom);
  return user
    ? effectiveTimeZone({ member: user.timezone, enterprise: user.enterpriseId.timezone })
    : undefined;
};

// Days the server counts in UTC ('YYYY-MM-DD') are shown in UTC too, or they would slip a day west of Greenwich.
const utcMidnight = (day: string) => new Date(`${day}T00:00:00Z`);

/**
 * An ISO timestamp as a day, "Nov 24, 2026" (in English), in `timeZone` (default: displayTimeZone); `empty` when there
 * is none.
 */
export const formatDate = (iso: string | null | undefined, empty = '—', timeZone = displayTimeZone()) =>
  iso ? formatterFor('date', timeZone).format(new Date(iso)) : empty;

/** An ISO timestamp as a day and time, "Nov 24, 2026, 2:00 PM" (in English), in `timeZone` as formatDate. */
export const formatDateTime = (iso: string | null | undefined, empty = '—', timeZone = displayTimeZone()) =>
  iso ? formatterFor('dateTime', timeZone).format(new Date(iso)) : empty;

/** A UTC day 'YYYY-MM-DD' as "Nov 24, 2026" (in English), the same day in every timezone; `empty` when there is none. */
export const formatUtcDay = (day: string | null | undefined, empty = '—') =>
  day ? formatterFor('date', 'UTC').format(utcMidnight(day)) : empty;

/**
 * A UTC day as "Nov 24" (in English), for charts and day-by-day tables where the year is plain from context.
 * Takes a 'YYYY-MM-DD' day or a Date at that day's UTC midnight (a chart axis tick).
 */
export const formatUtcDayMonth = (day: string | Date) =>
  formatterFor('dayMonth', 'UTC').format(typeof day === 'string' ? utcMidnight(day) : day);
