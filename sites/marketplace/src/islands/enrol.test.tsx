// @vitest-environment jsdom
import { ApiError } from '@coach/shared/client';
import { act, createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fill } from '../i18n/format.ts';
import { messagesFor } from '../i18n/messages.ts';
import { browserApi } from '../lib/api.ts';
import { rememberBuyer } from '../lib/enrol-retry.ts';
import { learnerSignInPath } from '../lib/links.ts';
import { EnrolButton } from './dialog-buttons.tsx';
import { Enrol, type EnrolProps } from './enrol.tsx';

vi.mock('./toasts.ts', () => ({ notify: { success: vi.fn(), error: vi.fn() } }));
vi.mock('../lib/api.ts', async (original) => ({
  ...(await original<typeof import('../lib/api.ts')>()),
  browserApi: { call: vi.fn() },
}));
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const s = messagesFor('ar').enrol;
const en = messagesFor('en').enrol;
const course = { courseId: 'c1', courseName: 'English B2', price: '86.00 AU$', free: false };
const freeCourse = { courseId: 'c2', courseName: 'Speaking Basics', price: 'Free', free: true };
let host: HTMLDivElement | undefined;
let unmount = () => {};

/** The dialog (or, with `button`, the course page's enrol button that loads it), as a course page mounts it. */
const mount = async (props: EnrolProps, button = false) => {
  host = document.createElement('div');
  document.body.append(host);
  const root = createRoot(host);
  await act(async () =>
    root.render(
      button ? createElement(EnrolButton, props) : createElement(Enrol, { ...props, initiallyOpen: true }),
    ),
  );
  unmount = () => act(() => root.unmount());
};

/** The server as a buyer meets it: not enrolled yet, a test-mode payment, a free enrolment taken. */
const answerLikeTheServer = () =>
  vi.mocked(browserApi.call).mockImplementation(async (call, body) => {
    const path = (call as { path: string }).path;
    if (path.endsWith('/get-user-details')) return { alreadyEnrolled: false };
    if (path.endsWith('/generate-secret'))
      return {
        paymentId: 'pay_1',
        clientSecret: 'secret_1',
        provider: 'test',
        amountCents: 8600,
        currency: 'AUD',
        publishableKey: null,
      };
    if (path.endsWith('/enroll-course')) return { status: 'paid', ...(body as object) };
    throw new Error(`unexpected call ${path}`);
  });
const pathsCalled = () =>
  vi.mocked(browserApi.call).mock.calls.map(([call]) => (call as { path: string }).path);

beforeEach(() => {
  vi.mocked(browserApi.call).mockReset();
  sessionStorage.clear();
  window.history.replaceState(null, '', '/marketplace/course-detail/c1');
});
afterEach(() => {
  unmount();
  unmount = () => {};
  host?.remove();
});

const field = (label: string) => {
  const found = [...document.querySelectorAll('label')].find((l) => l.textContent === label);
  return document.getElementById(found?.htmlFor ?? '') as HTMLInputElement;
};
const type = (input: HTMLInputElement, text: string) =>
  act(async () => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, text);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
const submit = () =>
  act(async () => {
    document.querySelector<HTMLFormElement>('.modal form')?.requestSubmit();
  });
/**
 * Until the dialog shows what `check` looks for (the address rule and the calls answer a moment later), letting
 * time pass inside act so React applies each update as it comes.
 */
const until = async (check: () => void) => {
  for (let tries = 0; tries < 250; tries += 1) {
    try {
      check();
      return;
    } catch {
      await act(async () => {
        await new Promise((resolve) => setTimeout(resolve, 20));
      });
    }
  }
  check();
};
/** What each element the field names as describing it says, in order. */
const describedBy = (input: HTMLInputElement) =>
  (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent);

describe('the enrol dialog on an Arabic page', () => {
  beforeEach(() => mount({ course, lang: 'ar', strings: s }));

  it("a buyer whose address the server refuses reads why in Arabic, beside the field, without the field's name", async () => {
    vi.mocked(browserApi.call).mockRejectedValue(
      new ApiError({ status: 422, message: 'email: Please enter a valid email', field: 'email' }),
    );
    await type(field(s.name), 'Ann');
    await type(field(s.email), 'ann@example.com');
    await submit();
    await until(() => expect(describedBy(field(s.email))).toEqual([s.invalidEmail, s.emailNote]));
  });

  it('an address that is not one ("pat@") is told beside the field, in Arabic, before anything is sent', async () => {
    await type(field(s.name), 'Pat');
    await type(field(s.email), 'pat@');
    await submit();
    await until(() => expect(describedBy(field(s.email))).toEqual([s.invalidEmail, s.emailNote]));
    expect(field(s.email).getAttribute('aria-invalid')).toBe('true');
    expect(field(s.name).getAttribute('aria-invalid')).toBeNull();
    expect(browserApi.call).not.toHaveBeenCalled();
    // Put right, the message goes and the buyer goes on.
    answerLikeTheServer();
    await type(field(s.email), 'pat@example.com');
    expect(describedBy(field(s.email))).toEqual([s.emailNote]);
    await submit();
    await until(() => expect(pathsCalled()).toContain('/api/v1/marketplace/generate-secret'));
  });

  it('takes every address the contract takes: spaces around it and capitals are not refused', async () => {
    answerLikeTheServer();
    await type(field(s.name), 'Ann');
    await type(field(s.email), '  Ann.Lee+b2@Example.COM ');
    await submit();
    await until(() => expect(document.querySelector('.test-mode')).not.toBeNull());
    expect(field(s.card)).not.toBeNull();
    expect(pathsCalled()).toEqual([
      '/api/v1/marketplace/get-user-details',
      '/api/v1/marketplace/generate-secret',
    ]);
  });

  it('an empty address is asked for, not checked as one', async () => {
    await type(field(s.name), 'Ann');
    await submit();
    await until(() => expect(describedBy(field(s.email))).toEqual([s.enterEmail, s.emailNote]));
    expect(browserApi.call).not.toHaveBeenCalled();
  });

  it('says before payment, in the same words for every address, where the course opens and who gives access otherwise', async () => {
    expect(describedBy(field(s.email))).toEqual([s.emailNote]);
    expect(s.emailNote).toContain('Coach');
    await type(field(s.email), 'someone@elsewhere.example');
    expect(describedBy(field(s.email))).toEqual([s.emailNote]);
    expect(browserApi.call).not.toHaveBeenCalled();
  });

  it('a buyer typing an expiry in the past ("01/20") is told beside it, in Arabic, before the card is sent', async () => {
    answerLikeTheServer();
    await type(field(s.name), 'Ann');
    await type(field(s.email), 'ann@example.com');
    await submit();
    await until(() => expect(field(s.card)).not.toBeNull());
    await type(field(s.card), '4242 4242 4242 4242');
    await type(field(s.expiry), '01/20');
    await type(field(s.cvc), '123');
    await submit();
    await until(() => expect(describedBy(field(s.expiry))).toEqual([s.cardExpired]));
    expect(field(s.expiry).getAttribute('aria-invalid')).toBe('true');
    // The card itself is not sent.
    expect(pathsCalled()).toEqual([
      '/api/v1/marketplace/get-user-details',
      '/api/v1/marketplace/generate-secret',
    ]);
  });

  it('a buyer cannot type a name longer than the contract takes', () => {
    expect(field(s.name).maxLength).toBe(100);
    expect(field(s.email).maxLength).toBe(254);
  });
});

describe('a free enrolment taken', () => {
  it('leads with checking the email, says the mail tells how to start whatever the address, and offers sign-in second', async () => {
    await mount({ course: freeCourse, lang: 'en', strings: en });
    answerLikeTheServer();
    await type(field(en.name), 'Lee Learner');
    await type(field(en.email), 'learner@acme.example');
    await submit();
    await until(() => expect(document.querySelector('.modal [role="status"]')).not.toBeNull());
    const result = document.querySelector('.modal [role="status"]') as HTMLElement;
    // The lead: read the mail (an address with another organisation's account gets no link to sign in there).
    expect(result.firstElementChild?.tagName).toBe('H3');
    expect(result.firstElementChild?.textContent).toBe('Check your email');
    expect(result.querySelector('p')?.textContent).toBe(
      'You are enrolled in Speaking Basics. We sent an email to learner@acme.example that explains how to start: ' +
        'set your password, sign in, or wait for the institution to contact you to give you access.',
    );
    // Signing in is there for those with a password, second: no primary button says to sign in.
    const signIn = result.querySelector('a');
    expect(signIn?.textContent).toBe('Already have a password? Sign in');
    expect(signIn?.className).toBe('button button--secondary');
    expect(signIn?.getAttribute('href')).toBe(learnerSignInPath('learner@acme.example', 'en'));
    expect(result.querySelector('.button--primary')).toBeNull();
    expect(result.textContent).not.toContain('Sign in to start');
    expect(pathsCalled()).toEqual([
      '/api/v1/marketplace/get-user-details',
      '/api/v1/marketplace/enroll-course',
    ]);
  });

  it('an address enrolled already is told so, with the sign-in that leads to the course', async () => {
    await mount({ course: freeCourse, lang: 'en', strings: en });
    answerLikeTheServer();
    const answer = vi.mocked(browserApi.call).getMockImplementation();
    vi.mocked(browserApi.call).mockImplementation(async (call, body) =>
      (call as { path: string }).path.endsWith('/get-user-details')
        ? { alreadyEnrolled: true }
        : answer?.(call, body),
    );
    await type(field(en.name), 'Lee Learner');
    await type(field(en.email), 'learner@acme.example');
    await submit();
    await until(() => expect(document.querySelector('.modal [role="alert"]')).not.toBeNull());
    const alert = document.querySelector('.modal [role="alert"]') as HTMLElement;
    expect(alert.textContent).toBe(
      'You are already enrolled in this course with this email. Already have a password? Sign in',
    );
    expect(alert.querySelector('a')?.getAttribute('href')).toBe(
      learnerSignInPath('learner@acme.example', 'en'),
    );
    // Nothing enrolled a second time.
    expect(pathsCalled()).toEqual(['/api/v1/marketplace/get-user-details']);
  });

  it('every language says it the same way for every address: only the course and the email change', () => {
    for (const lang of ['en', 'ar', 'fa', 'hi', 'zh-Hans', 'ps', 'es', 'uk', 'vi'] as const) {
      const strings = messagesFor(lang).enrol;
      const said = (email: string) => fill(strings.enrolledText, { course: 'C', email });
      expect(said('a@x.example').replace('a@x.example', '@')).toBe(
        said('b@y.example').replace('b@y.example', '@'),
      );
      expect(strings.checkEmail).not.toBe('');
    }
  });
});

describe('a declined card, tried again', () => {
  const paidProps: EnrolProps = { course, lang: 'en', strings: en };

  it('keeps the name and email for this tab when the card step opens, never the card', async () => {
    await mount(paidProps);
    answerLikeTheServer();
    await type(field(en.name), 'Visitor Vee');
    await type(field(en.email), 'vee@example.com');
    await submit();
    await until(() => expect(field(en.card)).not.toBeNull());
    await type(field(en.card), '4000 0000 0000 0002');
    const kept = Object.values({ ...sessionStorage }).join(' ');
    expect(JSON.parse(sessionStorage.getItem('coach.marketplace.enrol') ?? '{}')).toEqual({
      courseId: 'c1',
      name: 'Visitor Vee',
      email: 'vee@example.com',
    });
    expect(kept).not.toContain('4000');
  });

  it('once the payment is made out, says its amount: a page built before a price change does not show two prices', async () => {
    // The page was built at A$79; the server charges A$86 now.
    await mount({ ...paidProps, course: { ...course, price: 'A$79.00' } });
    answerLikeTheServer();
    expect(document.querySelector('.modal__provider')?.textContent).toBe('A$79.00, paid once.');
    await type(field(en.name), 'Visitor Vee');
    await type(field(en.email), 'vee@example.com');
    await submit();
    await until(() => expect(field(en.card)).not.toBeNull());
    expect(document.querySelector('.modal__provider')?.textContent).toBe('A$86.00, paid once.');
    expect(document.querySelector('.modal button[type="submit"]')?.textContent).toBe('Pay A$86.00');
  });

  it('Try again (the course page with #enrol) reopens the dialog at the card step with the name and email kept', async () => {
    rememberBuyer('c1', { name: 'Visitor Vee', email: 'vee@example.com' });
    window.history.replaceState(null, '', '/marketplace/course-detail/c1#enrol');
    answerLikeTheServer();
    await mount(paidProps, true);
    await until(() => expect(document.querySelector('.modal .test-mode')).not.toBeNull());
    expect(field(en.card).value).toBe('');
    expect(vi.mocked(browserApi.call).mock.calls.map(([, body]) => body)).toEqual([
      { email: 'vee@example.com', courseId: 'c1' },
      { courseId: 'c1', name: 'Visitor Vee', email: 'vee@example.com' },
    ]);
    // The fragment is taken off: a reload does not start another payment.
    expect(window.location.hash).toBe('');
  });

  it('with nothing kept for the course, Try again still opens the dialog, at the start', async () => {
    rememberBuyer('another-course', { name: 'Visitor Vee', email: 'vee@example.com' });
    window.history.replaceState(null, '', '/marketplace/course-detail/c1#enrol');
    await mount(paidProps, true);
    await until(() => expect(field(en.email)).not.toBeNull());
    expect(field(en.name).value).toBe('');
    expect(field(en.email).value).toBe('');
    expect(browserApi.call).not.toHaveBeenCalled();
  });

  it('a course page opened without #enrol opens nothing, whatever this tab kept', async () => {
    rememberBuyer('c1', { name: 'Visitor Vee', email: 'vee@example.com' });
    await mount(paidProps, true);
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(document.querySelector('.modal')).toBeNull();
    expect(browserApi.call).not.toHaveBeenCalled();
  });
});
