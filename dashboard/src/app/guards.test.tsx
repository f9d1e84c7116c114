import type { EnterpriseUser } from '@coach/shared/contract/auth';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../config/app-links.ts';
import { fakeToken, groupsPage, makeAdminUser, makeEnterpriseUser, ok } from '../testing/fake-server.ts';
import { renderApp, verifiedSession } from '../testing/render-app.tsx';

const signedInAs = (user: EnterpriseUser) => ({
  'GET /api/v1/enterprise/general/auth/me': () => ok(user),
  'POST /api/v1/enterprise/general/user-groups': () => groupsPage(1, 1, []),
});

describe('route guards (spec §2 entry rules)', () => {
  it('a visitor without a session who opens the members page is sent to login with the origin as redirect', async () => {
    const app = renderApp({ path: '/enterprise/members?tab=active' });
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(app.location()).toBe(`/login?redirect=${encodeURIComponent('/enterprise/members?tab=active')}`);
  });

  it('a visitor without an admin session who opens an admin page is sent to the admin login', async () => {
    const app = renderApp({ path: '/admin/enterprises' });
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(app.location()).toBe(`/admin/login?redirect=${encodeURIComponent('/admin/enterprises')}`);
  });

  it('a user who gave the password but not the code is sent to auth-check, keeping the redirect', async () => {
    const app = renderApp({
      path: '/enterprise/groups',
      enterprise: { token: fakeToken(3600), mfaDone: false, refreshDone: false },
      routes: {
        'POST /api/v1/enterprise/mfa/auth/get-details': () =>
          ok({ maskedEmail: 'o***r@acme.example', maskedMobile: null, authenticatorApp: false }),
      },
    });
    expect(await screen.findByRole('heading', { name: "Verify it's you" })).toBeInTheDocument();
    expect(app.location()).toBe(`/auth-check?redirect=${encodeURIComponent('/enterprise/groups')}`);
    expect(await screen.findByText('o***r@acme.example')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /Mobile Number/ })).toBeDisabled();
    expect(screen.getByRole('radio', { name: /Email/ })).toBeChecked();
  });

  it('staff whose role lacks the roles permission is sent to the unauthorized page', async () => {
    const app = renderApp({
      path: '/enterprise/roles',
      enterprise: verifiedSession(fakeToken(86400)),
      routes: signedInAs(makeEnterpriseUser({ permissions: ['dashboard', 'members'] })),
    });
    expect(
      await screen.findByRole('heading', { name: "You don't have access to this page" }),
    ).toBeInTheDocument();
    expect(app.location()).toBe('/enterprise/unauthorized');
    expect(screen.getByRole('link', { name: 'Back to dashboard' })).toHaveAttribute(
      'href',
      '/enterprise/dashboard',
    );
  });

  it('a role with an empty permission list is not blocked', async () => {
    const app = renderApp({
      path: '/enterprise/roles',
      enterprise: verifiedSession(fakeToken(86400)),
      routes: signedInAs(makeEnterpriseUser({ permissions: [] })),
    });
    expect(await screen.findByRole('heading', { name: 'User Roles', level: 1 })).toBeInTheDocument();
    expect(app.location()).toBe('/enterprise/roles');
  });

  it('the default admin opens any page and sees every permission-gated menu item', async () => {
    renderApp({
      path: '/enterprise/roles',
      enterprise: verifiedSession(fakeToken(86400)),
      routes: signedInAs(makeEnterpriseUser({ permissions: ['dashboard'], isDefaultAdmin: true })),
    });
    expect(await screen.findByRole('heading', { name: 'User Roles', level: 1 })).toBeInTheDocument();
    const menu = screen.getByRole('navigation', { name: 'Main menu' });
    for (const label of [
      'Dashboard',
      'Members',
      'Tasks Library',
      'My Tasks',
      'Content Library',
      'Reports',
      'User Roles',
      'Groups',
      'Surveys',
      'Reading Topics',
      'Help',
    ]) {
      expect(within(menu).getByRole('link', { name: label })).toBeInTheDocument();
    }
    expect(within(menu).getByRole('link', { name: 'User Roles' })).toHaveAttribute('aria-current', 'page');
  });

  it('an enterprise user opening / lands on the dashboard with the company name', async () => {
    const app = renderApp({
      path: '/',
      enterprise: verifiedSession(fakeToken(86400)),
      routes: signedInAs(makeEnterpriseUser({ name: 'Olivia Owner' })),
    });
    expect(await screen.findByText('Acme Learning · Staff')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: /Olivia/ })).toBeInTheDocument();
    expect(app.location()).toBe('/enterprise/dashboard');
  });

  it('a member whose role lacks the dashboard key opening / lands on their home, not the unauthorized page', async () => {
    const app = renderApp({
      path: '/',
      enterprise: verifiedSession(fakeToken(86400)),
      routes: signedInAs(makeEnterpriseUser({ name: 'Lee Learner', permissions: ['content-library'] })),
    });
    expect(await screen.findByRole('heading', { level: 1, name: /Lee/ })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'My progress' })).toBeInTheDocument();
    expect(app.location()).toBe('/enterprise/dashboard');
  });

  it('an unknown path sends the visitor to login', async () => {
    const app = renderApp({ path: '/no/such/page' });
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(app.location()).toBe('/login');
  });

  it('an admin logging out leaves the enterprise session alone', async () => {
    const enterprise = verifiedSession(fakeToken(86400, 'enterprise-user'));
    const app = renderApp({
      path: '/admin/dashboard',
      enterprise,
      admin: verifiedSession(fakeToken(86400, 'admin-user')),
      routes: { 'GET /api/v1/admin/general/auth/me': () => ok(makeAdminUser()) },
    });
    const { default: userEvent } = await import('@testing-library/user-event');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /^Account menu for Ada Admin, / }));
    await user.click(await screen.findByRole('menuitem', { name: 'Logout' }));
    await waitFor(() => expect(app.location()).toBe('/admin/login'));
    expect(localStorage.getItem(STORAGE_KEYS.adminSession)).toBe('null');
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.enterpriseSession) ?? 'null')).toEqual(enterprise);
  });

  it('an enterprise user logging out loses the token and the log-in-as marker, not the admin session', async () => {
    localStorage.setItem(STORAGE_KEYS.loginAsEnterprise, 'e1');
    const admin = verifiedSession(fakeToken(86400, 'admin-user'));
    const app = renderApp({
      path: '/enterprise/dashboard',
      enterprise: verifiedSession(fakeToken(86400)),
      admin,
      routes: signedInAs(makeEnterpriseUser({ name: 'Olivia Owner' })),
    });
    const { default: userEvent } = await import('@testing-library/user-event');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /^Account menu for Olivia Owner, / }));
    await user.click(await screen.findByRole('menuitem', { name: 'Logout' }));
    await waitFor(() => expect(app.location()).toBe('/login'));
    expect(localStorage.getItem(STORAGE_KEYS.enterpriseSession)).toBe('null');
    expect(localStorage.getItem(STORAGE_KEYS.loginAsEnterprise)).toBeNull();
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.adminSession) ?? 'null')).toEqual(admin);
  });
});
