import { useCallback, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router-dom';
import { Button } from './button.tsx';
import { Dialog } from './dialog.tsx';

/**
 * Warns before unsaved changes are lost: a dialog when the app navigates to another page, the browser's
 * own prompt when the tab closes or reloads. `allowLeave` lets the save's own navigation through.
 */
/** What is being edited, as the dialog names it (`ui.leave.changes.<kind>`). */
const KINDS = {
  'this page': 'page',
  'this task': 'task',
  'this video': 'video',
  'this survey': 'survey',
  'this recording': 'recording',
} as const;

/** `what` names the thing being edited in the dialog: "this task", "this video". */
export const useLeaveGuard = (dirty: boolean, what: keyof typeof KINDS = 'this page') => {
  const { t } = useTranslation('common');
  const allowed = useRef(false);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && !allowed.current && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const prompt =
    blocker.state === 'blocked' ? (
      <Dialog
        open
        onOpenChange={(open) => {
          if (!open) blocker.reset();
        }}
        title={t('ui.leave.title')}
        description={t(`ui.leave.changes.${KINDS[what]}`)}
        footer={
          <>
            <Button variant="secondary" onClick={() => blocker.reset()}>
              {t('ui.leave.keep')}
            </Button>
            <Button variant="danger" onClick={() => blocker.proceed()}>
              {t('ui.leave.leave')}
            </Button>
          </>
        }
      />
    ) : null;

  const allowLeave = useCallback(() => {
    allowed.current = true;
  }, []);
  return { prompt, allowLeave };
};
