import { ApiError, GENERIC_ERROR_MESSAGE } from '@coach/shared/client';
import { useState } from 'react';
import { notify } from './notify.ts';

/**
 * Delete after a confirmation: `ask(item)` opens the confirmation, `dialog` holds ConfirmDialog's busy,
 * onConfirm and onCancel. `remove` resolves with the success message; failures show the server's message
 * and keep the confirmation open.
 */
export const useConfirmedDelete = <T>(remove: (item: T) => Promise<string>, afterRemoved: () => unknown) => {
  const [pending, setPending] = useState<T | null>(null);
  const [busy, setBusy] = useState(false);

  const onConfirm = async () => {
    if (pending === null) return;
    setBusy(true);
    try {
      notify.success(await remove(pending));
      setPending(null);
      await afterRemoved();
    } catch (error) {
      notify.error(error instanceof ApiError ? error.message : GENERIC_ERROR_MESSAGE);
    } finally {
      setBusy(false);
    }
  };

  return {
    pending,
    ask: (item: T) => setPending(item),
    dialog: { busy, onConfirm: () => void onConfirm(), onCancel: () => setPending(null) },
  };
};
