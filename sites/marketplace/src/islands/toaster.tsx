import { TOAST_MS } from '@coach/shared/constants/timing';
import { createRoot } from 'react-dom/client';
import toast, { Toaster } from 'react-hot-toast';

let mounted = false;

const toastId = (kind: 'success' | 'error', message: string) =>
  `${kind === 'success' ? 'ok' : 'error'}:${message}`;

/** spec §8: 4 s, top-right, newest on top, duplicates suppressed (the message is the toast id). */
export const show = (kind: 'success' | 'error', message: string) => {
  if (!mounted) {
    mounted = true;
    const root = document.createElement('div');
    document.body.append(root);
    createRoot(root).render(
      <Toaster
        position="top-right"
        containerStyle={{ top: 80 }}
        toastOptions={{ duration: TOAST_MS, style: { fontSize: '0.9rem', borderRadius: '10px' } }}
      />,
    );
  }
  toast[kind](message, { id: toastId(kind, message) });
};

export const dismiss = (kind: 'success' | 'error', message: string) => toast.dismiss(toastId(kind, message));
