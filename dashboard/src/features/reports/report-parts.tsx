import { ApiError, GENERIC_ERROR_MESSAGE } from '@coach/shared/client';
import { USAGE_EXPORT_MAX_ROWS } from '@coach/shared/contract/admin-reports';
import { enterpriseReports, type MemberReportSort, type ReportTable } from '@coach/shared/contract/reports';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber, shortNumber } from '../../i18n/format.ts';
import { currentLanguage } from '../../i18n/index.ts';
import { api } from '../../lib/api.ts';
import { downloadText } from '../../lib/download.ts';
import { notify } from '../../lib/notify.ts';
import { Button } from '../../ui/button.tsx';

/** What every report call is narrowed by: the top-bar group and the period. */
export type Filters = { groupId?: string; startDate?: string; endDate?: string };

/** A figure shown short over 999 (1.2k), the exact number in its title. */
export const Figure = ({ value }: { value: number }) => (
  <span title={formatNumber(value)}>{shortNumber(value)}</span>
);

/** A mean that may not exist (no scored attempt, no recording). */
export const maybe = (value: number | null) => (value === null ? '—' : formatNumber(value));

/** Asks the server for one table as CSV and saves it; the button shows the wait. */
export const ExportButton = ({
  table,
  filters,
  extra = {},
  label,
}: {
  table: ReportTable;
  filters: Filters;
  extra?: { searchInput?: string; sortBy?: MemberReportSort; sortOrder?: 'asc' | 'desc' };
  label: string;
}) => {
  const { t } = useTranslation('reports');
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      const { response, message } = await api.callWithMessage(enterpriseReports.exportTable, {
        table,
        // The spreadsheet in the language of the screen it was asked from.
        language: currentLanguage(),
        ...filters,
        ...extra,
      });
      downloadText(response.filename, response.csv);
      if (response.truncated)
        notify.error(t('export.truncated', { max: formatNumber(USAGE_EXPORT_MAX_ROWS) }));
      else notify.success(message);
    } catch (error) {
      notify.error(error instanceof ApiError ? error.message : GENERIC_ERROR_MESSAGE);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="secondary" size="sm" loading={busy} onClick={() => void run()} aria-label={label}>
      {t('export.button')}
    </Button>
  );
};

/** A card whose title row carries the table's export. */
export const TableCard = ({
  title,
  id,
  action,
  note,
  children,
}: {
  title: string;
  id: string;
  action: ReactNode;
  note?: string;
  children: ReactNode;
}) => (
  <section className="card report-card" aria-labelledby={id}>
    <div className="report-card__head">
      <h2 className="card__title" id={id}>
        {title}
      </h2>
      {action}
    </div>
    {note ? <p className="report-card__note">{note}</p> : null}
    {children}
  </section>
);
