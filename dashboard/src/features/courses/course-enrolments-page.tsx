import { ApiError, GENERIC_ERROR_MESSAGE } from '@coach/shared/client';
import { courses, type Enrolment } from '@coach/shared/contract/courses';
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { paths } from '../../config/paths.ts';
import { useCourseText } from '../../i18n/course-text.ts';
import { api } from '../../lib/api.ts';
import { formatDateTime } from '../../lib/dates.ts';
import { notify } from '../../lib/notify.ts';
import { usePagedList } from '../../lib/use-paged-list.ts';
import { Button } from '../../ui/button.tsx';
import { ConfirmDialog } from '../../ui/dialog.tsx';
import { PageHeader } from '../../ui/layout.tsx';
import { PagedTable } from '../../ui/paged-table.tsx';
import { CourseAccess } from './course-access.tsx';
import './courses.css';

const Enrolments = ({ id }: { id: string }) => {
  const { t, price, message: text } = useCourseText();
  const [courseName, setCourseName] = useState('');
  const [refunding, setRefunding] = useState<Enrolment | null>(null);
  const [busy, setBusy] = useState(false);
  const list = usePagedList([courses.enrolments.path, id], async (currentPage) => {
    const page = await api.call(courses.enrolments, { courseId: id, currentPage });
    setCourseName(page.course.name);
    return page;
  });
  // Issue 38: a refund pays the buyer back and takes the course's tasks and videos away (their account stays).
  const refund = async (enrolment: Enrolment) => {
    setBusy(true);
    try {
      const { message } = await api.callWithMessage(courses.refundEnrolment, {
        courseId: id,
        enrolmentId: enrolment._id,
      });
      notify.success(text(message));
      await list.reload();
    } catch (error) {
      notify.error(error instanceof ApiError ? text(error.message) : GENERIC_ERROR_MESSAGE);
    } finally {
      setBusy(false);
      setRefunding(null);
    }
  };
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
            <th scope="col">{t('enrolments.access')}</th>
            <th scope="col">
              <span className="visually-hidden">{t('enrolments.actions')}</span>
            </th>
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
            <td data-label={t('enrolments.access')}>
              <span className="courses__meta">
                {t(`enrolments.accessState.${e.learner ? e.learner.state : 'none'}`)}
              </span>
            </td>
            {/* The actions cell is a flex box: an empty one would not fill the row's height. */}
            <td className={e.paymentStatus === 'paid' ? 'table__actions' : undefined}>
              {e.paymentStatus === 'paid' ? (
                <Button
                  variant="secondary"
                  size="sm"
                  onClick={() => setRefunding(e)}
                  aria-label={t('enrolments.refundName', { name: e.name })}
                >
                  {t('enrolments.refund')}
                </Button>
              ) : null}
            </td>
          </tr>
        )}
      />
      {refunding ? (
        <ConfirmDialog
          title={t('enrolments.refundTitle', { name: refunding.name })}
          description={t('enrolments.refundText', {
            amount: price(refunding.amountCents, refunding.currency),
            email: refunding.email,
          })}
          confirmLabel={t('enrolments.refund')}
          busy={busy}
          onConfirm={() => void refund(refunding)}
          onCancel={() => setRefunding(null)}
        />
      ) : null}
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
