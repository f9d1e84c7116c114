import { TOAST_MS } from '@coach/shared/constants/timing';
import { Toaster } from 'react-hot-toast';

/**
 * spec §8: 4 s, top-right, newest on top (duplicates are suppressed by the ids lib/notify gives).
 * The stack starts below the top bar so a toast never covers the user menu or the group filter.
 */
export const AppToaster = () => (
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
