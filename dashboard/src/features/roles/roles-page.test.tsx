import type { Role } from '@coach/shared/contract/roles';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeToken, groupsPage, makeEnterpriseUser, ok } from '../../testing/fake-server.ts';
import { renderApp, verifiedSession } from '../../testing/render-app.tsx';

const ROLES = 'GET /api/v1/enterprise/roles/get-roles';
const DELETE = 'POST /api/v1/enterprise/roles/delete-role';
const ADD = 'POST /api/v1/enterprise/roles/add-role';

const role = (over: Partial<Role>): Role => ({
  _id: 'r1',
  name: 'Coach',
  permissions: ['reports'],
  memberCount: 0,
  invitedCount: 0,
  isDefaultAdminRole: false,
  ...over,
});

const openRoles = (list: Role[]) =>
  renderApp({
    path: '/enterprise/roles',
    enterprise: verifiedSession(fakeToken(86400)),
    routes: {
      'GET /api/v1/enterprise/general/auth/me': () => ok(makeEnterpriseUser({ permissions: ['roles'] })),
      'POST /api/v1/enterprise/general/user-groups': () => groupsPage(1, 1, []),
      [ROLES]: () => ok({ currentPage: 1, totalPages: 1, totalCount: list.length, listdata: list }),
      [DELETE]: () => ok({}, 'Role deleted'),
      [ADD]: (body) => ok(role({ _id: 'r9', ...(body as Partial<Role>) }), 'Role created successfully'),
    },
  });

describe('enterprise roles', () => {
  it('an admin deleting a role a member still holds is told why and can only close the dialog', async () => {
    const app = openRoles([role({ _id: 'r1', name: 'Coach', memberCount: 1 })]);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete Coach' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Coach?' });
    expect(dialog).toHaveTextContent('1 member holds this role. Give them another role before deleting it.');
    expect(within(dialog).queryByRole('button', { name: 'Delete role' })).not.toBeInTheDocument();

    // The footer's Close (the corner × shares its name).
    await user.click(within(dialog).getByText('Close', { selector: 'button' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(app.server.calls.some((call) => call.route === DELETE)).toBe(false);
  });

  it('an admin deletes a role nobody holds', async () => {
    const app = openRoles([role({ _id: 'r2', name: 'Viewer', memberCount: 0 })]);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete Viewer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Viewer?' });
    expect(dialog).toHaveTextContent('The role is removed for good.');
    await user.click(within(dialog).getByRole('button', { name: 'Delete role' }));
    await waitFor(() =>
      expect(app.server.calls.find((call) => call.route === DELETE)?.body).toEqual({ roleId: 'r2' }),
    );
  });
});

describe('a role held by invitees', () => {
  it('an admin sees the members who joined, and the invitees apart', async () => {
    openRoles([
      role({ _id: 'r1', name: 'Coach', memberCount: 1, invitedCount: 2 }),
      role({ _id: 'r2', name: 'Viewer', memberCount: 3 }),
    ]);
    const coach = (await screen.findByText('Coach')).closest('tr') as HTMLElement;
    expect(within(coach).getByText('2 invited, not joined yet').closest('td')).toHaveTextContent(
      /^1\s*2 invited, not joined yet$/,
    );
    const viewer = screen.getByText('Viewer').closest('tr') as HTMLElement;
    expect(viewer).not.toHaveTextContent('invited');
  });

  it('an admin deleting a role only invitees hold is told why and can only close the dialog', async () => {
    const app = openRoles([role({ _id: 'r1', name: 'Coach', memberCount: 0, invitedCount: 1 })]);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete Coach' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Coach?' });
    expect(dialog).toHaveTextContent(
      '1 invited person, not joined yet, holds this role. Give them another role before deleting it.',
    );
    expect(within(dialog).queryByRole('button', { name: 'Delete role' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByText('Close', { selector: 'button' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(app.server.calls.some((call) => call.route === DELETE)).toBe(false);
  });
});

describe('a role with no section ticked', () => {
  it('an admin unticking every section is told before saving, on the button too, that the role then has no limits', async () => {
    const app = openRoles([]);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add role' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add role' });
    const note =
      'With nothing ticked, this role has no limits: its members open every section, and only the default admin can create or give it.';
    // Dashboard starts ticked, so a role saved untouched opens the dashboard alone, and nothing warns.
    expect(within(dialog).getByRole('checkbox', { name: 'Dashboard' })).toBeChecked();
    expect(dialog).not.toHaveTextContent(note);
    await user.type(within(dialog).getByRole('textbox', { name: 'Role name' }), 'Nothing');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Dashboard' }));
    expect(within(dialog).getByRole('status')).toHaveTextContent(note);
    // The button names what it grants.
    expect(within(dialog).queryByRole('button', { name: 'Create role' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Create role with no limits' }));
    await waitFor(() =>
      expect(app.server.calls.find((call) => call.route === ADD)?.body).toEqual({
        name: 'Nothing',
        permissions: [],
      }),
    );
  });

  it('an admin sees a role without keys listed as every section, not as none', async () => {
    openRoles([role({ _id: 'r3', name: 'Everything', permissions: [] })]);
    const row = (await screen.findByText('Everything')).closest('tr') as HTMLElement;
    expect(row).toHaveTextContent('Every section (no limits)');
    expect(row).not.toHaveTextContent('No sections');
  });
});
