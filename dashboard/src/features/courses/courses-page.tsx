import { ApiError, GENERIC_ERROR_MESSAGE } from '@coach/shared/client';
import { courses, type ManagedCourse } from '@coach/shared/contract/courses';
import { truncateText } from '@coach/shared/format/truncate-text';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { fillPath, paths } from '../../config/paths.ts';
import { useCourseText } from '../../i18n/course-text.ts';
import { formatNumber } from '../../i18n/format.ts';
import { api } from '../../lib/api.ts';
import { notify } from '../../lib/notify.ts';
import { Button } from '../../ui/button.tsx';
import { ConfirmDialog } from '../../ui/dialog.tsx';
import { type Column, ListScreen, useListScreen } from '../../widgets/list-screen.tsx';
import { CourseAccess } from './course-access.tsx';
import './courses.css';

type Status = 'all' | 'published' | 'draft';
const editPath = (id: string) => fillPath(paths.enterprise.editCourse, { id });
const enrolmentsPath = (id: string) => fillPath(paths.enterprise.courseEnrollments, { id });

const CourseList = () => {
  const { t, message: text, category, level, price } = useCourseText();
  const [status, setStatus] = useState<Status>('all');
  const [unpublishing, setUnpublishing] = useState<ManagedCourse | null>(null);
  const [deleting, setDeleting] = useState<ManagedCourse | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [institution, setInstitution] = useState(true);
  const screen = useListScreen<ManagedCourse>({
    call: courses.list,
    filters: [status],
    debounceMs: 400,
    fetch: async ({ search: searchInput, currentPage }) => {
      const page = await api.call(courses.list, {
        searchInput,
        currentPage,
        ...(status === 'all' ? {} : { status }),
      });
      setInstitution(page.isInstitution);
      return page;
    },
  });
  const { list } = screen;

  /** A row's action: the row is busy meanwhile, the server's message is told, the list reloads, the dialog closes. */
  const act = async (course: ManagedCourse, call: () => Promise<{ message: string }>) => {
    setBusy(course._id);
    try {
      const { message } = await call();
      notify.success(text(message));
      await list.reload();
    } catch (error) {
      notify.error(error instanceof ApiError ? text(error.message) : GENERIC_ERROR_MESSAGE);
    } finally {
      setBusy(null);
      setUnpublishing(null);
      setDeleting(null);
    }
  };
  const publish = (course: ManagedCourse, published: boolean) =>
    act(course, () => api.callWithMessage(courses.setPublished, { courseId: course._id, published }));
  const remove = (course: ManagedCourse) =>
    act(course, () => api.callWithMessage(courses.remove, { courseId: course._id }));

  /** Why the course stays, from the server's reason (delete-course refuses the same ones). */
  const cannotDelete = (course: ManagedCourse) =>
    course.deleteBlockedBy
      ? [
          t(`list.cannotDelete.${course.deleteBlockedBy}`),
          course.published ? t('list.unpublishInstead') : null,
        ]
          .filter(Boolean)
          .join(' ')
      : null;

  const columns: Column<ManagedCourse>[] = [
    {
      header: t('list.course'),
      unlabelled: true,
      cell: (course) => (
        <span className="courses__who">
          {course.imageUrl ? (
            <img className="courses__thumb" src={course.imageUrl} alt="" />
          ) : (
            <span className="courses__thumb" aria-hidden="true" />
          )}
          <span>
            <Link className="courses__name" to={editPath(course._id)}>
              {course.name}
            </Link>
            <span className="courses__meta">
              {category(course.category)} · {level(course.level)} · {course.duration}
            </span>
          </span>
        </span>
      ),
    },
    {
      header: t('list.price'),
      className: 'table__number',
      cell: (course) => price(course.priceCents, course.currency),
    },
    {
      header: t('list.status'),
      cell: (course) => (
        <span className={`status ${course.published ? 'status--active' : 'status--inactive'}`}>
          {course.published ? t('list.published') : t('list.draft')}
        </span>
      ),
    },
    {
      header: t('list.enrolments'),
      className: 'table__number',
      cell: (course) => (
        <Link
          to={enrolmentsPath(course._id)}
          aria-label={t('list.enrolmentsIn', {
            count: course.enrolmentCount,
            n: formatNumber(course.enrolmentCount),
            name: course.name,
          })}
        >
          {formatNumber(course.enrolmentCount)}
        </Link>
      ),
    },
    {
      header: t('list.actions'),
      hiddenHeader: true,
      cell: (course) => (
        <div className="table__actions">
          <Link
            className="btn btn--secondary btn--sm"
            to={editPath(course._id)}
            aria-label={t('list.editName', { name: course.name })}
          >
            {t('list.edit')}
          </Link>
          {course.published ? (
            <Button
              variant="ghost"
              size="sm"
              aria-label={t('list.unpublishName', { name: course.name })}
              onClick={() => setUnpublishing(course)}
            >
              {t('list.unpublish')}
            </Button>
          ) : (
            <Button
              variant="ghost"
              size="sm"
              aria-label={t('list.publishName', { name: course.name })}
              loading={busy === course._id}
              disabled={!institution}
              onClick={() => void publish(course, true)}
            >
              {t('list.publish')}
            </Button>
          )}
          {/* Offered on every course: one that must stay says why when asked. */}
          <Button
            variant="ghost"
            size="sm"
            aria-label={t('list.deleteName', { name: course.name })}
            onClick={() => setDeleting(course)}
          >
            {t('list.delete')}
          </Button>
        </div>
      ),
    },
  ];

  return (
    <ListScreen
      className="courses"
      title={t('list.title')}
      description={t('list.description')}
      actions={
        <Link className="btn btn--primary btn--md" to={paths.enterprise.createCourse}>
          {t('list.new')}
        </Link>
      }
      notice={
        !institution ? (
          <p className="courses__notice" role="note">
            {t('list.notInstitution')}
          </p>
        ) : null
      }
      screen={screen}
      search={{ label: t('list.search'), placeholder: t('list.searchPlaceholder') }}
      filters={
        <fieldset className="segmented">
          <legend className="visually-hidden">{t('list.status')}</legend>
          {(['all', 'published', 'draft'] as const).map((value) => (
            <label
              key={value}
              className={`segmented__option ${status === value ? 'segmented__option--on' : ''}`}
            >
              <input
                type="radio"
                name="course-status"
                checked={status === value}
                onChange={() => setStatus(value)}
              />
              {t(`list.filter.${value}`)}
            </label>
          ))}
        </fieldset>
      }
      noun={t('list.noun')}
      empty={
        screen.search || status !== 'all'
          ? { title: t('list.noMatch'), description: t('list.noMatchText') }
          : { title: t('list.none'), description: t('list.noneText') }
      }
      columns={columns}
      rowKey={(course) => course._id}
    >
      {unpublishing ? (
        <ConfirmDialog
          title={t('list.unpublishTitle', { name: unpublishing.name })}
          description={t('list.unpublishText')}
          confirmLabel={t('list.unpublish')}
          busy={busy === unpublishing._id}
          onConfirm={() => void publish(unpublishing, false)}
          onCancel={() => setUnpublishing(null)}
        />
      ) : null}
      {deleting ? (
        <ConfirmDialog
          title={
            deleting.deleteBlockedBy
              ? t('list.cannotDeleteTitle', { name: truncateText(deleting.name, 60) })
              : t('list.deleteTitle', { name: truncateText(deleting.name, 60) })
          }
          description={cannotDelete(deleting) ?? t('list.deleteText')}
          confirmLabel={t('list.delete')}
          blocked={Boolean(deleting.deleteBlockedBy)}
          busy={busy === deleting._id}
          onConfirm={() => void remove(deleting)}
          onCancel={() => setDeleting(null)}
        />
      ) : null}
    </ListScreen>
  );
};

/** /enterprise/courses */
export const CoursesPage = () => (
  <CourseAccess>
    <CourseList />
  </CourseAccess>
);
