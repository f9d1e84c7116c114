import { ApiError, GENERIC_ERROR_MESSAGE } from '@coach/shared/client';
import { TASK_STATUS } from '@coach/shared/constants/task-status';
import { type Assignment, tasks } from '@coach/shared/contract/tasks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../i18n/format.ts';
import { api } from '../../lib/api.ts';
import { notify } from '../../lib/notify.ts';
import { Button } from '../../ui/button.tsx';

/**
 * Try again: a scored task submitted and not passed opens a new try; the tries so far are kept. The
 * server's message is the success toast, its refusal (passed, still scoring, the most tries) an error toast.
 */
export const useTryAgain = (taskId: string, onOpened: (assignment: Assignment) => void) => {
  const [busy, setBusy] = useState(false);
  const tryAgain = async () => {
    setBusy(true);
    try {
      const { message, response } = await api.callWithMessage(tasks.retryMyTask, { taskId });
      notify.success(message);
      onOpened(response);
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) return;
      notify.error(error instanceof ApiError ? error.message : GENERIC_ERROR_MESSAGE);
    } finally {
      setBusy(false);
    }
  };
  return { busy, tryAgain };
};

/** What a submitted scored try allows next: try again (not passed), or why not (the most tries made). */
export const RetryNote = ({
  assignment,
  busy,
  onTryAgain,
}: {
  assignment: Assignment;
  busy: boolean;
  onTryAgain: () => void;
}) => {
  const { t } = useTranslation('my-tasks');
  const retry = assignment.retry;
  if (!retry || assignment.taskStatus !== TASK_STATUS.completed) return null;
  if (retry.allowed)
    return (
      <div className="alert alert--info my-task__retry" role="status">
        <p className="my-task__retry-text">
          {t(`tries.notPassed.${retry.counts}`, {
            left: formatNumber(retry.maxAttempts - (assignment.attempts ?? []).length),
          })}
        </p>
        <Button loading={busy} onClick={onTryAgain}>
          {t('tries.tryAgain')}
        </Button>
      </div>
    );
  if (retry.reason === 'limit')
    return (
      <p className="alert alert--info" role="status">
        {t(`tries.limit.${retry.counts}`, { max: formatNumber(retry.maxAttempts) })}
      </p>
    );
  return null;
};
