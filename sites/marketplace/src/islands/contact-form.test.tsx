// @vitest-environment jsdom
// (jsdom comes with the workspace's vitest, as the dashboard's tests use it.)
import { act, createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { messagesFor } from '../i18n/messages.ts';
import { browserApi } from '../lib/api.ts';
import { ContactForm } from './contact-form.tsx';
import { notify } from './toasts.ts';

vi.mock('./toasts.ts', () => ({ notify: { success: vi.fn(), error: vi.fn(), dismiss: vi.fn() } }));
vi.mock('../lib/api.ts', async (original) => ({
  ...(await original<typeof import('../lib/api.ts')>()),
  browserApi: { callWithMessage: vi.fn() },
}));
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const strings = messagesFor('en').contact;
let host: HTMLDivElement;
let unmount: () => void;

const mount = async (props: Partial<Parameters<typeof ContactForm>[0]> = {}) => {
  unmount();
  host.remove();
  host = document.createElement('div');
  document.body.append(host);
  const root = createRoot(host);
  await act(async () => root.render(createElement(ContactForm, { lang: 'en', strings, ...props })));
  unmount = () => act(() => root.unmount());
};

beforeEach(async () => {
  vi.mocked(notify.error).mockClear();
  vi.mocked(notify.success).mockClear();
  vi.mocked(notify.dismiss).mockClear();
  vi.mocked(browserApi.callWithMessage).mockReset();
  host = document.createElement('div');
  document.body.append(host);
  const root = createRoot(host);
  await act(async () => root.render(createElement(ContactForm, { lang: 'en', strings })));
  unmount = () => act(() => root.unmount());
});
afterEach(() => {
  unmount();
  host.remove();
});

const field = (label: string) => {
  const found = [...host.querySelectorAll('label')].find((l) => l.textContent === label);
  return document.getElementById(found?.htmlFor ?? '') as HTMLInputElement;
};
/** What a browser does when the whole text is replaced at once (Playwright's fill, a paste over a selection). */
const replace = (input: HTMLInputElement | HTMLTextAreaElement, text: string, inputType = 'insertText') =>
  act(async () => {
    Object.getOwnPropertyDescriptor(Object.getPrototypeOf(input), 'value')?.set?.call(input, text);
    input.dispatchEvent(new InputEvent('input', { bubbles: true, inputType, data: text }));
  });
const send = () =>
  act(async () => {
    host.querySelector('form')?.requestSubmit();
    await new Promise((resolve) => setTimeout(resolve, 50));
  });
const describedBy = (input: HTMLInputElement) =>
  (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent)
    .join(' ');

/** A whole enquiry, on an English page. */
const fillIn = async () => {
  await replace(field('Name'), 'Ann');
  await replace(field('Email'), 'ann@example.com');
  await replace(field('Mobile number'), '0412345678');
  await replace(field('Message'), 'Hello');
};
/** The server's thanks for an enquiry that names no programme (the home page's and a course's alike). */
const sentToInstitution = () =>
  vi.mocked(browserApi.callWithMessage).mockResolvedValue({
    message: 'Thank you! Your enquiry has been sent. The institution will contact you soon.',
    response: {},
  } as never);

const sentToSupport = () =>
  vi.mocked(browserApi.callWithMessage).mockResolvedValue({
    message: 'Thank you! Your enquiry has been sent. Our team will contact you soon.',
    response: {},
  } as never);

describe('the contact form (spec §5)', () => {
  it('a visitor filling or pasting a whole number over "+61 " keeps it: national without its 0, international as is', async () => {
    const phone = field('Mobile number');
    expect(phone.value).toBe('+61 ');
    await replace(phone, '0412345678');
    expect(phone.value).toBe('+61 412345678');
    await replace(phone, '(02) 9876 5432', 'insertFromPaste');
    expect(phone.value).toBe('+61 298765432');
    await replace(phone, '+61 0412 345 678');
    expect(phone.value).toBe('+61 412345678');
    await replace(phone, '+44 7911 123456');
    expect(phone.value).toBe('+44 7911123456');
    // Clearing the field leaves the dial code (of the country the number chose), as before.
    await replace(phone, '', 'deleteContentBackward');
    expect(phone.value).toBe('+44 ');
  });

  it('a visitor reading Spanish finds the phone countries named and ordered in Spanish', async () => {
    await mount({ lang: 'es', strings: messagesFor('es').contact });
    const button = host.querySelector<HTMLButtonElement>(
      '.react-international-phone-country-selector-button',
    );
    expect(button?.getAttribute('aria-label')).toBe('País: Australia');
    await act(async () => button?.click());
    const names = [...host.querySelectorAll('[role="option"]')].map(
      (option) =>
        option.querySelector('.react-international-phone-country-selector-dropdown__list-item-country-name')
          ?.textContent,
    );
    expect(names).toContain('Alemania');
    expect(names).not.toContain('Germany');
    // The preferred countries first, then the rest in Spanish order: Alemania before Andorra.
    const rest = names.slice(names.indexOf('Afganistán'));
    expect(rest.indexOf('Alemania')).toBeGreaterThan(0);
    expect(rest.indexOf('Alemania')).toBeLessThan(rest.indexOf('Andorra'));
  });

  it('a visitor sending an empty form sees each message beside its field, no toast, and the name focused', async () => {
    await send();
    expect(notify.error).not.toHaveBeenCalled();
    expect(describedBy(field('Name'))).toBe('Please Enter Name');
    expect(describedBy(field('Email'))).toBe('Please Enter Email');
    expect(field('Name').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(field('Name'));
  });

  it('a visitor who left the mobile empty is told the spec’s sentence, and the field asks for a number', async () => {
    await replace(field('Name'), 'Maya Learner');
    await replace(field('Email'), 'maya@example.com');
    await replace(field('Message'), 'Which course suits a beginner?');
    await send();
    const phone = field('Mobile number');
    expect(phone.getAttribute('aria-invalid')).toBe('true');
    expect(describedBy(phone)).toBe(
      'Invalid Mobile Number Enter your mobile number: the dial code of Australia is already filled in.',
    );

    await replace(phone, '+61 412');
    expect(phone.getAttribute('aria-invalid')).toBeNull();
    await send();
    expect(describedBy(phone)).toBe(
      'Invalid Mobile Number Check the number: it is not a complete number for Australia.',
    );
  });

  it('a visitor typing "abc" as the email is told beside the field, and nothing is sent', async () => {
    await replace(field('Name'), 'Ann');
    await replace(field('Email'), 'abc');
    await replace(field('Mobile number'), '0412345678');
    await replace(field('Message'), 'Hello');
    await send();
    expect(describedBy(field('Email'))).toBe('Please enter a valid email');
    expect(browserApi.callWithMessage).not.toHaveBeenCalled();
    expect(field('Name').maxLength).toBe(100);
  });

  it("a visitor on a programme's page sends its name with the enquiry and is thanked in Arabic for the programme team", async () => {
    const ar = messagesFor('ar').contact;
    await mount({ lang: 'ar', strings: ar, programme: 'Story Up' });
    vi.mocked(browserApi.callWithMessage).mockResolvedValue({
      message: 'Thank you! Your enquiry has been sent. The programme team will contact you soon.',
      response: {},
    } as never);
    await replace(field(ar.name), 'Ann');
    await replace(field(ar.email), 'ann@example.com');
    await replace(field(ar.mobile), '0412345678');
    await replace(field(ar.message), 'Hello');
    await send();
    expect(vi.mocked(browserApi.callWithMessage).mock.calls[0]?.[1]).toMatchObject({
      data: { programme: 'Story Up', email: 'ann@example.com' },
    });
    expect(notify.success).toHaveBeenCalledWith(ar.sentProgramme);
  });

  it("a visitor sending the home page's form is told our team will answer, not an institution", async () => {
    sentToSupport();
    await fillIn();
    await send();
    expect(notify.success).toHaveBeenCalledWith(strings.sentSupport);
    expect(strings.sentSupport).not.toContain('institution');
  });

  it("a visitor enquiring about a course is told the course's institution will answer", async () => {
    const course = { courseId: 'c1', courseName: 'Speak Up', courseProviderName: 'Acme', courseImgUrl: null };
    await mount({ course });
    sentToInstitution();
    await fillIn();
    await send();
    expect(notify.success).toHaveBeenCalledWith(strings.sent);
  });

  it('a visitor sending an empty form after being thanked sees the messages without the old thanks', async () => {
    sentToSupport();
    await fillIn();
    await send();
    expect(notify.dismiss).not.toHaveBeenCalled();
    await send();
    expect(describedBy(field('Name'))).toBe('Please Enter Name');
    expect(notify.dismiss).toHaveBeenCalledWith('success', strings.sentSupport);
  });

  it('a visitor trying again after a failure no longer sees the old error', async () => {
    vi.mocked(browserApi.callWithMessage).mockRejectedValue(new Error('offline'));
    await fillIn();
    await send();
    expect(notify.error).toHaveBeenCalledWith(strings.genericError);
    await send();
    expect(notify.dismiss).toHaveBeenCalledWith('error', strings.genericError);
  });
});
