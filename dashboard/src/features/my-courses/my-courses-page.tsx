import { TASK_STATUS } from '@coach/shared/constants/task-status';
import { type MyCourse, type MyCourseItem, myCourses } from '@coach/shared/contract/my-courses';
import type { VideoContent } from '@coach/shared/contract/video';
import { lazy, Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { fillPath, paths } from '../../config/paths.ts';
import { useCourseText } from '../../i18n/course-text.ts';
import { formatNumber } from '../../i18n/format.ts';
import { formatDate } from '../../lib/dates.ts';
import { useCall } from '../../lib/use-call.ts';
import { Button } from '../../ui/button.tsx';
import { PageHeader } from '../../ui/layout.tsx';
import { ProgressBar } from '../../ui/progress-bar.tsx';
import { LoadingBlock } from '../../ui/spinner.tsx';
import { EmptyState, ErrorState } from '../../ui/states.tsx';
import { UserText } from '../../ui/user-text.tsx';
import '../../ui/table.css';
import './my-courses.css';

const VideoPlayerDialog = lazy(() =>
  import('../../widgets/video-player/video-player-dialog.tsx').then((m) => ({
    default: m.VideoPlayerDialog,
  })),
);

/** A lesson's state in words and colour: a task's status, a video watched or not. */
const itemState = (item: MyCourseItem) =>
  item.kind === 'task'
    ? item.status === TASK_STATUS.completed
      ? { key: 'contents.completed' as const, tone: 'chip--success' }
      : item.status === TASK_STATUS.inProgress
        ? { key: 'contents.inProgress' as const, tone: 'chip--accent' }
        : { key: 'contents.notStarted' as const, tone: '' }
    : item.watched
      ? { key: 'contents.watched' as const, tone: 'chip--success' }
      : { key: 'contents.notWatched' as const, tone: '' };

/** Every task and video of a course in order, each with its state and a way to open it. */
const CourseContents = ({ course, onPlay }: { course: MyCourse; onPlay: (video: VideoContent) => void }) => {
  const { t } = useTranslation('my-courses');
  const [open, setOpen] = useState(false);
  const listId = useId();
  if (course.items.length === 0) return null;
  return (
    <div className="my-course__contents">
      <Button
        variant="ghost"
        size="sm"
        className="my-course__toggle"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((o) => !o)}
      >
        {open ? t('contents.hide') : t('contents.show')}
      </Button>
      <ol
        id={listId}
        className="my-course__items"
        hidden={!open}
        aria-label={t('contents.of', { name: course.name })}
      >
        {course.items.map((item, index) => {
          const state = itemState(item);
          const title = item.kind === 'task' ? item.title : item.video.title;
          return (
            <li key={item.kind === 'task' ? item.taskId : item.video._id} className="my-course__item">
              <span className="my-course__item-number" aria-hidden="true">
                {formatNumber(index + 1)}
              </span>
              <span className="my-course__item-text">
                <span className="my-course__item-kind">
                  {item.kind === 'task' ? t('contents.task') : t('contents.video')}
                </span>
                <UserText className="my-course__item-title">{title}</UserText>
              </span>
              <span className={`chip ${state.tone}`}>{t(state.key)}</span>
              {item.kind === 'task' ? (
                <Link
                  className="btn btn--secondary btn--sm"
                  to={fillPath(paths.enterprise.myTaskView, { id: item.taskId })}
                  aria-label={t('contents.openName', { title })}
                >
                  {t('contents.open')}
                </Link>
              ) : (
                <Button
                  variant="secondary"
                  size="sm"
                  onClick={() => onPlay(item.video)}
                  aria-label={t('contents.playName', { title })}
                >
                  {t('contents.play')}
                </Button>
              )}
            </li>
          );
        })}
      </ol>
    </div>
  );
};

const CourseCard = ({ course, onPlay }: { course: MyCourse; onPlay: (video: VideoContent) => void }) => {
  const { t } = useTranslation('my-courses');
  const { category, level } = useCourseText();
  const items = course.tasks.total + course.videos.total;
  const done = items > 0 && course.next === null;
  return (
    <li className="my-course">
      {course.imageUrl ? (
        <img className="my-course__cover" src={course.imageUrl} alt="" loading="lazy" />
      ) : (
        <span className="my-course__cover my-course__cover--blank" aria-hidden="true" />
      )}
      <div className="my-course__body">
        <p className="my-course__meta">
          {category(course.category)} · {level(course.level)}
        </p>
        <h2 className="my-course__title">
          <UserText>{course.name}</UserText>
        </h2>
        <p className="my-course__meta">
          {t('card.by', { institution: course.institutionName })} ·{' '}
          {t('card.enrolled', { date: formatDate(course.enrolledAt) })}
        </p>
        <ProgressBar
          value={course.progress}
          label={t('card.progressOf', { name: course.name })}
          tone={done ? 'success' : 'accent'}
        />
        <p className="my-course__counts">
          {t('card.tasks', {
            done: formatNumber(course.tasks.completed),
            total: formatNumber(course.tasks.total),
          })}{' '}
          ·{' '}
          {t('card.videos', {
            done: formatNumber(course.videos.watched),
            total: formatNumber(course.videos.total),
          })}
        </p>
        <div className="my-course__next">
          {course.next?.kind === 'task' ? (
            <>
              <span className="my-course__next-label">
                {t('card.nextTask', { title: course.next.title })}
              </span>
              <Link
                className="btn btn--primary btn--md"
                to={fillPath(paths.enterprise.myTaskView, { id: course.next.taskId })}
                aria-label={t('card.continueName', { name: course.name })}
              >
                {t('card.continue')}
              </Link>
            </>
          ) : course.next?.kind === 'video' ? (
            <>
              <span className="my-course__next-label">
                {t('card.nextVideo', { title: course.next.video.title })}
              </span>
              <Button
                onClick={() => course.next?.kind === 'video' && onPlay(course.next.video)}
                aria-label={t('card.continueName', { name: course.name })}
              >
                {t('card.continue')}
              </Button>
            </>
          ) : (
            <span className={`chip ${done ? 'chip--success' : ''}`}>
              {done ? t('card.done') : t('card.nothingYet')}
            </span>
          )}
        </div>
        <CourseContents course={course} onPlay={onPlay} />
      </div>
    </li>
  );
};

/** /enterprise/my-courses: the marketplace courses the member bought, their progress and what is next. */
export const MyCoursesPage = () => {
  const { t, i18n } = useTranslation('my-courses');
  const [version, setVersion] = useState(0);
  const { state, reload } = useCall(myCourses.list, {}, { refreshOn: [version] });
  const [playing, setPlaying] = useState<VideoContent | null>(null);
  return (
    <div className="my-courses">
      <PageHeader title={t('page.title')} description={t('page.description')} />
      {state.status === 'loading' ? <LoadingBlock label={t('page.loading')} /> : null}
      {state.status === 'error' ? (
        <ErrorState
          title={t('page.loadError')}
          description={state.message}
          action={
            <Button variant="secondary" onClick={reload}>
              {t('page.tryAgain')}
            </Button>
          }
        />
      ) : null}
      {state.status === 'ready' && state.data.length === 0 ? (
        <EmptyState
          title={t('page.none')}
          description={t('page.noneText')}
          action={
            // The marketplace in the language the member reads (the same origin serves it).
            <a className="btn btn--secondary btn--md" href={paths.marketplaceHomeIn(i18n.language)}>
              {t('page.browse')}
            </a>
          }
        />
      ) : null}
      {state.status === 'ready' && state.data.length > 0 ? (
        <ul className="my-courses__list" aria-label={t('page.title')}>
          {state.data.map((course) => (
            <CourseCard key={course.enrolmentId} course={course} onPlay={setPlaying} />
          ))}
        </ul>
      ) : null}
      {playing ? (
        <Suspense fallback={null}>
          <VideoPlayerDialog
            video={playing}
            onClose={() => setPlaying(null)}
            onViewed={() => setVersion((v) => v + 1)}
          />
        </Suspense>
      ) : null}
    </div>
  );
};
