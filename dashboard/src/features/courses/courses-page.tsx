import { ApiError, GENERIC_ERROR_MESSAGE } from '@coach/shared/client';
import { formatPrice } from '@coach/shared/constants/marketplace';
import { courses, type ManagedCourse } from '@coach/shared/contract/courses';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { fillPath, paths } from '../../config/paths.ts';
import { api } from '../../lib/api.ts';
import { notify } from '../../lib/notify.ts';
import { useDebounced } from '../../lib/use-debounced.ts';
import { usePagedList } from '../../lib/use-paged-list.ts';
import { Button } from '../../ui/button.tsx';
import { ConfirmDialog } from '../../ui/dialog.tsx';
import { PageHeader } from '../../ui/layout.tsx';
import { PagedTable } from '../../ui/paged-table.tsx';
import { SearchBox } from '../../ui/table.tsx';
import { CourseAccess } from './course-access.tsx';
import './courses.css';

type Status = 'all' | 'published' | 'draft';
const editPath = (id: string) => fillPath(paths.enterprise.editCourse, { id });
const enrolmentsPath = (id: string) => fillPath(paths.enterprise.courseEnrollments, { id });

const CourseList = () => {
  const [search, setSearch] = useState('');
  const searchInput = useDebounced(search.trim(), 400);
  const [status, setStatus] = useState<Status>('all');
  const [unpublishing, setUnpublishing] = useState<ManagedCourse | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [institution, setInstitution] = useState(true);
  const list = usePagedList([searchInput, status].join('|'), async (currentPage) => {
    const page = await api.call(courses.list, {
      searchInput,
      currentPage,
      ...(status === 'all' ? {} : { status }),
    });
    setInstitution(page.isInstitution);
    return page;
  });

  const publish = async (course: ManagedCourse, published: boolean) => {
    setBusy(course._id);
    try {
      const { message } = await api.callWithMessage(courses.setPublished, {
        courseId: course._id,
        published,
      });
      notify.success(message);
      await list.reload();
    } catch (error) {
      notify.error(error instanceof ApiError ? error.message : GENERIC_ERROR_MESSAGE);
    } finally {
      setBusy(null);
      setUnpublishing(null);
    }
  };

  return (
    <div className="courses">
      <PageHeader
        title="Courses"
        description="Your courses on the marketplace: drafts stay private until you publish them."
        actions={
          <Link className="btn btn--primary btn--md" to={paths.enterprise.createCourse}>
            New course
          </Link>
        }
      />
      {!institution ? (
        <p className="courses__notice" role="note">
          Your organisation is not listed as an institution on the marketplace yet, so courses cannot be
          published. Contact support to be listed.
        </p>
      ) : null}
      <div className="list-toolbar">
        <SearchBox
          label="Search courses"
          placeholder="Search by name..."
          value={search}
          onChange={setSearch}
        />
        <fieldset className="segmented">
          <legend className="visually-hidden">Status</legend>
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
              {value === 'all' ? 'All' : value === 'published' ? 'Published' : 'Drafts'}
            </label>
          ))}
        </fieldset>
      </div>
      <PagedTable
        list={list}
        noun="courses"
        empty={{
          title: searchInput || status !== 'all' ? 'No course matches' : 'No courses yet',
          description:
            searchInput || status !== 'all'
              ? 'Try another search or status.'
              : 'Create your first course; it stays a draft until you publish it.',
        }}
        head={
          <>
            <th scope="col">Course</th>
            <th scope="col">Price</th>
            <th scope="col">Status</th>
            <th scope="col">Enrolments</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </>
        }
        row={(course) => (
          <tr key={course._id}>
            <td>
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
                    {course.category} · {course.level} · {course.duration}
                  </span>
                </span>
              </span>
            </td>
            <td data-label="Price" className="table__number">
              {formatPrice(course.priceCents, course.currency)}
            </td>
            <td data-label="Status">
              <span className={`status ${course.published ? 'status--active' : 'status--inactive'}`}>
                {course.published ? 'Published' : 'Draft'}
              </span>
            </td>
            <td data-label="Enrolments" className="table__number">
              <Link
                to={enrolmentsPath(course._id)}
                aria-label={`${course.enrolmentCount} enrolments in ${course.name}`}
              >
                {course.enrolmentCount}
              </Link>
            </td>
            <td>
              <div className="table__actions">
                <Link
                  className="btn btn--secondary btn--sm"
                  to={editPath(course._id)}
                  aria-label={`Edit ${course.name}`}
                >
                  Edit
                </Link>
                {course.published ? (
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={`Unpublish ${course.name}`}
                    onClick={() => setUnpublishing(course)}
                  >
                    Unpublish
                  </Button>
                ) : (
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={`Publish ${course.name}`}
                    loading={busy === course._id}
                    disabled={!institution}
                    onClick={() => void publish(course, true)}
                  >
                    Publish
                  </Button>
                )}
              </div>
            </td>
          </tr>
        )}
      />
      {unpublishing ? (
        <ConfirmDialog
          title={`Unpublish ${unpublishing.name}?`}
          description="The course leaves the marketplace: visitors can no longer find it or enrol. Existing enrolments stay."
          confirmLabel="Unpublish"
          busy={busy === unpublishing._id}
          onConfirm={() => void publish(unpublishing, false)}
          onCancel={() => setUnpublishing(null)}
        />
      ) : null}
    </div>
  );
};

/** /enterprise/courses */
export const CoursesPage = () => (
  <CourseAccess>
    <CourseList />
  </CourseAccess>
);
