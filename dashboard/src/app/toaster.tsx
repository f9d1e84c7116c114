import { TOAST_MS } from '@coach/shared/constants/timing';
import { useEffect, useState } from 'react';
import type { Toaster as ToasterComponent } from 'react-hot-toast';
import { toastsLoaded } from '../lib/notify.ts';

/**
 * spec §8: 4 s, top-right, newest on top (duplicates are suppressed by the ids lib/notify gives).
 * The stack starts below the top bar so a toast never covers the user menu or the group filter.
 * It mounts with the first toast, which loads the library (lib/notify.ts).
 */
export const AppToaster = () => {
  const [Toaster, setToaster] = useState<typeof ToasterComponent | null>(null);
  useEffect(() => {
    let active = true;
    void toastsLoaded.then((toasts) => {
      if (active) setToaster(() => toasts.Toaster);
    });
    return () => {
      active = false;
    };
  }, []);
  if (!Toaster) return null;
  return (
    <Toaster
      position="top-right"
      reverseOrder={false}
      containerStyle={{ top: 'calc(var(--topbar-height, 60px) + 8px)' }}
      toastOptions={{
        duration: TOAST_MS,
        style: { fontSize: '0.875rem', borderRadius: '10px', padding: '10px 14px', maxWidth: '380px' },
      }}
    />
  );
};
