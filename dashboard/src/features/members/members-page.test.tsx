import type { Member } from '@coach/shared/contract/members';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
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

type RoleOption = { _id: string; name: string; grantable: boolean; permissionCount: number };
const LEARNER_ONLY: RoleOption[] = [{ _id: 'r1', name: 'Learner', grantable: true, permissionCount: 1 }];

const openMembers = (
  list: Member[],
  roleOptions = LEARNER_ONLY,
  me = makeEnterpriseUser({ permissions: ['members'] }),
) =>
  renderApp({
    path: '/enterprise/members',
    enterprise: verifiedSession(fakeToken(86400)),
    routes: {
      'GET /api/v1/enterprise/general/auth/me': () => ok(me),
      'POST /api/v1/enterprise/general/user-groups': () => groupsPage(1, 1, []),
      'GET /api/v1/enterprise/roles/get-role-options': () => ok(roleOptions),
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

  it('an admin inviting a member starts from the role with the fewest permissions, not Admin', async () => {
    openMembers(
      [member({})],
      [
        { _id: 'r-admin', name: 'Admin', grantable: true, permissionCount: 9 },
        { _id: 'r-coach', name: 'Coach', grantable: true, permissionCount: 3 },
        { _id: 'r-owner', name: 'Owners only', grantable: false, permissionCount: 0 },
        { _id: 'r-trainee', name: 'Trainee', grantable: true, permissionCount: 1 },
      ],
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Invite member' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Invite a member' }));
    const role = dialog.getByRole('combobox', { name: 'Role' });
    await waitFor(() => expect(role).toHaveDisplayValue('Trainee'));
  });

  it('an admin importing a CSV is told that a row with no role gets the role Invite starts from', async () => {
    openMembers([member({})]);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Import CSV' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import members from CSV' });
    expect(dialog).toHaveTextContent(
      'A row with no role gets the role with the fewest permissions you can give, as in Invite member.',
    );
  });

  it('the default admin finds no Deactivate or Delete on their own row, which the server refuses', async () => {
    openMembers(
      [
        member({ _id: 'u1', name: 'Olivia Owner', isDefaultAdmin: true }),
        member({ _id: 'm2', name: 'Ada Active' }),
      ],
      LEARNER_ONLY,
      makeEnterpriseUser({ permissions: ['members'], isDefaultAdmin: true }),
    );
    await screen.findByRole('link', { name: 'Olivia Owner' });
    expect(screen.getByRole('button', { name: 'Edit Olivia Owner' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Deactivate Olivia Owner' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete Olivia Owner' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Deactivate Ada Active' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Delete Ada Active' })).toBeEnabled();
  });

  it('a member manager finds no Deactivate or Delete on their own row nor on the default admin’s', async () => {
    openMembers(
      [
        member({ _id: 'm0', name: 'Olivia Owner', isDefaultAdmin: true }),
        member({ _id: 'u1', name: 'Sam Staff' }),
      ],
      LEARNER_ONLY,
      makeEnterpriseUser({ permissions: ['members'], name: 'Sam Staff' }),
    );
    await screen.findByRole('link', { name: 'Sam Staff' });
    for (const name of ['Olivia Owner', 'Sam Staff']) {
      expect(screen.queryByRole('button', { name: `Deactivate ${name}` })).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: `Delete ${name}` })).not.toBeInTheDocument();
    }
  });
});
