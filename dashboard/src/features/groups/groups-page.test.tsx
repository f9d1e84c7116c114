import { type GroupSummary, groups } from '@coach/shared/contract/groups';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeToken, makeEnterpriseUser, ok } from '../../testing/fake-server.ts';
import { renderApp, verifiedSession } from '../../testing/render-app.tsx';

const route = ({ method, path }: { method: string; path: string }) => `${method} ${path}`;

const buyers: GroupSummary = {
  _id: 'g1',
  name: 'Telephone English · learners',
  memberCount: 0,
  createdAt: '2026-01-02T00:00:00.000Z',
  course: { _id: 'c1', name: 'Front Desk English' },
};
const own: GroupSummary = {
  _id: 'g2',
  name: 'Sydney Office',
  memberCount: 4,
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
