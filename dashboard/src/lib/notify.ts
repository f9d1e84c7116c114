import toast from 'react-hot-toast';

// The toast id is derived from the text so the same message shown twice replaces itself (spec §8: duplicates suppressed).
const idFor = (kind: string, message: string) => `${kind}:${message}`;

export const notify = {
  success: (message: string) => toast.success(message, { id: idFor('success', message) }),
  error: (message: string) => toast.error(message, { id: idFor('error', message) }),
  info: (message: string) => toast(message, { id: idFor('info', message) }),
};
