import { TOAST_MS } from '@coach/shared/constants/timing';
import toast, { Toaster } from 'react-hot-toast';

/** spec §8: 4 s, top-right, newest on top, duplicates suppressed (the message is the toast id). */
export const notify = {
  success: (message: string) => toast.success(message, { id: `ok:${message}` }),
  error: (message: string) => toast.error(message, { id: `error:${message}` }),
};

export const SiteToaster = () => (
  <Toaster
    position="top-right"
    containerStyle={{ top: 80 }}
    toastOptions={{ duration: TOAST_MS, style: { fontSize: '0.9rem', borderRadius: '10px' } }}
  />
);
