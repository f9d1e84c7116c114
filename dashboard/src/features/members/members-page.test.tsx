import type { Member } from '@coach/shared/contract/members';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeToken, groupsPage, makeEnterpriseUser, ok } from '../../testing/fake-server.ts';
import { renderApp, verifiedSession } from '../../testing/render-app.tsx';

const member = (over: Partial<Member>): Member => ({
  _id: 'm1',
  name: 'Ada Active',
  email: 'ada@acme.example',
  role: { _id: 'r1', name: 'Learner' },
  groups: [],
  status: 'Active',
  lastActiveAt: '2026-03-02T09:00:00.000Z',
  isDefaultAdmin: false,
  invitePending: false,
  ...over,
});

const openMembers = (list: Member[]) =>
  renderApp({
    path: '/enterprise/members',
    enterprise: verifiedSession(fakeToken(86400)),
    routes: {
      'GET /api/v1/enterprise/general/auth/me': () => ok(makeEnterpriseUser({ permissions: ['members'] })),
      'POST /api/v1/enterprise/general/user-groups': () => groupsPage(1, 1, []),
      'GET /api/v1/enterprise/roles/get-role-options': () =>
        ok([{ _id: 'r1', name: 'Learner', grantable: true }]),
      'GET /api/v1/enterprise/members/get-members': () =>
        ok({ currentPage: 1, totalPages: 1, totalCount: list.length, listdata: list }),
    },
  });

const statusOf = (name: string) => {
  const row = screen.getByRole('link', { name }).closest('tr') as HTMLElement;
  return within(row)
    .getAllByText(/^(Active|Inactive|Invited)$/)
    .map((status) => status.textContent);
};

describe('enterprise members', () => {
  it('an admin sees one status per member: Invited until an invited member first signs in', async () => {
    openMembers([
      member({ _id: 'm1', name: 'Ada Active' }),
      member({ _id: 'm2', name: 'Ivan Invited', invitePending: true, lastActiveAt: null }),
      member({ _id: 'm3', name: 'Ines Inactive', status: 'Inactive' }),
      member({ _id: 'm4', name: 'Dora Deactivated', status: 'Inactive', invitePending: true }),
    ]);
    await screen.findByRole('link', { name: 'Ivan Invited' });
    expect(statusOf('Ada Active')).toEqual(['Active']);
    expect(statusOf('Ivan Invited')).toEqual(['Invited']);
    expect(statusOf('Ines Inactive')).toEqual(['Inactive']);
    expect(statusOf('Dora Deactivated')).toEqual(['Inactive']);
  });
});
