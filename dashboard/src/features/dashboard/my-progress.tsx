import { TASK_STATUS } from '@coach/shared/constants/task-status';
import type { VideoContent } from '@coach/shared/contract/content';
import {
  MY_PROGRESS_TREND_DAYS,
  type MyProgress,
  type MyProgressTrendDays,
  myProgress,
} from '@coach/shared/contract/my-progress';
import { truncateText } from '@coach/shared/format/truncate-text';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { fillPath, paths } from '../../config/paths.ts';
import { formatNumber, withNumbers } from '../../i18n/format.ts';
import { i18n } from '../../i18n/index.ts';
import { formatDateTime } from '../../lib/dates.ts';
import { useCall } from '../../lib/use-call.ts';
import { Button } from '../../ui/button.tsx';
import { Card } from '../../ui/layout.tsx';
import { LoadStates } from '../../ui/load-states.tsx';
import '../../ui/table.css';
import { Scores, SpeakingTrend } from './my-progress-trend.tsx';

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
        value={t('progress.streakDays', withNumbers({ count: practice.streakDays }))}
        note={streakNote}
      />
      <Figure
        label={t('progress.tasksToDo')}
        value={formatNumber(tasks.open)}
        // Those started count too: said, since My Tasks shows them under In progress rather than Due.
        note={[
          tasks.inProgress ? t('progress.inProgressCount', { value: formatNumber(tasks.inProgress) }) : null,
          tasks.overdue
            ? t('progress.overdue', withNumbers({ count: tasks.overdue }))
            : t('progress.noneOverdue'),
        ]
          .filter(Boolean)
          .join(' · ')}
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
                {task.taskStatus === TASK_STATUS.inProgress ? (
                  <span className="chip">{t('progress.inProgress')}</span>
                ) : null}
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
          {t('progress.allTasks', withNumbers({ count: data.tasks.open }))}
        </Link>
      ) : (
        <Link className="my-progress__more forward-link" to={paths.enterprise.myTasks}>
          {t('progress.openMyTasks')}
        </Link>
      )}
    </Card>
  );
};

/**
 * A video's category (the fixed categories in the chosen language) and length in whole minutes, at least one. Each
 * piece is isolated so an English label in a right-to-left page keeps its place and its number stays with its unit.
 */
const VideoFacts = ({ video }: { video: VideoContent }) => {
  const { t } = useTranslation('dashboard');
  const minutes = Math.max(1, Math.round(video.durationSeconds / 60));
  return (
    <span className="my-progress__due">
      <bdi>{t(`content-library:categories.${video.category}`, { defaultValue: video.categoryLabel })}</bdi>
      {' · '}
      <bdi>{t('videos.minutes', withNumbers({ count: minutes }))}</bdi>
    </span>
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
                <VideoFacts video={video} />
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
          {t('videos.more', withNumbers({ count: data.videos.toWatch - data.videos.list.length }))}
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
                <span className="chip">
                  {t('surveys.questions', withNumbers({ count: survey.questionCount }))}
                </span>
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
          {t('surveys.all', withNumbers({ count: data.surveys.toAnswer }))}
        </Link>
      ) : null}
    </Card>
  );
};

/**
 * Whether the member has anything of their own to see: something to do, or practice done (so an admin's home
 * does not open on their own zeroed figures).
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
 * "My progress": every member's own tasks to do, practice, streak, speaking trend, scores and
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
                      {t('days', withNumbers({ count: option }))}
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
