/**
 * After a declined card, Try again reopens the course's enrol dialog at the card step with the name and email the
 * buyer typed. They wait in this tab's sessionStorage from the moment the card step opens (never the card), and
 * the Try again link only adds a fragment to the course's address: a fragment, unlike a query string, never
 * reaches the server or its logs, and it carries no personal data anyway.
 */
export const RETRY_FRAGMENT = 'enrol';
const KEY = 'coach.marketplace.enrol';

export type Buyer = { name: string; email: string };

/** The declined page's Try again: the course page (already in the page's language), asked to reopen the dialog. */
export const retryPath = (coursePath: string) => `${coursePath}#${RETRY_FRAGMENT}`;

/** Kept when the card step opens, for this tab only; storage that cannot be written (private mode) keeps nothing. */
export const rememberBuyer = (courseId: string, { name, email }: Buyer) => {
  try {
    sessionStorage.setItem(KEY, JSON.stringify({ courseId, name, email }));
  } catch {
    // Try again then opens the dialog with empty fields.
  }
};

/** Once the payment went through, nothing is kept. */
export const forgetBuyer = () => {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // Nothing could be kept either.
  }
};

const saved = (courseId: string): Buyer | null => {
  try {
    const found = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as unknown;
    if (typeof found !== 'object' || found === null) return null;
    const { courseId: course, name, email } = found as Record<string, unknown>;
    return course === courseId && typeof name === 'string' && typeof email === 'string'
      ? { name, email }
      : null;
  } catch {
    return null;
  }
};

/**
 * On a course page opened by Try again: the buyer to reopen the dialog with (empty fields when this tab kept
 * nothing for this course), or null when the page was not opened to retry. The fragment is taken off the address
 * at once, so reloading the page does not start another payment.
 */
export const takeRetry = (courseId: string): Buyer | null => {
  if (window.location.hash !== `#${RETRY_FRAGMENT}`) return null;
  window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
  return saved(courseId) ?? { name: '', email: '' };
};
