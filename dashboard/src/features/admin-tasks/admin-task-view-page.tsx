import { LEVEL_NAMES } from '@coach/shared/constants/levels';
import { TASK_CATEGORY_LABELS, TASK_TYPE_LABELS } from '@coach/shared/constants/task-types';
import { adminTasks, type PlatformTask } from '@coach/shared/contract/admin-tasks';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { fillPath, paths } from '../../config/paths.ts';
import { api } from '../../lib/api.ts';
import { useConfirmedDelete } from '../../lib/use-confirmed-delete.ts';
import { useLoad } from '../../lib/use-load.ts';
import { Button } from '../../ui/button.tsx';
import { ConfirmDialog } from '../../ui/dialog.tsx';
import { Card, PageHeader } from '../../ui/layout.tsx';
import { LoadingBlock } from '../../ui/spinner.tsx';
import { EmptyState, ErrorState } from '../../ui/states.tsx';
import './admin-tasks.css';

const A = paths.admin;

/** What the template asks of learners, per type. */
const Content = ({ task }: { task: PlatformTask }) => {
  switch (task.type) {
    case 1:
    case 5:
      return <p className="admin-task__passage">{task.passage}</p>;
    case 2:
      return (
        <ul className="admin-task__list" aria-label="Words and sentences">
          {task.items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      );
    case 3:
      return <p>A video of the content library (offering the task gives the enterprise the video too).</p>;
    case 4:
    case 7:
      return (
        <ol className="admin-task__list" aria-label="Questions">
          {task.questions.map((question) => (
            <li key={question}>{question}</li>
          ))}
        </ol>
      );
    case 6:
      return (
        <p>
          {task.jobTitle} · {task.industry} · {task.location} ({task.region})
        </p>
      );
    case 8:
      return (
        <ol className="admin-task__list" aria-label="Questions">
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
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const { state, reload } = useLoad(id, () => api.call(adminTasks.get, { taskId: id }));
  const deletion = useConfirmedDelete<PlatformTask>(
    async (task) => (await api.callWithMessage(adminTasks.remove, { taskId: task._id })).message,
    () => navigate(A.tasksLibrary),
  );
  return (
    <div className="admin-tasks">
      <Link className="back-link" to={A.tasksLibrary}>
        Task Library
      </Link>
      {state.status === 'loading' ? <LoadingBlock label="Loading the task" /> : null}
      {state.status === 'error' ? (
        <ErrorState
          title="The task could not be loaded"
          description={state.message}
          action={
            <Button variant="secondary" onClick={() => void reload()}>
              Try again
            </Button>
          }
        />
      ) : null}
      {state.status === 'ready' ? (
        <>
          <PageHeader
            title={state.data.title}
            description={`${TASK_TYPE_LABELS[state.data.type]} · ${TASK_CATEGORY_LABELS[state.data.category]} · ${LEVEL_NAMES[state.data.level]} · ${state.data.timeMinutes} minutes`}
            actions={
              <>
                <Link
                  className="btn btn--secondary btn--md"
                  to={`${A.bulkTask}?taskId=${encodeURIComponent(id)}`}
                >
                  Offer or withdraw
                </Link>
                <Link className="btn btn--secondary btn--md" to={fillPath(A.editTask, { id })}>
                  Edit
                </Link>
                <Button variant="danger" onClick={() => deletion.ask(state.data)}>
                  Delete
                </Button>
              </>
            }
          />
          <div className="admin-task__grid">
            <Card title="Content">
              {state.data.description ? <p>{state.data.description}</p> : null}
              <Content task={state.data} />
            </Card>
            <Card title="Enterprises that have it" aria-label="Enterprises that have it">
              {state.data.enterprises.length === 0 ? (
                <EmptyState
                  title="Not offered yet"
                  description="Offer it to enterprises to put it in their libraries."
                />
              ) : (
                <table className="table">
                  <caption className="visually-hidden">Enterprises that have this task</caption>
                  <thead>
                    <tr>
                      <th scope="col">Enterprise</th>
                      <th scope="col" className="table__number">
                        Learners given it
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {state.data.enterprises.map((e) => (
                      <tr key={e._id}>
                        <td data-label="Enterprise">{e.companyName}</td>
                        <td data-label="Learners given it" className="table__number">
                          {e.assignedCount}
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
          title={`Delete ${deletion.pending.title}?`}
          description="It is withdrawn from every enterprise first; where learners already have it, it stays archived so their answers are kept."
          confirmLabel="Delete task"
          {...deletion.dialog}
        />
      ) : null}
    </div>
  );
};
