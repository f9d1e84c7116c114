import { REPORT_DEFAULT_DAYS, REPORT_MAX_DAYS } from '@coach/shared/contract/admin-reports';
import { validation } from '../../errors.ts';
import { dayOf } from './clock.ts';

const DAY_MS = 86_400_000;

/** The dates a report call may give (either end may be left out). */
export type ReportRangeInput = { startDate?: string | undefined; endDate?: string | undefined };

/**
 * The report's days, both ends included (UTC): the given dates, or the last 30 days up to today. `fromTs` and
 * `toTs` bound ISO timestamps (text) as [fromTs, toTs).
 */
export const resolveRange = ({ startDate, endDate }: ReportRangeInput, today = new Date()) => {
  const to = endDate ?? dayOf(today);
  const from =
    startDate ?? dayOf(new Date(Date.parse(`${to}T00:00:00Z`) - (REPORT_DEFAULT_DAYS - 1) * DAY_MS));
  const span = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS + 1;
  if (span < 1) throw validation('endDate', 'The start date must not be after the end date');
  if (span > REPORT_MAX_DAYS)
    throw validation('startDate', `A report covers at most ${REPORT_MAX_DAYS} days`);
  const toTs = dayOf(new Date(Date.parse(`${to}T00:00:00Z`) + DAY_MS));
  const days = Array.from({ length: span }, (_, i) =>
    dayOf(new Date(Date.parse(`${from}T00:00:00Z`) + i * DAY_MS)),
  );
  return { from, to, fromTs: from, toTs, days };
};

export type ReportRange = ReturnType<typeof resolveRange>;
