// @vitest-environment jsdom
import type { PaymentStatus } from '@coach/shared/contract/marketplace';
import { beforeEach, describe, expect, it } from 'vitest';
import { messagesFor } from '../i18n/messages.ts';
import { rememberBuyer } from './enrol-retry.ts';
import { learnerSignInPath } from './links.ts';
import { renderPayment } from './payment-result.ts';

const s = messagesFor('en').payment;
const paid: PaymentStatus = {
  status: 'paid',
  courseId: 'c1',
  courseName: 'English B2',
  courseProviderName: 'Pacific Training Group',
  email: 'learner@acme.example',
};

const rendered = (result: PaymentStatus, lang: 'en' | 'es' = 'en') => {
  const root = document.createElement('div');
  renderPayment(root, lang, messagesFor(lang).payment, result);
  return root;
};
const actions = (root: HTMLElement) =>
  [...root.querySelectorAll('a')].map((a) => ({
    words: a.textContent,
    href: a.getAttribute('href'),
    kind: a.className,
  }));

beforeEach(() => sessionStorage.clear());

describe('the payment page once paid', () => {
  it('leads with checking the email, says the mail tells how to start, and offers sign-in second', () => {
    const root = rendered(paid);
    expect(root.getAttribute('role')).toBe('status');
    expect(root.querySelector('h1')?.textContent).toBe('Check your email');
    expect(root.querySelector('p')?.textContent).toBe(
      'Your payment for English B2 by Pacific Training Group was received and you are enrolled. We sent an email ' +
        'to learner@acme.example that explains how to start: set your password, sign in, or wait for Pacific ' +
        'Training Group to contact you to give you access.',
    );
    expect(actions(root)).toEqual([
      {
        words: 'Already have a password? Sign in',
        href: learnerSignInPath('learner@acme.example', 'en'),
        kind: 'button button--secondary',
      },
      {
        words: 'Back to the course',
        href: '/marketplace/course-detail/c1',
        kind: 'button button--secondary',
      },
    ]);
    expect(root.querySelector('.button--primary')).toBeNull();
  });

  it('says nothing of whether the address has an account anywhere', () => {
    const here = rendered(paid).innerHTML;
    expect(here).not.toContain('another organisation');
    expect(here).not.toContain('account');
  });

  it('keeps nothing for a retry once paid', () => {
    rememberBuyer('c1', { name: 'Visitor Vee', email: 'vee@example.com' });
    rendered(paid);
    expect(sessionStorage.length).toBe(0);
  });
});

describe('the payment page after a declined card', () => {
  it("Try again leads to the course page's enrol dialog (a fragment: nothing personal in the address)", () => {
    rememberBuyer('c1', { name: 'Visitor Vee', email: 'vee@example.com' });
    const declined = { ...paid, status: 'failed' } as const;
    const root = rendered(declined);
    expect(root.getAttribute('role')).toBe('alert');
    expect(root.querySelector('h1')?.textContent).toBe(s.declinedTitle);
    expect(actions(root)).toEqual([
      { words: 'Try again', href: '/marketplace/course-detail/c1#enrol', kind: 'button button--primary' },
    ]);
    // In the page's language, and the name and email stay kept for the dialog.
    expect(actions(rendered(declined, 'es'))[0]?.href).toBe('/es/marketplace/course-detail/c1#enrol');
    expect(sessionStorage.length).toBe(1);
  });
});
