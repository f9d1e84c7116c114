import { REPORT_DEFAULT_DAYS } from '@coach/shared/contract/admin-reports';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../i18n/format.ts';
import { isoDaysAgo } from '../../lib/date-range.ts';
import { TextField } from '../../ui/text-field.tsx';

/** The range presets of the reports (days up to today) and a custom range. */
export const RANGE_PRESETS = ['7', '30', '90', 'custom'] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number];

export type ReportRangeState = { preset: RangePreset; startDate: string; endDate: string };

export const useReportRange = () =>
  useState<ReportRangeState>(() => ({
    preset: String(REPORT_DEFAULT_DAYS) as RangePreset,
    startDate: isoDaysAgo(REPORT_DEFAULT_DAYS - 1),
    endDate: isoDaysAgo(0),
  }));

/** The dates a state stands for, and whether they are the wrong way round (then nothing is asked). */
export const datesOf = ({ preset, startDate, endDate }: ReportRangeState) => {
  if (preset !== 'custom')
    return { startDate: isoDaysAgo(Number(preset) - 1), endDate: isoDaysAgo(0), reversed: false };
  return { startDate, endDate, reversed: Boolean(startDate && endDate && startDate > endDate) };
};

/** Presets as one segmented control; Custom shows the two dates (a start after the end is named). */
export const ReportRangePicker = ({
  value,
  onChange,
}: {
  value: ReportRangeState;
  onChange: (next: ReportRangeState) => void;
}) => {
  const { t } = useTranslation('reports');
  const { reversed } = datesOf(value);
  const choose = (preset: RangePreset) => {
    // Custom starts from the dates the preset showed, so the figures do not jump.
    const shown = datesOf(value);
    onChange({ preset, startDate: shown.startDate, endDate: shown.endDate });
  };
  return (
    <div className="report-range">
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
            onChange={(event) => onChange({ ...value, startDate: event.target.value })}
          />
          <TextField
            label={t('range.to')}
            type="date"
            value={value.endDate}
            min={value.startDate || undefined}
            error={reversed ? t('range.reversed') : undefined}
            onChange={(event) => onChange({ ...value, endDate: event.target.value })}
          />
        </div>
      ) : null}
    </div>
  );
};
