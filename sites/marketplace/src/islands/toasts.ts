type Kind = 'success' | 'error';

/**
 * spec §8's toasts, fetched when the first one is shown: react-hot-toast and its host (4 KB brotli) are not an
 * island on every page, since most visits never see a toast.
 */
let host: Promise<typeof import('./toaster.tsx')> | undefined;
const show = (kind: Kind, message: string) => {
  host ??= import('./toaster.tsx');
  void host.then((toaster) => toaster.show(kind, message));
};

export const notify = {
  success: (message: string) => show('success', message),
  error: (message: string) => show('error', message),
  /** Takes a toast away before its time, when a new attempt makes it stale; with none shown yet, loads nothing. */
  dismiss: (kind: Kind, message: string) => void host?.then((toaster) => toaster.dismiss(kind, message)),
};
