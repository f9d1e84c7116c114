import { formatPrice } from '@coach/shared/constants/marketplace';
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
import './courses.css';

const STATUS_LABEL = { paid: 'Paid', pending: 'Payment pending', failed: 'Payment failed' } as const;

const Enrolments = ({ id }: { id: string }) => {
  const [courseName, setCourseName] = useState('');
  const list = usePagedList(id, async (currentPage) => {
    const page = await api.call(courses.enrolments, { courseId: id, currentPage });
    setCourseName(page.course.name);
    return page;
  });
  return (
    <div className="courses">
      <Link className="back-link" to={paths.enterprise.courses}>
        Courses
      </Link>
      <PageHeader
        title="Enrolments"
        description={courseName ? `Who enrolled in ${courseName}, and their payment.` : undefined}
      />
      <PagedTable
        list={list}
        noun="enrolments"
        empty={{
          title: 'No enrolments yet',
          description: 'Learners who enrol from the marketplace appear here.',
        }}
        head={
          <>
            <th scope="col">Learner</th>
            <th scope="col">Payment</th>
            <th scope="col">Amount</th>
            <th scope="col">Started</th>
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
            <td data-label="Payment">
              <span
                className={`status status--${e.paymentStatus === 'paid' ? 'active' : e.paymentStatus === 'pending' ? 'pending' : 'inactive'}`}
              >
                {STATUS_LABEL[e.paymentStatus]}
              </span>
            </td>
            <td data-label="Amount" className="table__number">
              {formatPrice(e.amountCents, e.currency)}
            </td>
            <td data-label="Started" className="table__number">
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
