type Kind = 'success' | 'error';

/**
 * spec §8's toasts, fetched when the first one is shown: react-hot-toast and its host (4 KB brotli) are not an
 * island on every page, since most visits never see a toast.
 */
let host: Promise<(kind: Kind, message: string) => void> | undefined;
const show = (kind: Kind, message: string) => {
  host ??= import('./toaster.tsx').then((m) => m.show);
  void host.then((shown) => shown(kind, message));
};

export const notify = {
  success: (message: string) => show('success', message),
  error: (message: string) => show('error', message),
};
