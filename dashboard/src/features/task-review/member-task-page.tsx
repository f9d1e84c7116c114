import { ApiError, GENERIC_ERROR_MESSAGE } from '@coach/shared/client';
import { TASK_STATUS, TASK_STATUS_LABELS } from '@coach/shared/constants/task-status';
import { TASK_TYPE_LABELS } from '@coach/shared/constants/task-types';
import { type Assignment, type MemberTaskDetail, tasks } from '@coach/shared/contract/tasks';
import { hasPermission } from '@coach/shared/permissions';
import { useAtomValue } from 'jotai';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Link, Navigate, useParams, useSearchParams } from 'react-router-dom';
import { fillPath, paths } from '../../config/paths.ts';
import { api } from '../../lib/api.ts';
import { formatDate, formatDateTime } from '../../lib/dates.ts';
import { notify } from '../../lib/notify.ts';
import { enterpriseUserAtom } from '../../lib/session.ts';
import { useLoad } from '../../lib/use-load.ts';
import { Avatar } from '../../ui/avatar.tsx';
import { Button } from '../../ui/button.tsx';
import { Card, PageHeader } from '../../ui/layout.tsx';
import { PronunciationScore } from '../../ui/pronunciation-score.tsx';
import { anyPending, useAnalysisPoll } from '../../ui/speech-analysis.poll.ts';
import { LoadingBlock } from '../../ui/spinner.tsx';
import { EmptyState, ErrorState } from '../../ui/states.tsx';
import { TextAreaField } from '../../ui/text-field.tsx';
import { InterviewConversation } from './interview-conversation.tsx';
import { TaskAnswers } from './task-answers.tsx';
import '../../ui/table.css';
import './task-review.css';

const messageOf = (error: unknown) => (error instanceof ApiError ? error.message : GENERIC_ERROR_MESSAGE);

const statusText = (assignment: Assignment) =>
  `${TASK_STATUS_LABELS[assignment.taskStatus]}${assignment.overdue ? ' · overdue' : ''}`;

const MemberFacts = ({ detail }: { detail: MemberTaskDetail }) => {
  const { member, assignment } = detail;
  return (
    <Card title="Member" className="review__member">
      <div className="review__who">
        <Avatar name={member.name} url={member.avatarUrl} />
        <div>
          <p className="review__name">{member.name}</p>
          <p className="review__email">{member.email}</p>
        </div>
      </div>
      <dl className="facts">
        <dt>Status</dt>
        <dd>
          <span
            className={`status ${assignment.taskStatus === TASK_STATUS.completed ? 'status--active' : 'status--pending'}`}
          >
            {statusText(assignment)}
          </span>
        </dd>
        <dt>Progress</dt>
        <dd>{Math.round(assignment.progress)}%</dd>
        <dt>Assigned</dt>
        <dd>{formatDate(assignment.assignedAt)}</dd>
        <dt>Due</dt>
        <dd>{formatDateTime(assignment.dueAt)}</dd>
        <dt>Completed</dt>
        <dd>{formatDateTime(assignment.completedAt, 'Not yet')}</dd>
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
  const { task, member, assignment } = detail;
  const [feedback, setFeedback] = useState(assignment.feedback ?? '');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<'feedback' | 'reviewed' | null>(null);
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
    const parsed = tasks.addTaskFeedback.request.safeParse({ ...ids, feedback });
    if (!parsed.success) {
      setError(
        parsed.error.issues.find((issue) => issue.path[0] === 'feedback')?.message ?? GENERIC_ERROR_MESSAGE,
      );
      document.getElementById('review-feedback')?.focus();
      return;
    }
    setError(null);
    setBusy('feedback');
    try {
      const { message, response } = await api.callWithMessage(tasks.addTaskFeedback, parsed.data);
      notify.success(message);
      onChange(response, 'feedback');
    } catch (failure) {
      setError(messageOf(failure).replace(/^feedback: /, ''));
    } finally {
      setBusy(null);
    }
  };

  const markReviewed = async () => {
    setBusy('reviewed');
    try {
      const { message, response } = await api.callWithMessage(tasks.markTaskReviewed, ids);
      notify.success(message);
      onChange(response, 'reviewed');
      setJustReviewed(true);
    } catch (failure) {
      notify.error(messageOf(failure));
    } finally {
      setBusy(null);
    }
  };

  if (!completed)
    return (
      <Card title="Review" className="review__panel">
        <p className="review__note">Feedback and review open once {member.name} completes the task.</p>
      </Card>
    );

  return (
    <Card title="Review" className="review__panel">
      <form className="review__form" onSubmit={sendFeedback} noValidate>
        <TextAreaField
          id="review-feedback"
          label={`Feedback for ${member.name}`}
          rows={5}
          maxLength={5000}
          value={feedback}
          error={error}
          hint={
            assignment.feedbackAt
              ? `Last sent ${formatDateTime(assignment.feedbackAt)}.`
              : 'The member sees it with the task.'
          }
          onChange={(event) => setFeedback(event.target.value)}
        />
        <Button type="submit" variant="secondary" loading={busy === 'feedback'}>
          {assignment.feedback ? 'Update feedback' : 'Send feedback'}
        </Button>
      </form>
      <div className="review__mark" aria-live="polite">
        {assignment.reviewedAt ? (
          <p ref={reviewedLine} className="review__done" tabIndex={-1}>
            ✓ Reviewed on {formatDateTime(assignment.reviewedAt)}
          </p>
        ) : (
          <Button loading={busy === 'reviewed'} onClick={() => void markReviewed()}>
            Mark reviewed
          </Button>
        )}
      </div>
    </Card>
  );
};

const MemberTask = ({ taskId, userId }: { taskId: string; userId: string }) => {
  const { state, setState, reload } = useLoad(`${taskId}|${userId}`, () =>
    api.call(tasks.getMembersTaskData, { taskId, userId }),
  );
  const [feedbackVersion, setFeedbackVersion] = useState(0);
  // The analyses of the recordings arrive in the background (issue 16): ask again while one shown is pending.
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
                // The Pronunciation score follows the last item's analysis (issue 16).
                assignment: {
                  ...current.data.assignment,
                  analyses: fresh.assignment.analyses ?? {},
                  pronunciation: fresh.assignment.pronunciation,
                },
              },
            }
          : current,
      );
    },
  });
  if (state.status === 'loading') return <LoadingBlock label="Loading the member's task" />;
  if (state.status === 'error')
    return (
      <ErrorState
        title="The member's task could not be loaded"
        description={state.message}
        action={
          <Button variant="secondary" onClick={reload}>
            Try again
          </Button>
        }
      />
    );
  const detail = state.data;
  const { task, member, assignment } = detail;
  const view = { analyses: assignment.analyses ?? {}, stalled };
  const update = (next: Assignment, what: 'feedback' | 'reviewed') => {
    setState({ status: 'ready', data: { ...detail, assignment: next } });
    if (what === 'feedback') setFeedbackVersion((n) => n + 1);
  };
  return (
    <>
      <PageHeader
        title={task.title}
        description={`${TASK_TYPE_LABELS[task.type]} · ${member.name}’s attempt`}
      />
      <div className="review">
        <MemberFacts detail={detail} />
        <div className="review__main">
          {task.type === 6 ? (
            <Card title="Interview">
              <p className="review__note">
                {task.jobTitle} · {task.industry} · {task.location} ({task.region})
              </p>
              {assignment.taskStatus === TASK_STATUS.notStarted ? (
                <p className="review-answer__none">{member.name} has not started the interview.</p>
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
            <Card title="Answers">
              {assignment.taskStatus === TASK_STATUS.notStarted ? (
                <p className="review-answer__none">{member.name} has not started this task.</p>
              ) : (
                <TaskAnswers task={task} report={assignment.report} view={view} />
              )}
            </Card>
          )}
          {assignment.pronunciation ? (
            <PronunciationScore result={assignment.pronunciation} who={member.name} />
          ) : null}
        </div>
        <ReviewPanel detail={detail} onChange={update} />
      </div>
    </>
  );
};

/** /enterprise/member-task/view/:id?member=userId: one member's attempt, for the reviewer (spec §2). */
export const MemberTaskPage = () => {
  const { id = '' } = useParams();
  const [searchParams] = useSearchParams();
  const userId = searchParams.get('member') ?? '';
  const user = useAtomValue(enterpriseUserAtom);
  // The route needs login only (spec §2), but reviewing needs the task library: the server refuses its calls
  // without it, so a learner who follows a link here lands on the unauthorized page, not a failed load.
  const reviewer = user
    ? hasPermission({
        permissions: user.roleId.permissions,
        isDefaultAdmin: user.isDefaultAdmin,
        key: 'task-library',
      })
    : true;
  if (!reviewer) return <Navigate to={paths.enterprise.unauthorized} replace />;
  return (
    <div className="review-page">
      <Link className="back-link" to={fillPath(paths.enterprise.viewTask, { id })}>
        ← Task
      </Link>
      {userId ? (
        <MemberTask taskId={id} userId={userId} />
      ) : (
        <EmptyState
          headingLevel={1}
          title="Which member?"
          description="Open a member's attempt from the task's member list or from the tasks to review on the dashboard."
        />
      )}
    </div>
  );
};
