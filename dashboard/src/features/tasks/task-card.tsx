import type { Task } from '@coach/shared/contract/tasks';
import { truncateText } from '@coach/shared/format/truncate-text';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { formatNumber } from '../../i18n/format.ts';
import { DropdownMenu, DropdownMenuItem, DropdownMenuSeparator } from '../../ui/dropdown-menu.tsx';
import { UserText } from '../../ui/user-text.tsx';
import { editTaskPath, viewTaskPath } from './task-paths.ts';
import { categoryLabel, levelLabel, timeLabel, typeLabel } from './task-text.ts';

export type TaskAction = 'assign' | 'folder' | 'delete';

/** One task of the library: what it is, who has it, and its menu (view, edit, assign, folder, delete). */
export const TaskCard = ({
  task,
  onAction,
}: {
  task: Task;
  onAction: (action: TaskAction, task: Task) => void;
}) => {
  const { t } = useTranslation('tasks');
  return (
    <article className="task-card" aria-labelledby={`task-${task._id}`}>
      <div className="task-card__top">
        <span className="chip chip--accent">{typeLabel(task.type)}</span>
        {task.archived ? <span className="chip task-card__archived">{t('card.archived')}</span> : null}
        {task.platformTaskId ? (
          <span className="chip" title={t('card.platformHint')}>
            {t('card.platform')}
          </span>
        ) : null}
        <DropdownMenu
          label={t('card.actionsFor', { title: task.title })}
          trigger={
            <button type="button" className="btn btn--ghost btn--sm task-card__menu">
              <svg aria-hidden="true" viewBox="0 0 24 24" width="18" height="18" fill="currentColor">
                <circle cx="5" cy="12" r="1.8" />
                <circle cx="12" cy="12" r="1.8" />
                <circle cx="19" cy="12" r="1.8" />
              </svg>
            </button>
          }
        >
          <DropdownMenuItem asChild>
            <Link to={viewTaskPath(task._id)}>{t('card.view')}</Link>
          </DropdownMenuItem>
          {task.archived ? null : (
            <>
              {task.platformTaskId ? null : (
                <DropdownMenuItem asChild>
                  <Link to={editTaskPath(task._id)}>{t('card.edit')}</Link>
                </DropdownMenuItem>
              )}
              <DropdownMenuItem onSelect={() => onAction('assign', task)}>
                {t('card.assign')}
              </DropdownMenuItem>
              <DropdownMenuItem onSelect={() => onAction('folder', task)}>
                {t('card.addToFolder')}
              </DropdownMenuItem>
              {/* The platform keeps its tasks up to date; only it can take one back. */}
              {task.platformTaskId ? null : (
                <>
                  <DropdownMenuSeparator />
                  <DropdownMenuItem onSelect={() => onAction('delete', task)}>
                    {t('card.delete')}
                  </DropdownMenuItem>
                </>
              )}
            </>
          )}
        </DropdownMenu>
      </div>
      <h3 className="task-card__title" id={`task-${task._id}`}>
        <Link to={viewTaskPath(task._id)}>
          <UserText>{task.title}</UserText>
        </Link>
      </h3>
      {task.description ? (
        <p className="task-card__description" dir="auto">
          {truncateText(task.description)}
        </p>
      ) : null}
      <p className="task-card__meta">
        {[categoryLabel(task.category), levelLabel(task.level), timeLabel(task.timeMinutes)].join(' · ')}
      </p>
      <p className="task-card__counts">
        <span>
          <Trans
            t={t}
            i18nKey="card.assigned"
            count={task.assignedCount}
            values={{ value: formatNumber(task.assignedCount) }}
            components={{ strong: <strong /> }}
          />
        </span>
        <span>
          <Trans
            t={t}
            i18nKey="card.completed"
            count={task.completedCount}
            values={{ value: formatNumber(task.completedCount) }}
            components={{ strong: <strong /> }}
          />
        </span>
      </p>
    </article>
  );
};

/** Cards in a responsive grid. */
export const TaskGrid = ({
  items,
  label,
  onAction,
}: {
  items: Task[];
  label: string;
  onAction: (action: TaskAction, task: Task) => void;
}) => (
  <ul className="task-grid" aria-label={label}>
    {items.map((task) => (
      <li key={task._id}>
        <TaskCard task={task} onAction={onAction} />
      </li>
    ))}
  </ul>
);
