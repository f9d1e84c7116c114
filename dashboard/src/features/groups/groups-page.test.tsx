import { type GroupDetail, type GroupSummary, groups } from '@coach/shared/contract/groups';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeToken, makeEnterpriseUser, ok } from '../../testing/fake-server.ts';
import { renderApp, verifiedSession } from '../../testing/render-app.tsx';

const route = ({ method, path }: { method: string; path: string }) => `${method} ${path}`;

const buyers: GroupSummary = {
  _id: 'g1',
  name: 'Telephone English · learners',
  memberCount: 0,
  invitedCount: 0,
  createdAt: '2026-01-02T00:00:00.000Z',
  course: { _id: 'c1', name: 'Front Desk English' },
};
const own: GroupSummary = {
  _id: 'g2',
  name: 'Sydney Office',
  memberCount: 4,
  invitedCount: 0,
  createdAt: '2026-01-01T00:00:00.000Z',
  course: null,
};

describe('groups list', () => {
  it("an enterprise admin sees a course's buyers group by the course's current name and cannot delete it", async () => {
    renderApp({
      path: '/enterprise/groups',
      enterprise: verifiedSession(fakeToken(86400)),
      routes: {
        'GET /api/v1/enterprise/general/auth/me': () => ok(makeEnterpriseUser({ permissions: ['groups'] })),
        'POST /api/v1/enterprise/general/user-groups': () =>
          ok({ currentPage: 1, totalPages: 1, listdata: [] }),
        [route(groups.list)]: () => ok({ currentPage: 1, totalPages: 1, listdata: [buyers, own] }),
      },
    });
    const buyersRow = (await screen.findByText('Telephone English · learners')).closest('tr');
    if (!buyersRow) throw new Error('the buyers group has no row');
    expect(within(buyersRow).getByText('Buyers of “Front Desk English”')).toBeVisible();
    expect(within(buyersRow).queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument();
    const ownRow = screen.getByText('Sydney Office').closest('tr');
    if (!ownRow) throw new Error('the own group has no row');
    expect(within(ownRow).getByRole('button', { name: 'Delete Sydney Office' })).toBeVisible();
  });
});

describe('a group with invitees', () => {
  const openAs = (path: string, routes: Parameters<typeof renderApp>[0]['routes']) =>
    renderApp({
      path,
      enterprise: verifiedSession(fakeToken(86400)),
      routes: {
        'GET /api/v1/enterprise/general/auth/me': () => ok(makeEnterpriseUser({ permissions: ['groups'] })),
        'POST /api/v1/enterprise/general/user-groups': () =>
          ok({ currentPage: 1, totalPages: 1, listdata: [] }),
        ...routes,
      },
    });

  it('an enterprise admin sees the list count its members who joined, and its invitees apart', async () => {
    openAs('/enterprise/groups', {
      [route(groups.list)]: () =>
        ok({
          currentPage: 1,
          totalPages: 1,
          listdata: [{ ...own, memberCount: 1, invitedCount: 1 }, buyers],
        }),
    });
    const ownRow = (await screen.findByText('Sydney Office')).closest('tr');
    if (!ownRow) throw new Error('the own group has no row');
    const members = within(ownRow).getByText('1 invited, not joined yet').closest('td');
    expect(members).toHaveTextContent(/^1\s*1 invited, not joined yet$/);
    const buyersRow = screen.getByText('Telephone English · learners').closest('tr');
    if (!buyersRow) throw new Error('the buyers group has no row');
    expect(buyersRow).not.toHaveTextContent('invited');
  });

  it('an enterprise admin deleting a group is told its invitees lose it too, not only that its members stay', async () => {
    openAs('/enterprise/groups', {
      [route(groups.list)]: () =>
        ok({ currentPage: 1, totalPages: 1, listdata: [{ ...own, memberCount: 0, invitedCount: 2 }] }),
    });
    const row = (await screen.findByText('Sydney Office')).closest('tr');
    if (!row) throw new Error('the group has no row');
    await userEvent.setup().click(within(row).getByRole('button', { name: /Delete/ }));
    expect(await screen.findByRole('dialog', { name: 'Delete Sydney Office?' })).toHaveTextContent(
      'The group is removed for good; its 0 members stay in your organisation. The 2 people invited to it keep their invitation.',
    );
  });

  it('an enterprise admin sees the detail count one member and one invited, and which of the two is the invitee', async () => {
    const detail: GroupDetail = {
      ...own,
      memberCount: 1,
      invitedCount: 1,
      members: [
        { _id: 'u1', name: 'Sam Signed-in', email: 'sam@acme.example', invitePending: false },
        { _id: 'u2', name: 'Ina Invited', email: 'ina@acme.example', invitePending: true },
      ],
      tasks: [],
      taskFigures: { assigned: 0, inProgress: 0, completed: 0, overdue: 0, pendingReview: 0 },
      videoFigures: { assigned: 0, watched: 0 },
    };
    openAs('/enterprise/groups/detail/g2', { [route(groups.get)]: () => ok(detail) });
    expect(await screen.findByText('1 member · 1 invited, not joined yet')).toBeVisible();
    const cards = within(screen.getByRole('list', { name: 'Group members' })).getAllByRole('listitem');
    const ina = cards.find((card) => card.textContent?.includes('Ina Invited'));
    const sam = cards.find((card) => card.textContent?.includes('Sam Signed-in'));
    expect(ina).toHaveTextContent('Invited');
    expect(sam).not.toHaveTextContent('Invited');
  });

  it("a course's buyers group leads to its course and to the libraries its lessons are assigned from", async () => {
    const detail: GroupDetail = {
      ...buyers,
      members: [],
      tasks: [],
      taskFigures: { assigned: 0, inProgress: 0, completed: 0, overdue: 0, pendingReview: 0 },
      videoFigures: { assigned: 0, watched: 0 },
    };
    renderApp({
      path: '/enterprise/groups/detail/g1',
      enterprise: verifiedSession(fakeToken(86400)),
      routes: {
        'GET /api/v1/enterprise/general/auth/me': () =>
          ok(
            makeEnterpriseUser({
              roleName: 'admin',
              permissions: ['groups', 'task-library'],
              enterprise: { enableCourseFeature: true },
            }),
          ),
        [route(groups.get)]: () => ok(detail),
      },
    });
    const summary = (await screen.findByText(/People who buy the course “Front Desk English”/)).closest('p');
    if (!summary) throw new Error('the group has no summary');
    expect(within(summary).getByRole('link', { name: 'Open the course' })).toHaveAttribute(
      'href',
      '/enterprise/course/edit/c1',
    );
    expect(within(summary).getByRole('link', { name: 'Assign tasks in the Tasks Library' })).toHaveAttribute(
      'href',
      '/enterprise/tasks-library',
    );
    // Whoever may not open the Content Library is not sent there.
    expect(within(summary).queryByRole('link', { name: /Content Library/ })).not.toBeInTheDocument();
  });
});

describe('a new group’s member picker', () => {
  it('says the members listed are the first of more, and how to find the others', async () => {
    const listed = Array.from({ length: 8 }, (_, i) => ({
      _id: `m${i}`,
      name: `Member ${i + 1}`,
      email: `member${i + 1}@acme.example`,
    }));
    renderApp({
      path: '/enterprise/groups/manage',
      enterprise: verifiedSession(fakeToken(86400)),
      routes: {
        'GET /api/v1/enterprise/general/auth/me': () =>
          ok(makeEnterpriseUser({ permissions: ['groups', 'members'] })),
        'POST /api/v1/enterprise/general/user-groups': () =>
          ok({ currentPage: 1, totalPages: 1, listdata: [] }),
        'GET /api/v1/enterprise/members/get-members': () =>
          ok({ currentPage: 1, totalPages: 9, totalCount: 66, listdata: listed }),
      },
    });
    expect(
      await screen.findByText(
        'The first 8 are shown: type a name to find the others.',
        {},
        { timeout: 20_000 },
      ),
    ).toBeVisible();
    expect(within(screen.getByRole('list', { name: /match/i })).getAllByRole('checkbox')).toHaveLength(8);
  });
});
