import { PACE_BAND } from '@coach/shared/constants/speech';
import type { VideoContent } from '@coach/shared/contract/content';
import type { SpeechTrendPoint } from '@coach/shared/contract/members';
import {
  MY_PROGRESS_TREND_DAYS,
  type MyProgress,
  type MyProgressTrendDays,
  myProgress,
} from '@coach/shared/contract/my-progress';
import { truncateText } from '@coach/shared/format/truncate-text';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { fillPath, paths } from '../../config/paths.ts';
import { formatNumber } from '../../i18n/format.ts';
import { i18n } from '../../i18n/index.ts';
import { formatDate, formatDateTime, formatUtcDayMonth } from '../../lib/dates.ts';
import { useCall } from '../../lib/use-call.ts';
import { Button } from '../../ui/button.tsx';
import { Card } from '../../ui/layout.tsx';
import { LoadStates } from '../../ui/load-states.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import '../../ui/table.css';

const TrendChart = lazy(() => import('../../ui/trend-chart.tsx'));
const VideoPlayerDialog = lazy(() =>
  import('../../widgets/video-player/video-player-dialog.tsx').then((m) => ({
    default: m.VideoPlayerDialog,
  })),
);

/** Recorded speaking time, "0 min", "45 s", "12 min" or "1 h 5 min". */
export const practiceTime = (seconds: number) => {
  const t = i18n.getFixedT(null, 'dashboard');
  if (seconds === 0) return t('time.minutes', { minutes: formatNumber(0) });
  if (seconds < 60) return t('time.seconds', { seconds: formatNumber(seconds) });
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return t('time.minutes', { minutes: formatNumber(minutes) });
  return t('time.hours', {
    hours: formatNumber(Math.floor(minutes / 60)),
    minutes: formatNumber(minutes % 60),
  });
};

const Figure = ({ label, value, note }: { label: string; value: string; note: string }) => (
  <div className="stat">
    <dt className="stat__label">{label}</dt>
    <dd className="stat__value">{value}</dd>
    <dd className="stat__note">{note}</dd>
  </div>
);

const PracticeFigures = ({ data }: { data: MyProgress }) => {
  const { t } = useTranslation('dashboard');
  const { practice, tasks, videos, surveys } = data;
  const streakNote = practice.streakDays
    ? practice.practisedToday
      ? t('progress.streakToday')
      : t('progress.streakKeep')
    : t('progress.streakStart');
  return (
    <dl className="stats" aria-label={t('progress.practice')}>
      <Figure
        label={t('progress.thisWeek')}
        value={practiceTime(practice.secondsLast7Days)}
        note={t('progress.last30', { time: practiceTime(practice.secondsLast30Days) })}
      />
      <Figure
        label={t('progress.streak')}
        value={t('progress.streakDays', { count: practice.streakDays })}
        note={streakNote}
      />
      <Figure
        label={t('progress.tasksToDo')}
        value={formatNumber(tasks.open)}
        note={tasks.overdue ? t('progress.overdue', { count: tasks.overdue }) : t('progress.noneOverdue')}
      />
      <Figure
        label={t('progress.videosToWatch')}
        value={formatNumber(videos.toWatch)}
        note={t('progress.assigned')}
      />
      <Figure
        label={t('progress.surveysToAnswer')}
        value={formatNumber(surveys.toAnswer)}
        note={t('progress.openSurveys')}
      />
    </dl>
  );
};

const TasksToDo = ({ data }: { data: MyProgress }) => {
  const { t } = useTranslation('dashboard');
  return (
    <Card title={t('progress.tasksToDo')} className="my-progress__card">
      {data.tasks.next.length === 0 ? (
        <p className="my-progress__empty">{t('progress.noTasks')}</p>
      ) : (
        <ul className="my-progress__list">
          {data.tasks.next.map((task) => (
            <li key={task.taskId} className="my-progress__item">
              <Link
                className="my-progress__link"
                to={fillPath(paths.enterprise.myTaskView, { id: task.taskId })}
                title={task.title.length > 60 ? task.title : undefined}
              >
                {truncateText(task.title, 60)}
              </Link>
              <span className="my-progress__meta">
                <span className="chip chip--accent">{t(`taskTypes.${task.type}`)}</span>
                {task.taskStatus === 1 ? <span className="chip">{t('progress.inProgress')}</span> : null}
                <span
                  className={task.overdue ? 'my-progress__due my-progress__due--overdue' : 'my-progress__due'}
                >
                  {task.overdue
                    ? t('progress.overdueSince', { date: formatDateTime(task.dueAt) })
                    : t('progress.due', { date: formatDateTime(task.dueAt) })}
                </span>
              </span>
            </li>
          ))}
        </ul>
      )}
      {data.tasks.open > data.tasks.next.length ? (
        <Link className="my-progress__more forward-link" to={paths.enterprise.myTasks}>
          {t('progress.allTasks', { count: data.tasks.open })}
        </Link>
      ) : (
        <Link className="my-progress__more forward-link" to={paths.enterprise.myTasks}>
          {t('progress.openMyTasks')}
        </Link>
      )}
    </Card>
  );
};

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

const SpeakingTrend = ({ points, days }: { points: SpeechTrendPoint[]; days: number }) => {
  const { t } = useTranslation('dashboard');
  const dates = useMemo(() => points.map((p) => p.date), [points]);
  if (points.length === 0) return <p className="my-progress__empty">{t('trend.none', { count: days })}</p>;
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
                  {latest === null
                    ? t('trend.noReadAloud')
                    : t(measure.unit, { value: formatNumber(latest) })}
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
              <td>{formatNumber(p.wordsPerMinute)}</td>
              <td>{formatNumber(p.fillersPer100Words)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
};

const Scores = ({ data }: { data: MyProgress }) => {
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

const VideosToWatch = ({ data, onWatched }: { data: MyProgress; onWatched: () => void }) => {
  const { t } = useTranslation('dashboard');
  const [playing, setPlaying] = useState<VideoContent | null>(null);
  return (
    <Card title={t('progress.videosToWatch')} className="my-progress__card">
      {data.videos.list.length === 0 ? (
        <p className="my-progress__empty">{t('videos.none')}</p>
      ) : (
        <ul className="my-progress__list">
          {data.videos.list.map((video) => (
            <li key={video._id} className="my-progress__item my-progress__item--row">
              <span className="my-progress__video">
                <span className="my-progress__link-text">{truncateText(video.title, 60)}</span>
                <span className="my-progress__due">
                  {video.categoryLabel} ·{' '}
                  {t('time.minutes', {
                    minutes: formatNumber(Math.max(1, Math.round(video.durationSeconds / 60))),
                  })}
                </span>
              </span>
              <Button
                variant="secondary"
                size="sm"
                onClick={() => setPlaying(video)}
                aria-label={t('videos.watchName', { title: video.title })}
              >
                {t('videos.watch')}
              </Button>
            </li>
          ))}
        </ul>
      )}
      {data.videos.toWatch > data.videos.list.length ? (
        <p className="my-progress__due">
          {t('videos.more', { count: data.videos.toWatch - data.videos.list.length })}
        </p>
      ) : null}
      {playing ? (
        <Suspense fallback={null}>
          <VideoPlayerDialog video={playing} onClose={() => setPlaying(null)} onViewed={() => onWatched()} />
        </Suspense>
      ) : null}
    </Card>
  );
};

const SurveysToAnswer = ({ data }: { data: MyProgress }) => {
  const { t } = useTranslation('dashboard');
  return (
    <Card title={t('progress.surveysToAnswer')} className="my-progress__card">
      {data.surveys.list.length === 0 ? (
        <p className="my-progress__empty">{t('surveys.none')}</p>
      ) : (
        <ul className="my-progress__list">
          {data.surveys.list.map((survey) => (
            <li key={survey.surveyId} className="my-progress__item">
              <Link
                className="my-progress__link"
                to={fillPath(paths.enterprise.mySurvey, { id: survey.surveyId })}
                title={survey.title.length > 60 ? survey.title : undefined}
              >
                {truncateText(survey.title, 60)}
              </Link>
              <span className="my-progress__meta">
                <span className="chip">{t('surveys.questions', { count: survey.questionCount })}</span>
                {survey.dueAt ? (
                  <span className="my-progress__due">
                    {t('progress.due', { date: formatDateTime(survey.dueAt) })}
                  </span>
                ) : null}
              </span>
            </li>
          ))}
        </ul>
      )}
      {data.surveys.toAnswer > data.surveys.list.length ? (
        <Link className="my-progress__more forward-link" to={paths.enterprise.myTasks}>
          {t('surveys.all', { count: data.surveys.toAnswer })}
        </Link>
      ) : null}
    </Card>
  );
};

/**
 * Whether the member has anything of their own to see: something to do, or practice done (issue 38 item 10: an
 * admin's home opened on their own zeroed figures).
 */
export const hasOwnProgress = (data: MyProgress) =>
  data.tasks.open > 0 ||
  data.videos.toWatch > 0 ||
  data.surveys.toAnswer > 0 ||
  data.scores.length > 0 ||
  data.speech.points.length > 0 ||
  data.practice.secondsLast30Days > 0 ||
  data.practice.streakDays > 0;

/**
 * "My progress" (issue 17 item 3): every member's own tasks to do, practice, streak, speaking trend, scores and
 * videos to watch and surveys to answer, on their home. With `onlyWhenAny` (an admin's home, below the company's
 * activity) it shows only when the member has something of their own.
 */
export const MyProgressSection = ({ onlyWhenAny = false }: { onlyWhenAny?: boolean }) => {
  const { t } = useTranslation('dashboard');
  const [days, setDays] = useState<MyProgressTrendDays>(30);
  const [version, setVersion] = useState(0);
  const { state, reload } = useCall(myProgress.get, { days }, { refreshOn: [version] });
  if (onlyWhenAny && (state.status !== 'ready' || !hasOwnProgress(state.data))) return null;
  return (
    <section className="my-progress" aria-labelledby="my-progress-title">
      <h2 id="my-progress-title" className="dashboard__subtitle">
        {t('progress.title')}
      </h2>
      <LoadStates state={state} reload={reload} what={t('progress.what')}>
        {(data) => (
          <>
            <PracticeFigures data={data} />
            <div className="my-progress__grid">
              <TasksToDo data={data} />
              <VideosToWatch data={data} onWatched={() => setVersion((v) => v + 1)} />
              <SurveysToAnswer data={data} />
            </div>
            <Card className="my-progress__card">
              <div className="dashboard__figures-head">
                <h2 className="card__title">{t('trend.title')}</h2>
                <fieldset className="segmented">
                  <legend className="visually-hidden">{t('trend.period')}</legend>
                  {MY_PROGRESS_TREND_DAYS.map((option) => (
                    <label
                      key={option}
                      className={`segmented__option ${days === option ? 'segmented__option--on' : ''}`}
                    >
                      <input
                        type="radio"
                        name="my-progress-days"
                        checked={days === option}
                        onChange={() => setDays(option)}
                      />
                      {t('days', { count: option })}
                    </label>
                  ))}
                </fieldset>
              </div>
              <SpeakingTrend points={data.speech.points} days={data.speech.days} />
              <Scores data={data} />
            </Card>
          </>
        )}
      </LoadStates>
    </section>
  );
};
