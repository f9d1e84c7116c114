import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../../config/app-links.ts';
import { fakeToken, groupsPage, makeAdminUser, makeEnterpriseUser, ok } from '../../testing/fake-server.ts';
import { renderApp, verifiedSession } from '../../testing/render-app.tsx';

const actingUser = () => ({
  ...makeEnterpriseUser({ name: 'Platform Admin', isDefaultAdmin: true }),
  loggedInAsAdmin: true,
});

/** Acme's members page, opened by a platform admin logged in as Acme from its page in the admin area (e1). */
const openActing = () => {
  localStorage.setItem(STORAGE_KEYS.loginAsEnterprise, 'e1');
  const admin = verifiedSession(fakeToken(86400, 'admin-user'));
  const app = renderApp({
    path: '/enterprise/members',
    enterprise: verifiedSession(fakeToken(86400)),
    admin,
    routes: {
      'GET /api/v1/enterprise/general/auth/me': () => ok(actingUser()),
      'POST /api/v1/enterprise/general/user-groups': () => groupsPage(1, 1, []),
      'POST /api/v1/enterprise/general/auth/logout': () => ok({}),
      'GET /api/v1/admin/general/auth/me': () => ok(makeAdminUser()),
    },
  });
  return { app, admin };
};

describe('a platform admin logged in as an enterprise', () => {
  it('is told so on the enterprise pages and goes back to the admin area, the enterprise session ended on the server', async () => {
    const { app, admin } = openActing();
    const banner = await screen.findByRole('region', {
      name: 'You are signed in as Acme Learning as a platform administrator',
    });
    const user = userEvent.setup();
    await user.click(within(banner).getByRole('button', { name: 'Back to admin' }));
    await waitFor(() => expect(app.location()).toBe('/admin/enterprise/detail/e1'));
    // (The server's side, the log-in-as session ended, is the server suite's and the e2e journey's to check.)
    // The session atoms write their storage on their own turn, which may come after the navigation under load.
    await waitFor(() => expect(localStorage.getItem(STORAGE_KEYS.enterpriseSession)).toBe('null'));
    expect(localStorage.getItem(STORAGE_KEYS.loginAsEnterprise)).toBeNull();
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.adminSession) ?? 'null')).toEqual(admin);
    expect(screen.queryByRole('region', { name: /platform administrator/ })).not.toBeInTheDocument();
  });

  it('who presses Logout in the account menu goes back to the admin area too, not to a dead-end login', async () => {
    const { app, admin } = openActing();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /^Account menu for Platform Admin, / }));
    await user.click(await screen.findByRole('menuitem', { name: 'Logout' }));
    await waitFor(() => expect(app.location()).toBe('/admin/enterprise/detail/e1'));
    await waitFor(() => expect(localStorage.getItem(STORAGE_KEYS.enterpriseSession)).toBe('null'));
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.adminSession) ?? 'null')).toEqual(admin);
  });

  it("a member's own session shows no banner", async () => {
    renderApp({
      path: '/enterprise/members',
      enterprise: verifiedSession(fakeToken(86400)),
      routes: {
        'GET /api/v1/enterprise/general/auth/me': () => ok(makeEnterpriseUser({ name: 'Olivia Owner' })),
        'POST /api/v1/enterprise/general/user-groups': () => groupsPage(1, 1, []),
      },
    });
    expect(
      await screen.findByRole('button', { name: /^Account menu for Olivia Owner, / }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: /platform administrator/ })).not.toBeInTheDocument();
  });
});
