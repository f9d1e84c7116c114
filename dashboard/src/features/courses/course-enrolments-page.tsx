import { courses } from '@coach/shared/contract/courses';
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { paths } from '../../config/paths.ts';
import { api } from '../../lib/api.ts';
import { formatDateTime } from '../../lib/dates.ts';
import { usePagedList } from '../../lib/use-paged-list.ts';
import { PageHeader } from '../../ui/layout.tsx';
import { PagedTable } from '../../ui/paged-table.tsx';
import { CourseAccess } from './course-access.tsx';
import { useCourseText } from './course-text.ts';
import './courses.css';

const Enrolments = ({ id }: { id: string }) => {
  const { t, price } = useCourseText();
  const [courseName, setCourseName] = useState('');
  const list = usePagedList([courses.enrolments.path, id], async (currentPage) => {
    const page = await api.call(courses.enrolments, { courseId: id, currentPage });
    setCourseName(page.course.name);
    return page;
  });
  return (
    <div className="courses">
      <Link className="back-link" to={paths.enterprise.courses}>
        {t('list.title')}
      </Link>
      <PageHeader
        title={t('enrolments.title')}
        description={courseName ? t('enrolments.description', { course: courseName }) : undefined}
      />
      <PagedTable
        list={list}
        noun={t('enrolments.noun')}
        empty={{
          title: t('enrolments.none'),
          description: t('enrolments.noneText'),
        }}
        head={
          <>
            <th scope="col">{t('enrolments.learner')}</th>
            <th scope="col">{t('enrolments.payment')}</th>
            <th scope="col">{t('enrolments.amount')}</th>
            <th scope="col">{t('enrolments.started')}</th>
          </>
        }
        row={(e) => (
          <tr key={e._id}>
            <td>
              <span className="courses__who">
                <span>
                  <span className="courses__name">{e.name}</span>
                  <span className="courses__meta">{e.email}</span>
                </span>
              </span>
            </td>
            <td data-label={t('enrolments.payment')}>
              <span
                className={`status status--${e.paymentStatus === 'paid' ? 'active' : e.paymentStatus === 'pending' ? 'pending' : 'inactive'}`}
              >
                {t(`enrolments.status.${e.paymentStatus}`)}
              </span>
            </td>
            <td data-label={t('enrolments.amount')} className="table__number">
              {price(e.amountCents, e.currency)}
            </td>
            <td data-label={t('enrolments.started')} className="table__number">
              {formatDateTime(e.createdAt)}
            </td>
          </tr>
        )}
      />
    </div>
  );
};

/** /enterprise/course-enrollments/:id */
export const CourseEnrolmentsPage = () => {
  const { id = '' } = useParams();
  return (
    <CourseAccess>
      <Enrolments id={id} />
    </CourseAccess>
  );
};
