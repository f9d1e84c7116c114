import { REPORT_DEFAULT_DAYS, REPORT_MAX_DAYS } from '@coach/shared/contract/admin-reports';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../i18n/format.ts';
import { isoDaysAgo } from '../../lib/date-range.ts';
import { TextField } from '../../ui/text-field.tsx';

/** The range presets of the reports (days up to today) and a custom range. */
export const RANGE_PRESETS = ['7', '30', '90', 'custom'] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number];

export type ReportRangeState = { preset: RangePreset; startDate: string; endDate: string };

const initialRange = (): ReportRangeState => ({
  preset: String(REPORT_DEFAULT_DAYS) as RangePreset,
  startDate: isoDaysAgo(REPORT_DEFAULT_DAYS - 1),
  endDate: isoDaysAgo(0),
});

/**
 * The range as the picker shows it, and the range the report is for: the last one the server takes. A start typed
 * after the end, or a period longer than the server's limit, is only named under the dates; the report and its
 * members keep the last good period and nothing is asked.
 */
export const useReportRange = () => {
  const [range, setRange] = useState(() => ({ shown: initialRange(), applied: initialRange() }));
  const change = (next: ReportRangeState) =>
    setRange(({ applied }) => ({ shown: next, applied: datesOf(next).problem ? applied : next }));
  return { range: range.shown, applied: range.applied, setRange: change };
};

/** What the server would refuse in a range: a start after the end, or more days than a report covers. */
export type RangeProblem = 'reversed' | 'tooLong' | null;

const DAY_MS = 86_400_000;
/** Days from start to end, both included (UTC days, as the server counts them). */
const daysIn = (startDate: string, endDate: string) =>
  (Date.parse(`${endDate}T00:00:00Z`) - Date.parse(`${startDate}T00:00:00Z`)) / DAY_MS + 1;

/** The dates a state stands for, and what is wrong with them (then the report keeps its period). */
export const datesOf = ({ preset, startDate, endDate }: ReportRangeState) => {
  if (preset !== 'custom')
    return { startDate: isoDaysAgo(Number(preset) - 1), endDate: isoDaysAgo(0), problem: null };
  const both = Boolean(startDate && endDate);
  const problem: RangeProblem =
    both && startDate > endDate
      ? 'reversed'
      : both && daysIn(startDate, endDate) > REPORT_MAX_DAYS
        ? 'tooLong'
        : null;
  return { startDate, endDate, problem };
};

/** A period that starts after today (UTC, the report's days): nothing has happened in it yet. */
export const notStarted = (startDate: string, today = isoDaysAgo(0)) =>
  Boolean(startDate) && startDate > today;

/** Presets as one segmented control; Custom shows the two dates (a start after the end is named). */
export const ReportRangePicker = ({
  value,
  onChange,
}: {
  value: ReportRangeState;
  onChange: (next: ReportRangeState) => void;
}) => {
  const { t } = useTranslation('reports');
  const errorId = useId();
  const { problem } = datesOf(value);
  const choose = (preset: RangePreset) => {
    // Custom starts from the dates the preset showed, so the figures do not jump.
    const shown = datesOf(value);
    onChange({ preset, startDate: shown.startDate, endDate: shown.endDate });
  };
  // Both dates are wrong together: the message is theirs, under the row, so it never moves the presets.
  const invalid = problem ? { 'aria-invalid': true, 'aria-describedby': errorId } : {};
  return (
    <div className="report-range">
      <div className="report-range__row">
        <fieldset className="segmented report-range__presets">
          <legend className="visually-hidden">{t('range.legend')}</legend>
          {RANGE_PRESETS.map((preset) => (
            <label
              key={preset}
              className={`segmented__option ${value.preset === preset ? 'segmented__option--on' : ''}`}
            >
              <input
                type="radio"
                name="report-range"
                value={preset}
                checked={value.preset === preset}
                onChange={() => choose(preset)}
              />
              {preset === 'custom'
                ? t('range.custom')
                : t('range.last', { count: Number(preset), days: formatNumber(Number(preset)) })}
            </label>
          ))}
        </fieldset>
        {value.preset === 'custom' ? (
          <div className="report-range__dates">
            <TextField
              label={t('range.from')}
              type="date"
              value={value.startDate}
              max={value.endDate || undefined}
              {...invalid}
              onChange={(event) => onChange({ ...value, startDate: event.target.value })}
            />
            <TextField
              label={t('range.to')}
              type="date"
              value={value.endDate}
              min={value.startDate || undefined}
              {...invalid}
              onChange={(event) => onChange({ ...value, endDate: event.target.value })}
            />
          </div>
        ) : null}
      </div>
      {value.preset === 'custom' && problem ? (
        <>
          <p id={errorId} className="field__error">
            {t(`range.${problem}`)}
          </p>
          {/* The rows below are still those of the last period the report could show: said, not left to guess. */}
          <p className="report-range__kept">{t('range.keptPeriod')}</p>
        </>
      ) : null}
    </div>
  );
};
