import { REPORT_DEFAULT_DAYS } from '@coach/shared/contract/admin-reports';
import type { CallDef, RequestOf, ResponseOf } from '@coach/shared/contract/define-call';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api.ts';
import { isoDaysAgo } from '../../lib/date-range.ts';
import { useLoad } from '../../lib/use-load.ts';
import { TextField } from '../../ui/text-field.tsx';
import { EnterpriseSelect } from '../../widgets/enterprise-select.tsx';

export type ReportRange = { enterpriseId: string; startDate: string; endDate: string };

/** The filters every report shares; the range starts as the last 30 days. */
export const useReportRange = () =>
  useState<ReportRange>(() => ({
    enterpriseId: '',
    startDate: isoDaysAgo(REPORT_DEFAULT_DAYS - 1),
    endDate: isoDaysAgo(0),
  }));

/**
 * A report's filters and its answer: the range (last 30 days at first), whether the dates are the wrong way
 * round (then nothing is asked), and the loaded report.
 */
export const useReport = <C extends CallDef>(call: C) => {
  const { t } = useTranslation('admin-reports');
  const [range, setRange] = useReportRange();
  const reversed = Boolean(range.startDate && range.endDate && range.startDate > range.endDate);
  const query = rangeQuery(range);
  const loaded = useLoad<ResponseOf<C>>([call.path, query, reversed], () =>
    reversed
      ? Promise.reject(new Error(t('filters.reversed')))
      : (api.call(call, query as RequestOf<C>) as Promise<ResponseOf<C>>),
  );
  return { range, setRange, reversed, ...loaded };
};

/** The range as a report call takes it (empty filters left out). */
export const rangeQuery = ({ enterpriseId, startDate, endDate }: ReportRange) => ({
  ...(enterpriseId ? { enterpriseId } : {}),
  ...(startDate ? { startDate } : {}),
  ...(endDate ? { endDate } : {}),
});

/** Enterprise and dates; a start after the end is named under the end date. */
export const ReportFilters = ({
  value,
  onChange,
}: {
  value: ReportRange;
  onChange: (next: ReportRange) => void;
}) => {
  const { t } = useTranslation('admin-reports');
  const reversed = value.startDate && value.endDate && value.startDate > value.endDate;
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
        max={value.endDate || undefined}
        onChange={(event) => onChange({ ...value, startDate: event.target.value })}
      />
      <TextField
        label={t('filters.to')}
        type="date"
        value={value.endDate}
        min={value.startDate || undefined}
        error={reversed ? t('filters.reversed') : undefined}
        onChange={(event) => onChange({ ...value, endDate: event.target.value })}
      />
    </div>
  );
};
