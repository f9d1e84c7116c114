import type { LanguageCode } from '@coach/shared/constants/languages';
import type { PaymentStatus } from '@coach/shared/contract/marketplace';
import { localePath } from '../i18n/languages.ts';
import type { Messages } from '../i18n/messages.ts';
import { forgetBuyer, retryPath } from './enrol-retry.ts';
import { coursePath, learnerSignInPath } from './links.ts';

/** A sentence with {{slots}}: the course's name in <strong>, the other values as text, never as HTML. */
const sentence = (template: string, values: Record<string, string>) => {
  const paragraph = document.createElement('p');
  for (const part of template.split(/(\{\{\w+\}\})/)) {
    const name = /^\{\{(\w+)\}\}$/.exec(part)?.[1];
    if (!name) paragraph.append(part);
    else if (name === 'course') {
      const strong = document.createElement('strong');
      strong.textContent = values[name] ?? '';
      paragraph.append(strong);
    } else paragraph.append(values[name] ?? part);
  }
  return paragraph;
};

export const text = (value: string) => {
  const paragraph = document.createElement('p');
  paragraph.textContent = value;
  return paragraph;
};

/** A link shown as a button: [address, words, kind]. */
type Action = [string, string, 'primary' | 'secondary'];

/** The payment status page's answer: a heading, what happened, and the ways on as buttons. */
export const show = (
  root: HTMLElement,
  {
    tone,
    title,
    body,
    actions = [],
  }: { tone?: 'ok' | 'bad'; title: string; body?: Node; actions?: Action[] },
) => {
  root.className = tone ? `result result--${tone}` : 'result';
  root.setAttribute('role', tone === 'bad' ? 'alert' : 'status');
  const heading = document.createElement('h1');
  heading.textContent = title;
  const parts: Node[] = [heading];
  if (body) parts.push(body);
  // The buttons in one row with the design system's gap between them (they wrap on a phone).
  const row = document.createElement('div');
  row.className = 'result__actions';
  for (const [href, words, kind] of actions) {
    const anchor = document.createElement('a');
    anchor.className = `button button--${kind}`;
    anchor.href = href;
    anchor.textContent = words;
    row.append(anchor);
  }
  if (row.childElementCount) parts.push(row);
  root.replaceChildren(...parts);
};

/** How the payment went, as check-enrollment-status answered. */
export const renderPayment = (
  root: HTMLElement,
  lang: LanguageCode,
  s: Messages['payment'],
  result: PaymentStatus,
) => {
  const course = localePath(lang, coursePath(result.courseId));
  if (result.status === 'paid') {
    forgetBuyer();
    // The same words whatever the address: with an account here, with another organisation's (which is never
    // taken over: the institution gives access) or none, the buyer's mail says how to start, so reading it leads.
    // The status itself says nothing of the address either (no answer may tell whoever paid whether it has one).
    show(root, {
      tone: 'ok',
      title: s.paidTitle,
      body: sentence(s.paidText, {
        course: result.courseName,
        provider: result.courseProviderName,
        email: result.email,
      }),
      // A buyer who already has a password signs in to My courses, their address filled in.
      actions: [
        [learnerSignInPath(result.email, lang), s.signIn, 'secondary'],
        [course, s.back, 'secondary'],
      ],
    });
  } else if (result.status === 'refunded')
    show(root, {
      title: s.refundedTitle,
      body: sentence(s.refundedText, { course: result.courseName }),
      actions: [[course, s.back, 'primary']],
    });
  else if (result.status === 'failed')
    show(root, {
      tone: 'bad',
      title: s.declinedTitle,
      body: sentence(s.declinedText, { course: result.courseName }),
      // Back to the enrol dialog at the card step, with the name and email this tab kept.
      actions: [[retryPath(course), s.tryAgain, 'primary']],
    });
  else show(root, { title: s.processingTitle, body: text(s.processingText) });
};
