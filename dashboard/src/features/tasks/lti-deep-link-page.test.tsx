import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, ok } from '../../testing/fake-server.ts';
import { renderApp } from '../../testing/render-app.tsx';
import { authorSession, makeTask, signedInAuthor, TASKS_API } from './task-fixtures.ts';

const LTI_API = '/api/v1/enterprise/lti';
const tasksPage = () =>
  ok({
    currentPage: 1,
    totalPages: 1,
    totalCount: 2,
    listdata: [
      makeTask({ _id: 't1', title: 'Say the product names' }),
      makeTask({ _id: 't2', title: 'Read the shopping note' }),
    ],
  });

/** What the page posts to the platform: the form it submits (jsdom does not navigate). */
const posted = () => {
  const sent: { action: string; code: string | null }[] = [];
  vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(function (this: HTMLFormElement) {
    sent.push({
      action: new URL(this.action).pathname,
      code: new FormData(this).get('code') as string | null,
    });
  });
  return sent;
};

afterEach(() => {
  vi.restoreAllMocks();
});

describe('adding Coach tasks to an LMS course (LTI Deep Linking)', () => {
  it('the instructor picks one task when the course takes one, and the signed answer is posted to the course', async () => {
    const sent = posted();
    const app = renderApp({
      path: '/enterprise/lti/deep-link/dl-1',
      enterprise: authorSession(),
      routes: {
        ...signedInAuthor(),
        [`GET ${LTI_API}/deep-link`]: () =>
          ok({ platformName: 'Acme Moodle', acceptMultiple: false, expiresAt: '2026-12-02T12:30:00.000Z' }),
        [`GET ${TASKS_API}/get-enterprise-tasks`]: tasksPage,
        [`POST ${LTI_API}/deep-link/answer`]: () => ok({ code: 'one-time-code' }),
      },
    });
    const user = userEvent.setup();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Add Coach tasks to your course' }),
    ).toBeVisible();
    expect(
      await screen.findByText(/Pick one task of your library: it becomes an activity in Acme Moodle/),
    ).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Add to course' }));
    expect(await screen.findByText('Choose at least one task, or Cancel to add nothing.')).toBeVisible();
    // One at a time: no "every task on this page", and a second pick replaces the first.
    expect(screen.queryByRole('checkbox', { name: 'Every task on this page' })).toBeNull();
    await user.click(await screen.findByRole('checkbox', { name: /Say the product names/ }));
    await user.click(screen.getByRole('checkbox', { name: /Read the shopping note/ }));
    expect(screen.getByRole('checkbox', { name: /Say the product names/ })).not.toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Add to course' }));
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({ action: '/lti/return', code: 'one-time-code' });
    expect(app.server.calls.find((call) => call.route.endsWith('deep-link/answer'))?.body).toEqual({
      deepLinkId: 'dl-1',
      taskIds: ['t2'],
    });
  });

  it('Cancel goes back to the course with nothing; a refused answer is said and nothing is posted', async () => {
    const sent = posted();
    let refuse = true;
    const app = renderApp({
      path: '/enterprise/lti/deep-link/dl-2',
      enterprise: authorSession(),
      routes: {
        ...signedInAuthor(),
        [`GET ${LTI_API}/deep-link`]: () =>
          ok({ platformName: 'Acme Moodle', acceptMultiple: true, expiresAt: '2026-12-02T12:30:00.000Z' }),
        [`GET ${TASKS_API}/get-enterprise-tasks`]: tasksPage,
        [`POST ${LTI_API}/deep-link/answer`]: () =>
          refuse
            ? fail(404, 'This request from your course was answered already')
            : ok({ code: 'another-code' }),
      },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('This request from your course was answered already')).toBeVisible();
    expect(sent).toEqual([]);
    refuse = false;
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    expect(app.server.calls.filter((call) => call.route.endsWith('deep-link/answer')).at(-1)?.body).toEqual({
      deepLinkId: 'dl-2',
      taskIds: [],
    });
  });

  it('an expired request says so, under the page heading', async () => {
    renderApp({
      path: '/enterprise/lti/deep-link/old',
      enterprise: authorSession(),
      routes: {
        ...signedInAuthor(),
        [`GET ${LTI_API}/deep-link`]: () =>
          fail(
            404,
            'This request from your course has expired or was answered: add the activity again from your course',
          ),
      },
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Add Coach tasks to your course' }),
    ).toBeVisible();
    expect(await screen.findByText(/has expired or was answered/)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Add to course' })).toBeNull();
  });
});
