import { PACE_BAND } from '@coach/shared/constants/speech';
import type { SpeechTrendPoint } from '@coach/shared/contract/members';
import type { MyProgress } from '@coach/shared/contract/my-progress';
import { truncateText } from '@coach/shared/format/truncate-text';
import { lazy, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { fillPath, paths } from '../../config/paths.ts';
import { formatNumber, withNumbers } from '../../i18n/format.ts';
import { i18n } from '../../i18n/index.ts';
import { formatDate, formatUtcDayMonth } from '../../lib/dates.ts';
import { Spinner } from '../../ui/spinner.tsx';

const TrendChart = lazy(() => import('../../ui/trend-chart.tsx'));

const latestOf = (values: (number | null)[]) => [...values].reverse().find((v) => v !== null) ?? null;
const firstOf = (values: (number | null)[]) => values.find((v) => v !== null) ?? null;

/** "up 6 since Mar 2" from the first and last values of the period; lower is better for fillers. */
const changeOf = (values: (number | null)[], dates: string[], lowerIsBetter = false) => {
  const first = firstOf(values);
  const last = latestOf(values);
  const firstIndex = values.findIndex((v) => v !== null);
  if (first === null || last === null || values.filter((v) => v !== null).length < 2) return null;
  const delta = Math.round((last - first) * 10) / 10;
  const since = formatUtcDayMonth(dates[firstIndex] ?? '');
  const t = i18n.getFixedT(null, 'dashboard');
  if (delta === 0) return { text: t('trend.steady', { date: since }), tone: 'steady' as const };
  const better = lowerIsBetter ? delta < 0 : delta > 0;
  return {
    text: t(delta > 0 ? 'trend.up' : 'trend.down', { amount: formatNumber(Math.abs(delta)), date: since }),
    tone: better ? ('better' as const) : ('worse' as const),
  };
};

const MEASURES = [
  {
    key: 'pronunciation',
    title: 'trend.pronunciation',
    unit: 'trend.outOf100',
    pick: (p: SpeechTrendPoint) => p.pronunciation,
    range: [0, 100] as [number, number],
    lowerIsBetter: false,
  },
  {
    key: 'pace',
    title: 'trend.pace',
    unit: 'trend.wpm',
    pick: (p: SpeechTrendPoint) => p.wordsPerMinute,
    range: [0, 200] as [number, number],
    band: PACE_BAND,
    lowerIsBetter: false,
  },
  {
    key: 'fillers',
    title: 'trend.fillers',
    unit: 'trend.per100',
    pick: (p: SpeechTrendPoint) => p.fillersPer100Words,
    range: [0, 10] as [number, number],
    lowerIsBetter: true,
  },
] as const;

export const SpeakingTrend = ({ points, days }: { points: SpeechTrendPoint[]; days: number }) => {
  const { t } = useTranslation('dashboard');
  const dates = useMemo(() => points.map((p) => p.date), [points]);
  if (points.length === 0)
    return <p className="my-progress__empty">{t('trend.none', withNumbers({ count: days }))}</p>;
  return (
    <>
      <div className="my-progress__measures">
        {MEASURES.map((measure) => {
          const values = points.map(measure.pick);
          const latest = latestOf(values);
          // Pace has no better direction: the band is what matters.
          const change = measure.key === 'pace' ? null : changeOf(values, dates, measure.lowerIsBetter);
          return (
            <figure key={measure.key} className="my-progress__measure">
              <figcaption className="my-progress__measure-head">
                <span className="my-progress__measure-title">{t(measure.title)}</span>
                <span className="my-progress__measure-value">
                  {latest !== null
                    ? t(measure.unit, { value: formatNumber(latest) })
                    : measure.key === 'pronunciation'
                      ? t('trend.noReadAloud')
                      : // No recording long enough for a pace yet (items of a word or two).
                        '—'}
                </span>
                {change ? (
                  <span className={`my-progress__change my-progress__change--${change.tone}`}>
                    {change.text}
                  </span>
                ) : null}
              </figcaption>
              <Suspense fallback={<Spinner label={t('chartLoading')} />}>
                <TrendChart
                  dates={dates}
                  values={values}
                  label={t(measure.title)}
                  range={measure.range}
                  band={'band' in measure ? measure.band : undefined}
                />
              </Suspense>
            </figure>
          );
        })}
      </div>
      <table className="visually-hidden">
        <caption>{t('trend.perDay')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('figures.day')}</th>
            <th scope="col">{t('trend.recordings')}</th>
            <th scope="col">{t('trend.pronunciationColumn')}</th>
            <th scope="col">{t('trend.paceColumn')}</th>
            <th scope="col">{t('trend.fillersColumn')}</th>
          </tr>
        </thead>
        <tbody>
          {points.map((p) => (
            <tr key={p.date}>
              <td>{formatUtcDayMonth(p.date)}</td>
              <td>{formatNumber(p.recordings)}</td>
              <td>
                {p.pronunciation === null ? t('trend.noReadAloudShort') : formatNumber(p.pronunciation)}
              </td>
              <td>{p.wordsPerMinute === null ? '—' : formatNumber(p.wordsPerMinute)}</td>
              <td>{p.fillersPer100Words === null ? '—' : formatNumber(p.fillersPer100Words)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
};

export const Scores = ({ data }: { data: MyProgress }) => {
  const { t } = useTranslation('dashboard');
  return (
    <div className="my-progress__scores">
      <h3 className="my-progress__heading">{t('scores.title')}</h3>
      {data.scores.length === 0 ? (
        <p className="my-progress__empty">{t('scores.none')}</p>
      ) : (
        <ul className="my-progress__list">
          {data.scores.map((score) => (
            <li key={score.taskId} className="my-progress__item my-progress__item--row">
              <Link
                className="my-progress__link"
                to={fillPath(paths.enterprise.myTaskView, { id: score.taskId })}
              >
                {truncateText(score.title, 60)}
              </Link>
              <span className="my-progress__meta">
                <strong className="my-progress__score">
                  {t('trend.outOf100', { value: formatNumber(score.score) })}
                </strong>
                <span className={`chip ${score.passed ? 'chip--success' : 'chip--danger'}`}>
                  {score.passed
                    ? t('scores.passed')
                    : t('scores.below', { score: formatNumber(score.passingScore) })}
                </span>
                <span className="my-progress__due">{formatDate(score.scoredAt)}</span>
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
};
