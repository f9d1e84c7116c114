import { adminGeneral } from '@coach/shared/contract/admin';
import { type AdminMember, adminMembers } from '@coach/shared/contract/admin-members';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeToken, makeAdminUser, ok } from '../../testing/fake-server.ts';
import { renderApp, verifiedSession } from '../../testing/render-app.tsx';

const route = ({ method, path }: { method: string; path: string }) => `${method} ${path}`;

const member = (over: Partial<AdminMember>): AdminMember => ({
  _id: 'u1',
  name: 'Someone',
  email: 'someone@acme.example',
  enterprise: { _id: 'e1', company_name: 'Acme Learning' },
  role: { _id: 'r2', name: 'Learner' },
  status: 'Active',
  lastActiveAt: null,
  isDefaultAdmin: false,
  invitePending: false,
  ...over,
});

/** The platform admin's member list, the server listing `listed` whatever is asked. */
const openMembers = (listed: AdminMember[]) =>
  renderApp({
    path: '/admin/enterprises/members',
    admin: verifiedSession(fakeToken(86400)),
    routes: {
      'GET /api/v1/admin/general/auth/me': () => ok(makeAdminUser()),
      [route(adminGeneral.getEnterpriseList)]: () => ok({ currentPage: 1, totalPages: 1, listdata: [] }),
      [route(adminMembers.list)]: () => ok({ currentPage: 1, totalPages: 1, listdata: listed }),
    },
  });

describe('admin members list', () => {
  it('a platform admin sees a member who has not accepted the invitation as Invited, not Active', async () => {
    openMembers([
      member({ _id: 'u1', name: 'Ina Invited', invitePending: true }),
      member({ _id: 'u2', name: 'Sam Signed-in', lastActiveAt: '2026-01-29T09:00:00.000Z' }),
    ]);
    const inaRow = (await screen.findByText('Ina Invited')).closest('tr');
    if (!inaRow) throw new Error('Ina has no row');
    expect(within(inaRow).getByText('Invited')).toBeVisible();
    expect(within(inaRow).queryByText('Active')).not.toBeInTheDocument();
    const samRow = screen.getByText('Sam Signed-in').closest('tr');
    if (!samRow) throw new Error('Sam has no row');
    expect(within(samRow).getByText('Active')).toBeVisible();
  });

  it('deactivating one who never joined says their invitation stops working, not that they are signed out', async () => {
    openMembers([
      member({ _id: 'u1', name: 'Ina Invited', invitePending: true }),
      member({ _id: 'u2', name: 'Sam Signed-in', lastActiveAt: '2026-01-29T09:00:00.000Z' }),
    ]);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Deactivate Ina Invited' }));
    const invited = await screen.findByRole('dialog', { name: 'Deactivate Ina Invited?' });
    expect(invited).toHaveTextContent(
      'Ina Invited of Acme Learning has not joined yet: their invitation stops working',
    );
    expect(invited).not.toHaveTextContent('signed out');
    await user.click(within(invited).getByRole('button', { name: 'Cancel' }));
    await user.click(screen.getByRole('button', { name: 'Deactivate Sam Signed-in' }));
    expect(await screen.findByRole('dialog', { name: 'Deactivate Sam Signed-in?' })).toHaveTextContent(
      'is signed out at once',
    );
  });

  it("a platform admin filters the invitees apart, as the enterprise's own list does", async () => {
    const app = openMembers([member({ name: 'Ina Invited', invitePending: true })]);
    await screen.findByText('Ina Invited');
    await userEvent.setup().click(screen.getByRole('radio', { name: 'Invited' }));
    await waitFor(() =>
      expect(
        app.server.calls.filter((call) => call.route === route(adminMembers.list)).at(-1)?.body,
      ).toMatchObject({
        status: 'Invited',
      }),
    );
  });
});
