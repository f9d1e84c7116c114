import { PRELOADER_MS } from '@coach/shared/constants/timing';
import { useAtom, useAtomValue } from 'jotai';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { refreshingSessionAtom } from '../../lib/session.ts';
import { showPreloaderAtom } from '../../lib/ui-state.ts';
import { Spinner } from '../../ui/spinner.tsx';

/** spec §2 Layouts: the refresh overlay while the token is renewed, and the 2.5 s preloader on request. */
export const ShellOverlays = () => {
  const { t } = useTranslation('common');
  const refreshing = useAtomValue(refreshingSessionAtom);
  const [preloader, setPreloader] = useAtom(showPreloaderAtom);

  useEffect(() => {
    if (!preloader) return;
    const timer = window.setTimeout(() => setPreloader(false), PRELOADER_MS);
    return () => window.clearTimeout(timer);
  }, [preloader, setPreloader]);

  if (refreshing) {
    return (
      <div className="overlay" role="status" aria-live="polite">
        <div className="overlay__box">
          <Spinner size="lg" label="" />
          <span>{t('shell.refreshing')}</span>
        </div>
      </div>
    );
  }
  if (preloader) {
    return (
      <div className="overlay overlay--light" role="status" aria-live="polite">
        <Spinner size="lg" label={t('shell.loading')} />
      </div>
    );
  }
  return null;
};
