import { type MyCourse, myCourses } from '@coach/shared/contract/my-courses';
import type { VideoContent } from '@coach/shared/contract/video';
import { lazy, Suspense, useState } from 'react';
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
import './my-courses.css';

const VideoPlayerDialog = lazy(() =>
  import('../../widgets/video-player/video-player-dialog.tsx').then((m) => ({
    default: m.VideoPlayerDialog,
  })),
);

/** Where the marketplace lives: the same origin serves it (the one-process server). */
const MARKETPLACE_HOME = '/marketplace/home';

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
      </div>
    </li>
  );
};

/** /enterprise/my-courses: the marketplace courses the member bought, their progress and what is next. */
export const MyCoursesPage = () => {
  const { t } = useTranslation('my-courses');
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
            <a className="btn btn--secondary btn--md" href={MARKETPLACE_HOME}>
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
