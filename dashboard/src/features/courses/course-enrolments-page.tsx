import { ApiError, GENERIC_ERROR_MESSAGE } from '@coach/shared/client';
import { courses, type Enrolment } from '@coach/shared/contract/courses';
import type { ResponseOf } from '@coach/shared/contract/define-call';
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { paths } from '../../config/paths.ts';
import { useCourseText } from '../../i18n/course-text.ts';
import { formatNumber } from '../../i18n/format.ts';
import { api } from '../../lib/api.ts';
import { formatDateTime } from '../../lib/dates.ts';
import { notify } from '../../lib/notify.ts';
import { Button } from '../../ui/button.tsx';
import { ConfirmDialog } from '../../ui/dialog.tsx';
import { Card, PageHeader } from '../../ui/layout.tsx';
import { type Column, ListView, useListScreen } from '../../widgets/list-screen.tsx';
import { CourseAccess } from './course-access.tsx';
import './courses.css';

// Only a paid row is an enrolment; a pending checkout is under way; the rest (abandoned, failed, refunded) are not.
/** An enrolment in a free course: "Enrolled, free", not "Paid", and no refund. */
const isFree = (e: Enrolment) => e.paymentStatus === 'paid' && e.amountCents === 0;

const paymentTone = (e: Enrolment) =>
  e.paymentStatus === 'paid' ? 'active' : e.paymentStatus === 'pending' ? 'pending' : 'inactive';

/** enrolments: paid and refunded ones (the default); checkouts: also those never completed. */
type Show = 'enrolments' | 'checkouts';

type Takings = ResponseOf<typeof courses.enrolments>['takings'];

/** What the course has taken, every currency it was sold in: the enrolments that stand and those paid back. */
const CourseTakings = ({ takings }: { takings: Takings }) => {
  const { t, amount } = useCourseText();
  const sum = (count: (row: Takings[number]) => number) => takings.reduce((all, row) => all + count(row), 0);
  const amounts = (cents: (row: Takings[number]) => number) =>
    takings.map((row) => amount(cents(row), row.currency)).join(' + ');
  const refunds = sum((row) => row.refunded);
  return (
    <Card title={t('enrolments.takings.title')} className="courses__takings">
      <dl className="facts" aria-label={t('enrolments.takings.title')}>
        <dt>{t('enrolments.takings.enrolled')}</dt>
        <dd>{formatNumber(sum((row) => row.paid))}</dd>
        <dt>{t('enrolments.takings.received')}</dt>
        <dd>{amounts((row) => row.paidCents)}</dd>
        <dt>{t('enrolments.takings.refunded')}</dt>
        <dd>
          {refunds > 0
            ? t('enrolments.takings.refundedValue', {
                count: formatNumber(refunds),
                amount: amounts((row) => row.refundedCents),
              })
            : formatNumber(0)}
        </dd>
      </dl>
    </Card>
  );
};

const Enrolments = ({ id }: { id: string }) => {
  const { t, price, message: text } = useCourseText();
  const [courseName, setCourseName] = useState('');
  const [takings, setTakings] = useState<Takings>([]);
  const [show, setShow] = useState<Show>('enrolments');
  const [refunding, setRefunding] = useState<Enrolment | null>(null);
  const [busy, setBusy] = useState(false);
  const screen = useListScreen<Enrolment>({
    call: courses.enrolments,
    filters: [id, show],
    fetch: async ({ currentPage }) => {
      const page = await api.call(courses.enrolments, {
        courseId: id,
        currentPage,
        ...(show === 'checkouts' ? { show } : {}),
      });
      setCourseName(page.course.name);
      setTakings(page.takings);
      return page;
    },
  });
  /** One enrolment's action: the server's words in a toast, and the list again (its row changed). */
  const act = async (
    call: typeof courses.refundEnrolment | typeof courses.resendEnrolmentMail,
    e: Enrolment,
  ) => {
    try {
      const { message } = await api.callWithMessage(call, { courseId: id, enrolmentId: e._id });
      notify.success(text(message));
      await screen.list.reload();
    } catch (error) {
      notify.error(error instanceof ApiError ? text(error.message) : GENERIC_ERROR_MESSAGE);
    }
  };
  // A refund pays the buyer back and takes the course's tasks and videos away (their account stays).
  const refund = async (enrolment: Enrolment) => {
    setBusy(true);
    await act(courses.refundEnrolment, enrolment);
    setBusy(false);
    setRefunding(null);
  };
  // A buyer who never set a password gets the enrolment mail again, with a fresh link (earlier ones stop working).
  const [sending, setSending] = useState<string | null>(null);
  const sendAgain = async (enrolment: Enrolment) => {
    setSending(enrolment._id);
    await act(courses.resendEnrolmentMail, enrolment);
    setSending(null);
  };
  const columns: Column<Enrolment>[] = [
    {
      header: t('enrolments.learner'),
      unlabelled: true,
      cell: (e) => (
        <span className="courses__who">
          <span>
            <span className="courses__name">{e.name}</span>
            <span className="courses__meta">{e.email}</span>
          </span>
        </span>
      ),
    },
    {
      header: t('enrolments.payment'),
      cell: (e) => (
        <span className={`status status--${paymentTone(e)}`}>
          {t(`enrolments.status.${isFree(e) ? 'free' : e.paymentStatus}`)}
        </span>
      ),
    },
    {
      header: t('enrolments.amount'),
      className: 'table__number',
      cell: (e) => price(e.amountCents, e.currency),
    },
    { header: t('enrolments.started'), className: 'table__number', cell: (e) => formatDateTime(e.createdAt) },
    {
      header: t('enrolments.access'),
      cell: (e) => (
        <span className="courses__meta">
          {t(`enrolments.accessState.${e.learner ? e.learner.state : 'none'}`)}
        </span>
      ),
    },
    {
      header: t('enrolments.actions'),
      hiddenHeader: true,
      // The buttons sit in a box inside the cell, which stays a table cell: a cell made a flex box drew its row's
      // line at its own height, off the other columns'.
      cell: (e) =>
        e.paymentStatus === 'paid' ? (
          <div className="table__actions">
            {e.learner?.state === 'invited' ? (
              <Button
                variant="secondary"
                size="sm"
                loading={sending === e._id}
                onClick={() => void sendAgain(e)}
                aria-label={t('enrolments.sendAgainName', { name: e.name })}
              >
                {t('enrolments.sendAgain')}
              </Button>
            ) : null}
            {/* Nothing was paid for a free course: nothing to pay back. */}
            {isFree(e) ? null : (
              <Button
                variant="secondary"
                size="sm"
                onClick={() => setRefunding(e)}
                aria-label={t('enrolments.refundName', { name: e.name })}
              >
                {t('enrolments.refund')}
              </Button>
            )}
          </div>
        ) : null,
    },
  ];
  return (
    <div className="courses">
      <Link className="back-link" to={paths.enterprise.courses}>
        {t('list.title')}
      </Link>
      <PageHeader
        title={t('enrolments.title')}
        description={courseName ? t('enrolments.description', { course: courseName }) : undefined}
      />
      {takings.length ? <CourseTakings takings={takings} /> : null}
      {/* The list has no search box, so no toolbar of its own: the choice of rows sits above it. */}
      <div className="list-toolbar">
        <fieldset className="segmented">
          <legend className="visually-hidden">{t('enrolments.show.legend')}</legend>
          {(['enrolments', 'checkouts'] as const).map((value) => (
            <label
              key={value}
              className={`segmented__option ${show === value ? 'segmented__option--on' : ''}`}
            >
              <input
                type="radio"
                name="enrolment-show"
                checked={show === value}
                onChange={() => setShow(value)}
              />
              {t(`enrolments.show.${value}`)}
            </label>
          ))}
        </fieldset>
      </div>
      <ListView
        screen={screen}
        noun={t('enrolments.noun')}
        empty={{ title: t('enrolments.none'), description: t('enrolments.noneText') }}
        columns={columns}
        rowKey={(e) => e._id}
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
