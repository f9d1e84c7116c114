import toast from 'react-hot-toast';
import { serverText } from '../i18n/server-text.ts';

// The toast id is derived from the text so the same message shown twice replaces itself (spec §8: duplicates suppressed).
const idFor = (kind: string, message: string) => `${kind}:${message}`;

// A server's English sentence shows in the chosen language (issue 18); a screen's own text is already in it.
export const notify = {
  success: (message: string) => toast.success(serverText(message), { id: idFor('success', message) }),
  error: (message: string) => toast.error(serverText(message), { id: idFor('error', message) }),
  info: (message: string) => toast(serverText(message), { id: idFor('info', message) }),
};
