import type { TaskFigures as Figures } from '@coach/shared/contract/general';

/** The task figures of a member or a group, as a definition list in the facts style. */
export const TaskFigures = ({ figures }: { figures: Figures }) => (
  <dl className="facts" aria-label="Task figures">
    <dt>Assigned</dt>
    <dd>{figures.assigned.toLocaleString()}</dd>
    <dt>In progress</dt>
    <dd>{figures.inProgress.toLocaleString()}</dd>
    <dt>Completed</dt>
    <dd>{figures.completed.toLocaleString()}</dd>
    <dt>Overdue</dt>
    <dd>{figures.overdue.toLocaleString()}</dd>
    <dt>Waiting for review</dt>
    <dd>{figures.pendingReview.toLocaleString()}</dd>
  </dl>
);
