import { ApiError, GENERIC_ERROR_MESSAGE } from '@coach/shared/client';
import { TASK_STATUS } from '@coach/shared/constants/task-status';
import { TASK_TYPES } from '@coach/shared/constants/task-types';
import { type Assignment, type MemberTaskDetail, tasks } from '@coach/shared/contract/tasks';
import type { TFunction } from 'i18next';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams, useSearchParams } from 'react-router-dom';
import { fillPath, paths } from '../../config/paths.ts';
import { formatNumber } from '../../i18n/format.ts';
import { api } from '../../lib/api.ts';
import { useCan } from '../../lib/can.tsx';
import { formatDate, formatDateTime } from '../../lib/dates.ts';
import { notify } from '../../lib/notify.ts';
import { useCall } from '../../lib/use-call.ts';
import { useContractForm } from '../../lib/use-contract-form.ts';
import { Avatar } from '../../ui/avatar.tsx';
import { Button } from '../../ui/button.tsx';
import { Card, PageHeader } from '../../ui/layout.tsx';
import { PronunciationScore } from '../../ui/pronunciation-score.tsx';
import { anyPending, useAnalysisPoll } from '../../ui/speech-analysis.poll.ts';
import { LoadingBlock } from '../../ui/spinner.tsx';
import { EmptyState, ErrorState } from '../../ui/states.tsx';
import { TaskTries } from '../../ui/task-tries.tsx';
import { TextAreaField } from '../../ui/text-field.tsx';
import { isPronunciationAccent } from '../../widgets/hear-it.tsx';
import { InterviewConversation } from './interview-conversation.tsx';
import { TaskAnswers } from './task-answers.tsx';
import '../../ui/table.css';
import './task-review.css';

const messageOf = (error: unknown) => (error instanceof ApiError ? error.message : GENERIC_ERROR_MESSAGE);
const FEEDBACK_FIELDS = ['feedback'] as const;

/** A scored try below its passing score: submitted, not passed yet, as the member's own page says. */
const notPassed = (assignment: Assignment) =>
  assignment.taskStatus === TASK_STATUS.completed && assignment.pronunciation?.passed === false;

const statusText = (t: TFunction<'task-review'>, assignment: Assignment) => {
  if (notPassed(assignment)) return t('page.submittedNotPassed');
  const status = t(`tasks:statuses.${assignment.taskStatus}`);
  return assignment.overdue ? t('page.overdue', { status }) : status;
};

const MemberFacts = ({ detail }: { detail: MemberTaskDetail }) => {
  const { t } = useTranslation('task-review');
  const { member, assignment } = detail;
  return (
    <Card title={t('page.member')} className="review__member">
      <div className="review__who">
        <Avatar name={member.name} url={member.avatarUrl} />
        <div>
          <p className="review__name">{member.name}</p>
          <p className="review__email">{member.email}</p>
        </div>
      </div>
      <dl className="facts">
        <dt>{t('page.status')}</dt>
        <dd>
          <span
            className={`status ${assignment.taskStatus === TASK_STATUS.completed && !notPassed(assignment) ? 'status--active' : 'status--pending'}`}
          >
            {statusText(t, assignment)}
          </span>
        </dd>
        <dt>{t('page.progress')}</dt>
        <dd>{formatNumber(Math.round(assignment.progress) / 100, { style: 'percent' })}</dd>
        <dt>{t('page.assigned')}</dt>
        <dd>{formatDate(assignment.assignedAt)}</dd>
        <dt>{t('page.due')}</dt>
        <dd>{formatDateTime(assignment.dueAt)}</dd>
        <dt>{notPassed(assignment) ? t('page.submitted') : t('page.completed')}</dt>
        <dd>{formatDateTime(assignment.completedAt, t('page.notYet'))}</dd>
      </dl>
    </Card>
  );
};

/** Feedback to the member (add-task-feedback) and 'Mark reviewed' (mark-task-reviewed), once completed. */
const ReviewPanel = ({
  detail,
  onChange,
}: {
  detail: MemberTaskDetail;
  onChange: (assignment: Assignment, what: 'feedback' | 'reviewed') => void;
}) => {
  const { t } = useTranslation('task-review');
  const { task, member, assignment } = detail;
  const [feedback, setFeedback] = useState(assignment.feedback ?? '');
  const feedbackForm = useContractForm(FEEDBACK_FIELDS, tasks.addTaskFeedback);
  // Mark reviewed is a button, not a form: it keeps its own busy flag and shows its failure as a toast.
  const [marking, setMarking] = useState(false);
  // The Mark reviewed button goes away once used: the focus moves to the line that replaces it.
  const reviewedLine = useRef<HTMLParagraphElement>(null);
  const [justReviewed, setJustReviewed] = useState(false);
  useEffect(() => {
    if (justReviewed) reviewedLine.current?.focus();
  }, [justReviewed]);
  const ids = { taskId: task._id, userId: member._id };
  const completed = assignment.taskStatus === TASK_STATUS.completed;

  const sendFeedback = async (event: FormEvent) => {
    event.preventDefault();
    const input = { ...ids, feedback };
    const answer = await feedbackForm.send(tasks.addTaskFeedback, input);
    if (answer) onChange(answer, 'feedback');
    // Feedback the schema refuses (empty) takes the focus back to the box; a refused call leaves it be.
    else if (!tasks.addTaskFeedback.request.safeParse(input).success)
      document.getElementById('review-feedback')?.focus();
  };

  const markReviewed = async () => {
    setMarking(true);
    try {
      const { message, response } = await api.callWithMessage(tasks.markTaskReviewed, ids);
      notify.success(message);
      onChange(response, 'reviewed');
      setJustReviewed(true);
    } catch (failure) {
      notify.error(messageOf(failure));
    } finally {
      setMarking(false);
    }
  };

  if (!completed)
    return (
      <Card title={t('page.review')} className="review__panel">
        <p className="review__note">{t('page.reviewLocked', { name: member.name })}</p>
      </Card>
    );

  return (
    <Card title={t('page.review')} className="review__panel">
      <form className="review__form" onSubmit={sendFeedback} noValidate>
        <TextAreaField
          id="review-feedback"
          label={t('page.feedbackFor', { name: member.name })}
          rows={5}
          maxLength={feedbackForm.limits.feedback?.maxLength}
          value={feedback}
          error={feedbackForm.errors.feedback ?? feedbackForm.errors.form}
          hint={
            assignment.feedbackAt
              ? t('page.lastSent', { date: formatDateTime(assignment.feedbackAt) })
              : t('page.memberSees')
          }
          onChange={(event) => setFeedback(event.target.value)}
        />
        <Button type="submit" variant="secondary" loading={feedbackForm.saving}>
          {assignment.feedback ? t('page.updateFeedback') : t('page.sendFeedback')}
        </Button>
      </form>
      <div className="review__mark" aria-live="polite">
        {assignment.reviewedAt ? (
          <p ref={reviewedLine} className="review__done" tabIndex={-1}>
            {t('page.reviewedOn', { date: formatDateTime(assignment.reviewedAt) })}
          </p>
        ) : (
          <Button loading={marking} onClick={() => void markReviewed()}>
            {t('page.markReviewed')}
          </Button>
        )}
      </div>
    </Card>
  );
};

const MemberTask = ({ taskId, userId }: { taskId: string; userId: string }) => {
  const { t } = useTranslation('task-review');
  const { state, setState, reload } = useCall(tasks.getMembersTaskData, { taskId, userId });
  const [feedbackVersion, setFeedbackVersion] = useState(0);
  // The analyses of the recordings arrive in the background: ask again while one shown is pending.
  const shown =
    state.status === 'ready'
      ? Object.keys(state.data.assignment.report.recordings ?? {}).map(
          (key) => state.data.assignment.analyses?.[key],
        )
      : [];
  const stalled = useAnalysisPoll({
    active: anyPending(shown),
    poll: async () => {
      const fresh = await api.call(tasks.getMembersTaskData, { taskId, userId });
      setState((current) =>
        current.status === 'ready'
          ? {
              status: 'ready',
              data: {
                ...current.data,
                // The Pronunciation score follows the last item's analysis.
                assignment: {
                  ...current.data.assignment,
                  analyses: fresh.assignment.analyses ?? {},
                  pronunciation: fresh.assignment.pronunciation,
                  counting: fresh.assignment.counting,
                  attempts: fresh.assignment.attempts,
                  retry: fresh.assignment.retry,
                },
              },
            }
          : current,
      );
    },
  });
  if (state.status === 'loading') return <LoadingBlock label={t('page.loading')} />;
  if (state.status === 'error')
    return (
      <ErrorState
        title={t('page.loadError')}
        description={state.message}
        action={
          <Button variant="secondary" onClick={reload}>
            {t('page.tryAgain')}
          </Button>
        }
      />
    );
  const detail = state.data;
  const { task, member, assignment } = detail;
  const scoredIn = assignment.pronunciation?.accent;
  const view = {
    analyses: assignment.analyses ?? {},
    stalled,
    accent: isPronunciationAccent(scoredIn) ? scoredIn : undefined,
  };
  const update = (next: Assignment, what: 'feedback' | 'reviewed') => {
    setState({ status: 'ready', data: { ...detail, assignment: next } });
    if (what === 'feedback') setFeedbackVersion((n) => n + 1);
  };
  return (
    <>
      <PageHeader
        title={task.title}
        description={t('page.attempt', { type: t(`tasks:types.${task.type}`), name: member.name })}
      />
      <div className="review">
        <MemberFacts detail={detail} />
        <div className="review__main">
          {/* The overall score first, as the learner sees it; every item's answer below. */}
          {assignment.pronunciation ? (
            <PronunciationScore result={assignment.pronunciation} who={member.name} />
          ) : null}
          {task.type === TASK_TYPES.getInterviewReady ? (
            <Card title={t('page.interview')}>
              <p className="review__note">
                {task.jobTitle} · {task.industry} · {task.location} ({task.region})
              </p>
              {assignment.taskStatus === TASK_STATUS.notStarted ? (
                <p className="review-answer__none">{t('page.notStartedInterview', { name: member.name })}</p>
              ) : (
                <InterviewConversation
                  taskId={task._id}
                  userId={member._id}
                  memberName={member.name}
                  report={assignment.report}
                  version={feedbackVersion}
                  view={view}
                />
              )}
            </Card>
          ) : (
            <Card title={t('page.answers')}>
              {assignment.taskStatus === TASK_STATUS.notStarted ? (
                <p className="review-answer__none">{t('page.notStarted', { name: member.name })}</p>
              ) : (
                <TaskAnswers
                  task={task}
                  report={assignment.report}
                  view={view}
                  choiceResult={assignment.choiceResult}
                  memberName={member.name}
                />
              )}
            </Card>
          )}
          {/* Every try once there is more than one, the counting one marked. */}
          {assignment.retry && (assignment.attempts ?? []).some((attempt) => !attempt.current) ? (
            <TaskTries
              task={task}
              attempts={assignment.attempts ?? []}
              counts={assignment.retry.counts}
              who={member.name}
            />
          ) : null}
        </div>
        <ReviewPanel detail={detail} onChange={update} />
      </div>
    </>
  );
};

/** /enterprise/member-task/view/:id?member=userId: one member's attempt, for the reviewer (spec §2). */
export const MemberTaskPage = () => {
  const { t } = useTranslation('task-review');
  const { id = '' } = useParams();
  const [searchParams] = useSearchParams();
  const userId = searchParams.get('member') ?? '';
  // The route needs login only (spec §2), but the server refuses the review's calls to anyone outside the task
  // library, so a learner who follows a link here lands on the unauthorized page, not a failed load.
  const reviewer = useCan(tasks.getMembersTaskData);
  if (reviewer === false) return <Navigate to={paths.enterprise.unauthorized} replace />;
  return (
    <div className="review-page">
      <Link className="back-link" to={fillPath(paths.enterprise.viewTask, { id })}>
        {t('page.back')}
      </Link>
      {userId ? (
        <MemberTask taskId={id} userId={userId} />
      ) : (
        <EmptyState
          headingLevel={1}
          title={t('page.whichMember')}
          description={t('page.whichMemberDescription')}
        />
      )}
    </div>
  );
};
