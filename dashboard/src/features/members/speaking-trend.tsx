import { PACE_BAND, paceVerdict } from '@coach/shared/constants/speech';
import { members, type SpeechTrendPoint } from '@coach/shared/contract/members';
import type { TFunction } from 'i18next';
import { lazy, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../i18n/format.ts';
import { formatUtcDay, formatUtcDayMonth } from '../../lib/dates.ts';
import { useCall } from '../../lib/use-call.ts';
import { LoadStates } from '../../ui/load-states.tsx';
import { Spinner } from '../../ui/spinner.tsx';

const TrendChart = lazy(() => import('../../ui/trend-chart.tsx'));

// Fixed ranges, so a member's charts read the same from one visit to the next (a wider value widens them).
const PACE_RANGE: [number, number] = [0, 200];
const FILLER_RANGE: [number, number] = [0, 10];
const SCORE_RANGE: [number, number] = [0, 100];

type Measure = {
  key: 'pace' | 'fillers' | 'pronunciation';
  title: string;
  unit: string;
  values: (number | null)[];
  range: [number, number];
  band?: { min: number; max: number };
  latest: string;
  note: string;
};

const latestOf = (values: (number | null)[]) => [...values].reverse().find((v) => v !== null) ?? null;

const measuresOf = (points: SpeechTrendPoint[], t: TFunction): Measure[] => {
  const pace = points.map((p) => p.wordsPerMinute);
  const fillers = points.map((p) => p.fillersPer100Words);
  const pronunciation = points.map((p) => p.pronunciation);
  const lastPace = latestOf(pace);
  const lastFillers = latestOf(fillers);
  const lastScore = latestOf(pronunciation);
  return [
    {
      key: 'pace',
      title: t('trend.pace'),
      unit: t('trend.wordsPerMinute'),
      values: pace,
      range: PACE_RANGE,
      band: PACE_BAND,
      latest:
        lastPace === null
          ? '—'
          : t('trend.paceLatest', {
              wpm: formatNumber(lastPace),
              verdict: t(`trend.verdict.${paceVerdict(lastPace)}`),
            }),
      note: t('trend.paceNote', { min: formatNumber(PACE_BAND.min), max: formatNumber(PACE_BAND.max) }),
    },
    {
      key: 'fillers',
      title: t('trend.fillers'),
      unit: t('trend.per100'),
      values: fillers,
      range: FILLER_RANGE,
      latest: lastFillers === null ? '—' : t('trend.fillersLatest', { value: formatNumber(lastFillers) }),
      note: t('trend.fillersNote'),
    },
    {
      key: 'pronunciation',
      title: t('trend.pronunciation'),
      unit: t('trend.outOf100'),
      values: pronunciation,
      range: SCORE_RANGE,
      latest:
        lastScore === null
          ? t('trend.noReadAloud')
          : t('trend.scoreLatest', { value: formatNumber(lastScore) }),
      note: t('trend.pronunciationNote'),
    },
  ];
};

/** One sentence a screen reader (and everyone) gets instead of the pictures. */
const summaryOf = (points: SpeechTrendPoint[], days: number, t: TFunction) => {
  const recordings = points.reduce((sum, p) => sum + p.recordings, 0);
  if (points.length === 0) return '';
  const score = latestOf(points.map((p) => p.pronunciation));
  const heard = t('trend.heard', {
    recordings: t('trend.recordingsCount', { count: recordings }),
    days: t('trend.daysCount', { count: points.length }),
    count: days,
  });
  // The latest day with a pace: a day of one-word items has none.
  const paced = [...points].reverse().find((p) => p.wordsPerMinute !== null && p.fillersPer100Words !== null);
  if (!paced)
    return score === null ? heard : `${heard} ${t('trend.latestScore', { score: formatNumber(score) })}`;
  const figures = {
    date: formatUtcDay(paced.date),
    wpm: formatNumber(paced.wordsPerMinute ?? 0),
    fillers: formatNumber(paced.fillersPer100Words ?? 0),
  };
  const latest =
    score === null
      ? t('trend.latest', figures)
      : t('trend.latestWithScore', { ...figures, score: formatNumber(score) });
  return `${heard} ${latest}`;
};

const Trend = ({ points, days }: { points: SpeechTrendPoint[]; days: number }) => {
  const { t } = useTranslation('members');
  const dates = useMemo(() => points.map((p) => p.date), [points]);
  const measures = useMemo(() => measuresOf(points, t), [points, t]);
  if (points.length === 0)
    return (
      <div className="speaking-trend__empty">
        <p className="speaking-trend__empty-title">{t('trend.none')}</p>
        <p className="speaking-trend__note">{t('trend.noneText')}</p>
      </div>
    );
  return (
    <>
      <p className="speaking-trend__summary">{summaryOf(points, days, t)}</p>
      <div className="speaking-trend__charts">
        {measures.map((measure) => (
          <figure key={measure.key} className="speaking-trend__measure">
            <figcaption className="speaking-trend__head">
              <span className="speaking-trend__title">{measure.title}</span>
              <span className="speaking-trend__latest">{measure.latest}</span>
            </figcaption>
            <Suspense fallback={<Spinner label={t('trend.chartLoading')} />}>
              <TrendChart
                dates={dates}
                values={measure.values}
                label={measure.title}
                range={measure.range}
                band={measure.band}
              />
            </Suspense>
            <p className="speaking-trend__note">{measure.note}</p>
          </figure>
        ))}
      </div>
      <table className="visually-hidden">
        <caption>{t('trend.perDay')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('trend.day')}</th>
            <th scope="col">{t('trend.recordings')}</th>
            <th scope="col">{t('trend.paceColumn')}</th>
            <th scope="col">{t('trend.fillersColumn')}</th>
            <th scope="col">{t('trend.pronunciationColumn')}</th>
          </tr>
        </thead>
        <tbody>
          {points.map((p) => (
            <tr key={p.date}>
              <td>{formatUtcDayMonth(p.date)}</td>
              <td>{formatNumber(p.recordings)}</td>
              <td>{p.wordsPerMinute === null ? '—' : formatNumber(p.wordsPerMinute)}</td>
              <td>{p.fillersPer100Words === null ? '—' : formatNumber(p.fillersPer100Words)}</td>
              <td>
                {p.pronunciation === null ? t('trend.noReadAloudShort') : formatNumber(p.pronunciation)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
};

/**
 * The member page's speaking trend: pace on the comfortable band, fillers per 100 words and
 * pronunciation per day over the last 90 days, as three small charts with the figures in a table for screen
 * readers.
 */
export const SpeakingTrend = ({ memberId }: { memberId: string }) => {
  const { t } = useTranslation('members');
  const { state, reload } = useCall(members.speechTrend, { memberId });
  return (
    <div className="speaking-trend">
      <LoadStates state={state} reload={reload} what={t('trend.what')}>
        {({ points, days }) => <Trend points={points} days={days} />}
      </LoadStates>
    </div>
  );
};
