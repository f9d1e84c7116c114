// @vitest-environment jsdom

import { ApiError } from '@coach/shared/client';
import { SESSION_STORAGE_KEYS } from '@coach/shared/constants/session-storage';
import { act, createElement, type ReactElement } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { messagesFor } from '../i18n/messages.ts';
import { loadApi } from '../lib/load-api.ts';
import { EnrolButton, EnrolJump } from './dialog-buttons.tsx';

vi.mock('../lib/load-api.ts', () => ({ loadApi: vi.fn() }));
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const strings = messagesFor('en').enrol;
const call = vi.fn();
let host: HTMLDivElement;
let unmount: () => void;
/** Each test its own course: a page asks once per course. */
let courseId: string;

const render = async (element: ReactElement) => {
  const root = createRoot(host);
  await act(async () => root.render(element));
  // The answer arrives after load (the API client, then the call).
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
  unmount = () => act(() => root.unmount());
};
const enrolButton = () =>
  createElement(EnrolButton, {
    lang: 'en',
    strings,
    course: { courseId, courseName: 'Interview English', price: '$49.00', free: false },
  });
const jump = () =>
  createElement(EnrolJump, {
    courseId,
    label: 'Enrol now · $49.00',
    strings: { goToCourse: strings.goToCourse, youAreEnrolled: strings.youAreEnrolled },
  });
const signIn = (mfaDone = true) =>
  localStorage.setItem(SESSION_STORAGE_KEYS.enterprise, JSON.stringify({ token: 'tok', mfaDone }));
const links = () => [...host.querySelectorAll('a')].map((a) => [a.textContent, a.getAttribute('href')]);

beforeEach(() => {
  courseId = crypto.randomUUID();
  call.mockReset();
  vi.mocked(loadApi).mockResolvedValue({ browserApi: { call }, ApiError } as never);
  localStorage.clear();
  host = document.createElement('div');
  document.body.append(host);
});
afterEach(() => {
  unmount();
  host.remove();
});

describe('a course page for a learner already enrolled', () => {
  it('a signed-in learner enrolled in the course is offered the course in My courses, not Enrol', async () => {
    signIn();
    call.mockResolvedValue({ enrolled: true, inMyCourses: true });
    await render(createElement('div', null, enrolButton(), jump()));
    expect(host.textContent).toContain('You are enrolled in this course.');
    expect(host.textContent).not.toContain('Enrol now');
    expect(host.querySelector('button')).toBeNull();
    expect(links()).toEqual([
      ['Go to course', '/enterprise/my-courses'],
      ['Go to course', '/enterprise/my-courses'],
    ]);
    // Both islands of the page share one question, sent with the dashboard's session.
    expect(call).toHaveBeenCalledTimes(1);
    expect(call.mock.calls[0]?.[1]).toEqual({ courseId });
    expect(call.mock.calls[0]?.[2]).toEqual({ token: 'tok' });
  });

  it('a learner enrolled under their address only is told so, and is not offered Enrol', async () => {
    signIn();
    call.mockResolvedValue({ enrolled: true, inMyCourses: false });
    await render(createElement('div', null, enrolButton(), jump()));
    expect(host.textContent).toContain(strings.enrolledByEmail);
    expect(host.querySelector('button')).toBeNull();
    expect(links()).toEqual([['You are enrolled in this course.', '#enrolment']]);
  });

  it('a signed-in learner not enrolled keeps the Enrol button', async () => {
    signIn();
    call.mockResolvedValue({ enrolled: false, inMyCourses: false });
    await render(createElement('div', null, enrolButton(), jump()));
    expect(host.querySelector('button')?.textContent).toBe('Enrol now · $49.00');
    expect(links()).toEqual([['Enrol now · $49.00', '#enrolment']]);
  });

  it('a visitor not signed in sees the page as built: nothing asked, nothing loaded, no error', async () => {
    await render(createElement('div', null, enrolButton(), jump()));
    expect(host.querySelector('button')?.textContent).toBe('Enrol now · $49.00');
    expect(links()).toEqual([['Enrol now · $49.00', '#enrolment']]);
    expect(loadApi).not.toHaveBeenCalled();
  });

  it('a session without its second factor counts as not signed in', async () => {
    signIn(false);
    await render(createElement('div', null, enrolButton(), jump()));
    expect(host.querySelector('button')?.textContent).toBe('Enrol now · $49.00');
    expect(loadApi).not.toHaveBeenCalled();
  });

  it('an expired session (401) leaves the page as built, without an error', async () => {
    signIn();
    call.mockRejectedValue(new ApiError({ status: 401, message: 'Session expired' }));
    await render(createElement('div', null, enrolButton(), jump()));
    expect(host.querySelector('button')?.textContent).toBe('Enrol now · $49.00');
    expect(links()).toEqual([['Enrol now · $49.00', '#enrolment']]);
    expect(host.textContent).not.toContain('expired');
  });
});
