import type { PendingReviewRow } from '@coach/shared/contract/tasks';
import type { PermissionKey } from '@coach/shared/permissions';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  type FakeHandler,
  fail,
  fakeToken,
  groupsPage,
  makeEnterpriseUser,
  ok,
} from '../../testing/fake-server.ts';
import { renderApp, verifiedSession } from '../../testing/render-app.tsx';

const PENDING = 'GET /api/v1/enterprise/tasks/get-completed-tasks-pending-review';

const row = (n: number): PendingReviewRow => ({
  _id: `a${n}`,
  taskId: `t${n}`,
  userId: `m${n}`,
  name: `Member ${n}`,
  email: `member${n}@acme.example`,
  taskName: `Task ${n}`,
  taskType: 7,
  completedAt: '2026-03-02T10:30:00.000Z',
});

const openDashboard = ({ permissions, pending }: { permissions: PermissionKey[]; pending: FakeHandler }) =>
  renderApp({
    path: '/enterprise/dashboard',
    enterprise: verifiedSession(fakeToken(86400)),
    routes: {
      'GET /api/v1/enterprise/general/auth/me': () => ok(makeEnterpriseUser({ permissions })),
      'POST /api/v1/enterprise/general/user-groups': () => groupsPage(1, 1, ['Sales']),
      'GET /api/v1/enterprise/general/my-dashboard': () => fail(500, 'Not in this test'),
      [PENDING]: pending,
    },
  });

describe('completed tasks to review on the dashboard', () => {
  it('a reviewer sees the attempts to review, sorts them, pages and opens one', async () => {
    const app = openDashboard({
      permissions: ['dashboard', 'task-library'],
      pending: (query) =>
        ok({
          currentPage: Number(query.currentPage ?? 1),
          totalPages: 2,
          totalCount: 11,
          listdata: Number(query.currentPage ?? 1) === 2 ? [row(11)] : [row(1), row(2)],
        }),
    });
    const user = userEvent.setup();
    const section = (await screen.findByRole('heading', { name: 'Completed tasks to review' })).closest(
      'section',
    ) as HTMLElement;
    expect(await within(section).findByText('Member 1')).toBeInTheDocument();
    const pendingCalls = () => app.server.calls.filter((call) => call.route === PENDING);
    // spec §7, §9: 10 a page, by name ascending; currentPage and searchInput only when they matter.
    expect(pendingCalls()[0]?.body).toEqual({ limit: '10', sort_by: 'name', sort_type: 'asc' });

    await user.click(within(section).getByRole('button', { name: /Completed/ }));
    await waitFor(() =>
      expect(pendingCalls().at(-1)?.body).toMatchObject({ sort_by: 'completedAt', sort_type: 'asc' }),
    );
    await user.click(within(section).getByRole('button', { name: 'Next' }));
    expect(await within(section).findByText('Member 11')).toBeInTheDocument();
    expect(pendingCalls().at(-1)?.body).toMatchObject({ currentPage: '2' });

    await user.click(within(section).getByRole('link', { name: 'Review Task 11 by Member 11' }));
    await waitFor(() => expect(app.location()).toBe('/enterprise/member-task/view/t11?member=m11'));
  });

  it('the search narrows the list and an empty answer says there is nothing to review', async () => {
    const app = openDashboard({
      permissions: ['dashboard', 'task-library'],
      pending: () => ok({ currentPage: 1, totalPages: 0, totalCount: 0, listdata: [] }),
    });
    const user = userEvent.setup();
    expect(await screen.findByText('Nothing to review')).toBeInTheDocument();
    await user.type(screen.getByRole('searchbox', { name: 'Search completed tasks' }), 'liam');
    await waitFor(() =>
      expect(app.server.calls.filter((call) => call.route === PENDING).at(-1)?.body).toMatchObject({
        searchInput: 'liam',
      }),
    );
    expect(await screen.findByText('No completed task matches the search or the group.')).toBeInTheDocument();
  });

  it('is not shown to a role without the task library', async () => {
    const app = openDashboard({ permissions: ['dashboard'], pending: () => ok({}) });
    expect(await screen.findByRole('heading', { level: 1, name: /Olivia/ })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Completed tasks to review' })).not.toBeInTheDocument();
    expect(app.server.calls.some((call) => call.route === PENDING)).toBe(false);
  });
});
