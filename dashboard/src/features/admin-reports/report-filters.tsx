import { REPORT_DEFAULT_DAYS } from '@coach/shared/contract/admin-reports';
import type { CallDef, RequestOf, ResponseOf } from '@coach/shared/contract/define-call';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { api } from '../../lib/api.ts';
import { isoDaysAgo } from '../../lib/date-range.ts';
import { useLoad } from '../../lib/use-load.ts';
import { TextField } from '../../ui/text-field.tsx';
import { EnterpriseSelect } from '../../widgets/enterprise-select.tsx';

export type ReportRange = { enterpriseId: string; startDate: string; endDate: string };

/** What is wrong with a range, if anything: a day after today, or a start after the end. */
export type RangeProblem = 'future' | 'reversed' | null;

export const rangeProblem = ({ startDate, endDate }: ReportRange, today = isoDaysAgo(0)): RangeProblem => {
  if ((startDate && startDate > today) || (endDate && endDate > today)) return 'future';
  if (startDate && endDate && startDate > endDate) return 'reversed';
  return null;
};

const initialRange = (): ReportRange => ({
  enterpriseId: '',
  startDate: isoDaysAgo(REPORT_DEFAULT_DAYS - 1),
  endDate: isoDaysAgo(0),
});

/** The report's filters in its address (`?enterprise=…&from=…&to=…`), so a reload or a shared link keeps them. */
const PARAMS = { enterpriseId: 'enterprise', startDate: 'from', endDate: 'to' } as const;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const ENTERPRISE_ID = /^[\w-]{1,64}$/;
const isDay = (value: string) =>
  ISO_DAY.test(value) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);

/**
 * The range an address asks for: each valid value over the default, anything else (a malformed day or id, a day
 * after today, a start after the end) ignored.
 */
export const rangeFromParams = (params: URLSearchParams): ReportRange => {
  const fallback = initialRange();
  const enterpriseId = params.get(PARAMS.enterpriseId) ?? '';
  const startDate = params.get(PARAMS.startDate) ?? '';
  const endDate = params.get(PARAMS.endDate) ?? '';
  const range = {
    enterpriseId: ENTERPRISE_ID.test(enterpriseId) ? enterpriseId : fallback.enterpriseId,
    startDate: isDay(startDate) ? startDate : fallback.startDate,
    endDate: isDay(endDate) ? endDate : fallback.endDate,
  };
  return rangeProblem(range) ? { ...fallback, enterpriseId: range.enterpriseId } : range;
};

/**
 * The filters every report shares (from the address, else the last 30 days): the range as the filters show it, and
 * the range the report is for, the last one without a problem, which the address keeps. A wrong range is only named
 * under the dates; the report keeps the last good results and nothing is asked.
 */
export const useReportRange = () => {
  const [params, setParams] = useSearchParams();
  const [range, setRange] = useState(() => {
    const start = rangeFromParams(params);
    return { shown: start, applied: start };
  });
  const change = (next: ReportRange) => {
    setRange(({ applied }) => ({ shown: next, applied: rangeProblem(next) ? applied : next }));
    if (rangeProblem(next)) return;
    // Replaced, not pushed: Back leaves the report instead of stepping through every date typed.
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        for (const key of Object.keys(PARAMS) as (keyof ReportRange)[]) {
          if (next[key]) updated.set(PARAMS[key], next[key]);
          else updated.delete(PARAMS[key]);
        }
        return updated;
      },
      { replace: true },
    );
  };
  return { range: range.shown, applied: range.applied, problem: rangeProblem(range.shown), setRange: change };
};

/** A report's filters and its answer, loaded for the last good range. */
export const useReport = <C extends CallDef>(call: C) => {
  const { range, applied, problem, setRange } = useReportRange();
  const query = rangeQuery(applied);
  const loaded = useLoad<ResponseOf<C>>(
    [call.path, query],
    () => api.call(call, query as RequestOf<C>) as Promise<ResponseOf<C>>,
  );
  return { range, setRange, problem, ...loaded };
};

/** The range as a report call takes it (empty filters left out). */
export const rangeQuery = ({ enterpriseId, startDate, endDate }: ReportRange) => ({
  ...(enterpriseId ? { enterpriseId } : {}),
  ...(startDate ? { startDate } : {}),
  ...(endDate ? { endDate } : {}),
});

/** Enterprise and dates, neither after today; a future day is named under its field, a start after the end under the end. */
export const ReportFilters = ({
  value,
  onChange,
}: {
  value: ReportRange;
  onChange: (next: ReportRange) => void;
}) => {
  const { t } = useTranslation('admin-reports');
  const today = isoDaysAgo(0);
  const startFuture = Boolean(value.startDate && value.startDate > today);
  const endFuture = Boolean(value.endDate && value.endDate > today);
  const reversed = rangeProblem(value, today) === 'reversed';
  const fromMax = value.endDate && value.endDate < today ? value.endDate : today;
  return (
    <div className="report-filters">
      <EnterpriseSelect
        value={value.enterpriseId}
        onChange={(enterpriseId) => onChange({ ...value, enterpriseId })}
      />
      <TextField
        label={t('filters.from')}
        type="date"
        value={value.startDate}
        max={fromMax}
        error={startFuture ? t('filters.future') : undefined}
        onChange={(event) => onChange({ ...value, startDate: event.target.value })}
      />
      <TextField
        label={t('filters.to')}
        type="date"
        value={value.endDate}
        min={value.startDate || undefined}
        max={today}
        error={endFuture ? t('filters.future') : reversed ? t('filters.reversed') : undefined}
        onChange={(event) => onChange({ ...value, endDate: event.target.value })}
      />
    </div>
  );
};
