import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  fail,
  fakeToken,
  groupsPage,
  makeAdminUser,
  makeEnterpriseUser,
  ok,
} from '../../testing/fake-server.ts';
import { renderApp, verifiedSession } from '../../testing/render-app.tsx';

describe('profile page (spec §2)', () => {
  it('an enterprise user renames themselves and sees the new name in the top bar', async () => {
    const app = renderApp({
      path: '/enterprise/profile',
      enterprise: verifiedSession(fakeToken(86400)),
      routes: {
        'GET /api/v1/enterprise/general/auth/me': () => ok(makeEnterpriseUser({ name: 'Olivia Owner' })),
        'POST /api/v1/enterprise/general/user-groups': () => groupsPage(1, 1, []),
        'POST /api/v1/enterprise/general/auth/updateprofile': (body) =>
          ok({ ...makeEnterpriseUser({ name: String(body.name) }), mobile: body.mobile ?? null }),
      },
    });
    const user = userEvent.setup();
    const name = await screen.findByLabelText('Name');
    await user.clear(name);
    await user.type(name, 'Olivia Newname');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Profile updated')).toBeInTheDocument();
    expect(within(screen.getByRole('banner')).getByText('Olivia Newname')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute(
      'href',
      '/enterprise/dashboard',
    );
    expect(app.server.calls.find((call) => call.route.endsWith('updateprofile'))?.body).toEqual({
      name: 'Olivia Newname',
      mobile: '+61 400 000 123',
      timezone: null,
    });
  });

  it('a member finds their timezone by typing part of it and saves it (spec §9)', async () => {
    const app = renderApp({
      path: '/enterprise/profile',
      enterprise: verifiedSession(fakeToken(86400)),
      routes: {
        'GET /api/v1/enterprise/general/auth/me': () =>
          ok(makeEnterpriseUser({ enterprise: { timezone: 'Europe/Madrid' } })),
        'POST /api/v1/enterprise/general/user-groups': () => groupsPage(1, 1, []),
        'POST /api/v1/enterprise/general/auth/updateprofile': (body) =>
          ok({ ...makeEnterpriseUser(), timezone: body.timezone ?? null }),
      },
    });
    const user = userEvent.setup();
    const trigger = await screen.findByRole('button', { name: /Timezone/ });
    expect(trigger).toHaveTextContent('Organisation default (Europe/Madrid)');
    await user.click(trigger);
    const search = screen.getByRole('combobox', { name: 'Search timezones' });
    await user.type(search, 'sydney');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      expect.stringMatching(/^Australia\/Sydney/),
    ]);
    await user.keyboard('{Enter}');
    expect(screen.getByRole('button', { name: /Timezone/ })).toHaveTextContent('Australia/Sydney');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Profile updated')).toBeInTheDocument();
    expect(app.server.calls.find((call) => call.route.endsWith('updateprofile'))?.body).toMatchObject({
      timezone: 'Australia/Sydney',
    });
  });

  it('a platform admin with a wrong current password sees the server message on that field', async () => {
    renderApp({
      path: '/admin/profile',
      admin: verifiedSession(fakeToken(86400)),
      routes: {
        'GET /api/v1/admin/general/auth/me': () => ok(makeAdminUser()),
        'POST /api/v1/admin/general/auth/changepassword': () =>
          fail(422, 'The current password is not correct', { field: 'currentPassword' }),
      },
    });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Current password'), 'old-password');
    await user.type(screen.getByLabelText('New password'), 'short');
    await user.type(screen.getByLabelText('Confirm new password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Password must be at least 10 characters')).toBeInTheDocument();

    await user.clear(screen.getByLabelText('New password'));
    await user.type(screen.getByLabelText('New password'), 'a-much-longer-password');
    await user.clear(screen.getByLabelText('Confirm new password'));
    await user.type(screen.getByLabelText('Confirm new password'), 'a-much-longer-password');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('The current password is not correct')).toBeInTheDocument();
  });

  it('a member who repeats their current password as the new one sees why under the new password', async () => {
    const app = renderApp({
      path: '/enterprise/profile',
      enterprise: verifiedSession(fakeToken(86400)),
      routes: {
        'GET /api/v1/enterprise/general/auth/me': () => ok(makeEnterpriseUser()),
        'POST /api/v1/enterprise/general/user-groups': () => groupsPage(1, 1, []),
        'POST /api/v1/enterprise/general/auth/changepassword': () =>
          fail(422, 'newPassword: The new password must be different from your current one', {
            field: 'newPassword',
          }),
      },
    });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Current password'), 'Coach-demo-2026');
    await user.type(screen.getByLabelText('New password'), 'Coach-demo-2026');
    await user.type(screen.getByLabelText('Confirm new password'), 'Coach-demo-2026');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(
      await screen.findByText('The new password must be different from your current one'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('New password')).toHaveAccessibleDescription(
      expect.stringContaining('The new password must be different from your current one'),
    );
    expect(screen.queryByText(/Password changed/)).not.toBeInTheDocument();
    expect(app.server.calls.filter((call) => call.route.endsWith('changepassword'))).toHaveLength(1);
  });
});
