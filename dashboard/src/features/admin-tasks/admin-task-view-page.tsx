import { TASK_TYPES } from '@coach/shared/constants/task-types';
import { adminTasks, type PlatformTask } from '@coach/shared/contract/admin-tasks';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { fillPath, paths } from '../../config/paths.ts';
import { formatNumber } from '../../i18n/format.ts';
import { api } from '../../lib/api.ts';
import { useCall } from '../../lib/use-call.ts';
import { useConfirmedDelete } from '../../lib/use-confirmed-delete.ts';
import { Button } from '../../ui/button.tsx';
import { ConfirmDialog } from '../../ui/dialog.tsx';
import { Card, PageHeader } from '../../ui/layout.tsx';
import { LoadingBlock } from '../../ui/spinner.tsx';
import { EmptyState, ErrorState } from '../../ui/states.tsx';
import { categoryLabel, levelLabel, minutesLabel, typeLabel } from './task-text.ts';
import './admin-tasks.css';

const A = paths.admin;

/** What the template asks of learners, per type. */
const Content = ({ task }: { task: PlatformTask }) => {
  const { t } = useTranslation('admin-tasks');
  switch (task.type) {
    case TASK_TYPES.read:
    case TASK_TYPES.readAndRecord:
      return <p className="admin-task__passage">{task.passage}</p>;
    case TASK_TYPES.pronunciation:
      return (
        <ul className="admin-task__list" aria-label={t('view.words')}>
          {task.items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      );
    case TASK_TYPES.video:
      return <p>{t('view.video')}</p>;
    case TASK_TYPES.questionAndAnswer:
    case TASK_TYPES.freeTextQuestionAndAnswer:
      return (
        <ol className="admin-task__list" aria-label={t('view.questions')}>
          {task.questions.map((question) => (
            <li key={question}>{question}</li>
          ))}
        </ol>
      );
    case TASK_TYPES.getInterviewReady:
      return (
        <p>
          {task.jobTitle} · {task.industry} · {task.location} ({task.region})
        </p>
      );
    case TASK_TYPES.multipleChoiceQuestion:
      return (
        <ol className="admin-task__list" aria-label={t('view.questions')}>
          {task.questions.map((question) => (
            <li key={question.id}>
              {question.text} <span className="chip">{question.options.map((o) => o.text).join(' / ')}</span>
            </li>
          ))}
        </ol>
      );
  }
};

/** /admin/tasks-library/view/:id: a platform template and the enterprises that have it. */
export const AdminTaskViewPage = () => {
  const { t } = useTranslation('admin-tasks');
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const { state, reload } = useCall(adminTasks.get, { taskId: id });
  const deletion = useConfirmedDelete<PlatformTask>(
    async (task) => (await api.callWithMessage(adminTasks.remove, { taskId: task._id })).message,
    () => navigate(A.tasksLibrary),
  );
  return (
    <div className="admin-tasks">
      <Link className="back-link" to={A.tasksLibrary}>
        {t('view.back')}
      </Link>
      {state.status === 'loading' ? <LoadingBlock label={t('view.loading')} /> : null}
      {state.status === 'error' ? (
        <ErrorState
          title={t('view.error')}
          description={state.message}
          action={
            // A task that is not there (deleted) cannot come back by trying again: lead back to the library.
            state.notFound ? (
              <Link className="btn btn--secondary btn--md" to={A.tasksLibrary}>
                {t('view.backToLibrary')}
              </Link>
            ) : (
              <Button variant="secondary" onClick={() => void reload()}>
                {t('common:ui.tryAgain')}
              </Button>
            )
          }
        />
      ) : null}
      {state.status === 'ready' ? (
        <>
          <PageHeader
            title={state.data.title}
            authored
            description={[
              typeLabel(state.data.type),
              categoryLabel(state.data.category),
              levelLabel(state.data.level),
              minutesLabel(state.data.timeMinutes),
            ].join(' · ')}
            actions={
              <>
                <Link
                  className="btn btn--secondary btn--md"
                  to={`${A.bulkTask}?taskId=${encodeURIComponent(id)}`}
                >
                  {t('view.offerOrWithdraw')}
                </Link>
                <Link className="btn btn--secondary btn--md" to={fillPath(A.editTask, { id })}>
                  {t('view.edit')}
                </Link>
                <Button variant="danger" onClick={() => deletion.ask(state.data)}>
                  {t('view.delete')}
                </Button>
              </>
            }
          />
          <div className="admin-task__grid">
            <Card title={t('view.content')}>
              {state.data.description ? <p>{state.data.description}</p> : null}
              <Content task={state.data} />
            </Card>
            <Card title={t('view.enterprisesTitle')} aria-label={t('view.enterprisesTitle')}>
              {state.data.enterprises.length === 0 ? (
                <EmptyState title={t('view.notOffered')} description={t('view.notOfferedText')} />
              ) : (
                <table className="table">
                  <caption className="visually-hidden">{t('view.caption')}</caption>
                  <thead>
                    <tr>
                      <th scope="col">{t('view.enterprise')}</th>
                      <th scope="col" className="table__number">
                        {t('view.learners')}
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {state.data.enterprises.map((e) => (
                      <tr key={e._id}>
                        <td data-label={t('view.enterprise')}>{e.companyName}</td>
                        <td data-label={t('view.learners')} className="table__number">
                          {formatNumber(e.assignedCount)}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              )}
            </Card>
          </div>
        </>
      ) : null}
      {deletion.pending ? (
        <ConfirmDialog
          title={t('delete.title', { title: deletion.pending.title })}
          description={t('delete.fromEvery')}
          confirmLabel={t('delete.submit')}
          {...deletion.dialog}
        />
      ) : null}
    </div>
  );
};
