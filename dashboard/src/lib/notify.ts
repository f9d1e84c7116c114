import { serverText } from '../i18n/server-text.ts';

type Toasts = typeof import('react-hot-toast');

let announceLoaded: (toasts: Toasts) => void = () => {};
/** react-hot-toast once the first toast asked for it: the toaster (app/toaster.tsx) mounts then. */
export const toastsLoaded = new Promise<Toasts>((resolve) => {
  announceLoaded = resolve;
});

let loading: Promise<Toasts> | null = null;
/**
 * The toasts' library loads with the first toast, not with the first screen: the sign-in page shows
 * its errors in the form, so it needs none. A toast asked for before it arrives shows when it does.
 */
const loadToasts = () => {
  loading ??= import('react-hot-toast').then(
    (toasts) => {
      announceLoaded(toasts);
      return toasts;
    },
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
};

// The toast id is derived from the text so the same message shown twice replaces itself (spec §8: duplicates suppressed).
const idFor = (kind: string, message: string) => `${kind}:${message}`;

const show = (kind: 'success' | 'error' | 'info', message: string) => {
  // A server's English sentence shows in the chosen language; a screen's own text is already in it.
  const text = serverText(message);
  loadToasts().then(
    ({ default: toast }) => {
      const options = { id: idFor(kind, message) };
      if (kind === 'info') toast(text, options);
      else toast[kind](text, options);
    },
    (error: unknown) => console.error('Loading the toasts failed', text, error),
  );
};

export const notify = {
  success: (message: string) => show('success', message),
  error: (message: string) => show('error', message),
  info: (message: string) => show('info', message),
};
