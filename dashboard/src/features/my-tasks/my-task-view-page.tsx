import { TASK_TYPES } from '@coach/shared/constants/task-types';
import { type Assignment, isScoredTaskType, type MyTaskDetail, tasks } from '@coach/shared/contract/tasks';
import { useAtomValue } from 'jotai';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { paths } from '../../config/paths.ts';
import { formatList, formatNumber } from '../../i18n/format.ts';
import { formatDateTime } from '../../lib/dates.ts';
import { useCall } from '../../lib/use-call.ts';
import { unsavedTakesAtom } from '../../ui/audio-recorder.tsx';
import { Button } from '../../ui/button.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { Card, useDocumentTitle } from '../../ui/layout.tsx';
import { useLeaveGuard } from '../../ui/leave-guard.tsx';
import { ProgressBar } from '../../ui/progress-bar.tsx';
import { PronunciationScore } from '../../ui/pronunciation-score.tsx';
import { LoadingBlock } from '../../ui/spinner.tsx';
import { ErrorState, FormAlert } from '../../ui/states.tsx';
import { TaskTries } from '../../ui/task-tries.tsx';
import { recordingsBelowMark, recordingsUnheard } from './item-marks.ts';
import { Attachments, FeedbackPanel, SaveStatus } from './my-task-panels.tsx';
import { stepId } from './runners/runner-parts.tsx';
import { dueLabel, levelName, statusLabel, timeLabel, typeLabel } from './task-labels.ts';
import { stepVerb, taskProgress } from './task-report.ts';
import { TaskRunner } from './task-runner.tsx';
import { RetryNote, useTryAgain } from './task-try-again.tsx';
import { useTaskAttempt } from './use-task-attempt.ts';
import './my-tasks.css';

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

/** The task screen once loaded: what to do, the type's runner, progress and submit, or the done state. */
const TaskAttempt = ({
  detail,
  onReload,
  onRetried,
  focusWork,
}: {
  detail: MyTaskDetail;
  onReload: () => void;
  onRetried: (assignment: Assignment) => void;
  /** A new try has just opened: the task's work area takes the focus. */
  focusWork: boolean;
}) => {
  const { t } = useTranslation('my-tasks');
  const { task, pronunciation } = detail;
  const attempt = useTaskAttempt(detail);
  // A recording not saved yet (being made, being sent, or refused) is lost if the learner follows a link away.
  const leave = useLeaveGuard(useAtomValue(unsavedTakesAtom) > 0, 'this recording');
  useDocumentTitle(task.title);
  const { assignment, report, completed, problem } = attempt;
  /** This try was submitted and scored below its passing score. */
  const notPassed = completed && assignment.pronunciation?.passed === false;
  const { busy: retrying, tryAgain } = useTryAgain(task._id, onRetried);
  const workRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (focusWork) workRef.current?.focus();
  }, [focusWork]);
  // The tries kept while a new one is open, or every try once there was more than one.
  const tries = assignment.attempts ?? [];
  const showTries = tries.length > 1 || (tries.length > 0 && !completed);
  const openTry = !completed && tries.length > 0 ? tries.length + 1 : null;
  const progress = taskProgress(task, report);
  const hintId = useId();
  const isVideo = task.type === TASK_TYPES.video;
  const percent = completed ? 100 : progress.percent;
  // Recordings scored below the passing score (Pronunciation items, a Read & Record passage): named by the Submit
  // button, and asked about on submit (a task's total, the items' mean, may still pass; each item's own score is
  // told truthfully).
  const passingScore = pronunciation?.passingScore;
  const below = completed
    ? []
    : recordingsBelowMark({ task, report, analyses: attempt.analyses, passingScore });
  const belowPassage = below.includes('passage');
  const belowValues = {
    score: formatNumber(passingScore ?? 0),
    items: formatList(below.map((key) => t('steps.item', { n: Number(key) + 1 }))),
  };
  const [confirmingBelow, setConfirmingBelow] = useState(false);
  // Takes with nothing heard in them are asked about first: submitted, the reviewer gets silence.
  const unheard = completed ? [] : recordingsUnheard({ report, analyses: attempt.analyses });
  const [confirmingUnheard, setConfirmingUnheard] = useState(false);

  // A 422 naming a field takes the learner to that step.
  useEffect(() => {
    if (!problem?.field) return;
    const step = document.getElementById(stepId(problem.field));
    step?.scrollIntoView({ block: 'center', behavior: 'smooth' });
    step?.querySelector<HTMLElement>('input, textarea, button')?.focus({ preventScroll: true });
  }, [problem]);

  // The server's 422 shows on the step it names, and so does a started answer that cannot be sent as it is
  // (an "Other" chosen without its text); the hint by the Submit button says what is still missing.
  const errorFor = (field: string) => {
    if (problem?.field === field) return problem.message;
    const step = completed ? undefined : progress.steps.find((candidate) => candidate.field === field);
    return step?.started ? step.problem : null;
  };

  const status = assignment.taskStatus;
  return (
    <div className="my-task">
      {leave.prompt}
      <Link className="back-link" to={paths.enterprise.myTasks}>
        {t('view.back')}
      </Link>
      <header className="my-task__header">
        <div className="my-task__chips">
          <span className="chip chip--accent">{typeLabel(task.type)}</span>
          {/* A try scored below its passing score was submitted, not completed: the chip says so, as the banner does. */}
          <span className={`task-status task-status--${notPassed ? 1 : status}`}>
            {notPassed ? t('view.submitted') : statusLabel(status)}
          </span>
        </div>
        <h1 className="page-header__title" dir="auto">
          {task.title}
        </h1>
        <dl className="my-task__facts">
          <div>
            <dt>{t('view.level')}</dt>
            <dd>{levelName(task.level)}</dd>
          </div>
          <div>
            <dt>{t('view.time')}</dt>
            <dd>{timeLabel(task.timeMinutes)}</dd>
          </div>
          <div>
            <dt>{notPassed ? t('view.submitted') : completed ? t('view.completed') : t('view.due')}</dt>
            <dd className={!completed && assignment.overdue ? 'my-task__overdue' : undefined}>
              {completed
                ? formatDateTime(assignment.completedAt, '')
                : assignment.overdue
                  ? dueLabel(assignment)
                  : formatDateTime(assignment.dueAt)}
            </dd>
          </div>
        </dl>
      </header>

      {completed ? (
        // A try scored below its passing score was submitted, not done: no success colour (the retry note says
        // what next).
        <div className={`alert ${notPassed ? 'alert--info' : 'alert--success'} my-task__done`} role="status">
          {notPassed
            ? t('view.submittedOn', { date: formatDateTime(assignment.completedAt, '') })
            : assignment.completedAt
              ? t('view.doneOn', { date: formatDateTime(assignment.completedAt) })
              : t('view.done')}{' '}
          {assignment.feedback
            ? t('view.reviewerFeedback')
            : assignment.reviewedAt
              ? t('view.reviewerLooked', { date: formatDateTime(assignment.reviewedAt) })
              : t('view.reviewerSoon')}
        </div>
      ) : null}
      {assignment.feedback ? (
        <FeedbackPanel feedback={assignment.feedback} at={assignment.feedbackAt} />
      ) : null}
      {assignment.pronunciation ? (
        <PronunciationScore result={assignment.pronunciation} who="you" />
      ) : completed && isScoredTaskType(task.type) ? (
        <p className="alert alert--info" role="status">
          {t('view.scoring')}
        </p>
      ) : null}
      <RetryNote assignment={assignment} busy={retrying} onTryAgain={() => void tryAgain()} />
      {openTry !== null && assignment.retry ? (
        <p className="alert alert--info my-task__open-try" role="status">
          {t(`tries.open.${assignment.retry.counts}`, {
            n: formatNumber(openTry),
            score: formatNumber(assignment.counting?.score ?? 0),
            passing: formatNumber(pronunciation?.passingScore ?? assignment.counting?.passingScore ?? 0),
          })}
        </p>
      ) : null}

      {task.description || task.attachments.length > 0 ? (
        <Card title={t('view.about')}>
          {task.description ? (
            <p className="my-task__description" dir="auto">
              {task.description}
            </p>
          ) : null}
          {task.attachments.length > 0 ? <Attachments attachments={task.attachments} /> : null}
        </Card>
      ) : null}

      <div ref={workRef} tabIndex={-1} className="my-task__work-focus">
        <Card title={completed ? t('view.yourAnswers') : t('view.yourTask')} className="my-task__work">
          {/* Nothing changes while the completion call is on its way. */}
          <fieldset className="my-task__lock" disabled={attempt.submitting}>
            <TaskRunner
              task={task}
              pronunciation={pronunciation}
              feedback={assignment.feedback}
              report={report}
              readOnly={completed}
              update={attempt.update}
              saveRecording={attempt.saveRecording}
              analyses={attempt.analyses}
              analysisStalled={attempt.analysisStalled}
              interview={attempt.assignment.interview ?? []}
              errorFor={errorFor}
              video={detail.video}
              onVideoViewed={onReload}
              choiceResult={assignment.choiceResult}
            />
          </fieldset>
        </Card>
      </div>

      {isVideo && !completed ? null : (
        <section className="card my-task__submit" aria-label={t('view.progressAndSubmit')}>
          <div className="my-task__progress">
            <ProgressBar
              value={percent}
              label={t('view.taskProgress')}
              tone={completed ? 'success' : 'accent'}
            />
            <p className="my-task__count">
              {completed
                ? t('view.completed')
                : t(`view.count.${stepVerb(task)}`, {
                    done: formatNumber(progress.done),
                    total: formatNumber(progress.total),
                  })}
            </p>
          </div>
          {completed && assignment.retry?.allowed ? (
            <div className="my-task__actions">
              <p className="my-task__hint">{t('tries.again')}</p>
              <Button size="lg" loading={retrying} onClick={() => void tryAgain()}>
                {t('tries.tryAgain')}
              </Button>
            </div>
          ) : null}
          {completed ? null : (
            <>
              <SaveStatus
                state={attempt.saveState}
                onRetry={() => void attempt.saveProgress().catch(() => undefined)}
              />
              <FormAlert message={problem?.message} />
              <div className="my-task__actions">
                <p id={hintId} className="my-task__hint">
                  {progress.complete || !progress.firstProblem
                    ? below.length > 0
                      ? t(belowPassage ? 'view.belowMarkPassage' : 'view.belowMark', belowValues)
                      : t('view.allDone')
                    : t('view.stillToDo', {
                        step: progress.firstProblem.label,
                        problem: lowerFirst(progress.firstProblem.problem ?? ''),
                      })}
                </p>
                <Button
                  size="lg"
                  loading={attempt.submitting}
                  disabled={!progress.complete}
                  aria-describedby={hintId}
                  onClick={() =>
                    unheard.length > 0
                      ? setConfirmingUnheard(true)
                      : below.length > 0
                        ? setConfirmingBelow(true)
                        : void attempt.submit()
                  }
                >
                  {t('view.submit')}
                </Button>
              </div>
              <Dialog
                open={confirmingUnheard && unheard.length > 0}
                onOpenChange={setConfirmingUnheard}
                title={t('view.confirmUnheard.title')}
                description={t('view.confirmUnheard.description')}
                footer={
                  <>
                    <Button variant="secondary" onClick={() => setConfirmingUnheard(false)}>
                      {t('view.confirmBelow.keep')}
                    </Button>
                    <Button
                      onClick={() => {
                        setConfirmingUnheard(false);
                        // A take heard below the mark is asked about next; one with nothing heard was just asked.
                        if (below.some((key) => !unheard.includes(key))) setConfirmingBelow(true);
                        else void attempt.submit();
                      }}
                    >
                      {t('view.confirmBelow.submit')}
                    </Button>
                  </>
                }
              />
              <Dialog
                open={confirmingBelow && below.length > 0}
                onOpenChange={setConfirmingBelow}
                title={t(belowPassage ? 'view.confirmBelow.titlePassage' : 'view.confirmBelow.title')}
                description={t(
                  belowPassage ? 'view.confirmBelow.descriptionPassage' : 'view.confirmBelow.description',
                  belowValues,
                )}
                footer={
                  <>
                    <Button variant="secondary" onClick={() => setConfirmingBelow(false)}>
                      {t('view.confirmBelow.keep')}
                    </Button>
                    <Button
                      onClick={() => {
                        setConfirmingBelow(false);
                        void attempt.submit();
                      }}
                    >
                      {t('view.confirmBelow.submit')}
                    </Button>
                  </>
                }
              />
            </>
          )}
        </section>
      )}
      {showTries && assignment.retry ? (
        <TaskTries task={task} attempts={tries} counts={assignment.retry.counts} who="you" />
      ) : null}
    </div>
  );
};

/** /enterprise/my-tasks/view/:id: one of the learner's tasks, to do or to look back at (spec §2). */
export const MyTaskViewPage = () => {
  const { t } = useTranslation('my-tasks');
  const { id = '' } = useParams();
  const { state, reload, setState } = useCall(tasks.getMyTask, { taskId: id });
  const [retried, setRetried] = useState(false);

  if (state.status === 'loading') return <LoadingBlock label={t('view.loading')} />;
  if (state.status === 'error')
    return (
      <div className="my-task">
        <Link className="back-link" to={paths.enterprise.myTasks}>
          {t('view.back')}
        </Link>
        <h1 className="visually-hidden">{t('view.myTask')}</h1>
        <ErrorState
          title={t('view.openError')}
          description={state.message}
          action={
            <Button variant="secondary" onClick={reload}>
              {t('view.tryAgain')}
            </Button>
          }
        />
      </div>
    );
  // A video task completes on the server; a new status remounts the attempt so it starts from the new state.
  // A new try also comes back as a new status: the attempt starts again from the empty try.
  const detail = state.data;
  return (
    <TaskAttempt
      key={`${id}:${detail.assignment.taskStatus}:${detail.assignment.attempts?.length ?? 0}`}
      detail={detail}
      onReload={reload}
      focusWork={retried}
      onRetried={(assignment) => {
        setRetried(true);
        setState({ status: 'ready', data: { ...detail, assignment } });
      }}
    />
  );
};
