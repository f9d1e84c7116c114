import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeToken, groupsPage, makeAdminUser, makeEnterpriseUser, ok } from '../../testing/fake-server.ts';
import { renderApp, verifiedSession } from '../../testing/render-app.tsx';

// A mistyped address of a signed-in person stays in their own area, with a way back.
describe('an unknown address for someone signed in', () => {
  it('a platform admin who mistypes an /admin/ address sees the admin 404 and goes back to the admin dashboard', async () => {
    const app = renderApp({
      path: '/admin/enterprisez',
      admin: verifiedSession(fakeToken(86400)),
      routes: { 'GET /api/v1/admin/general/auth/me': () => ok(makeAdminUser()) },
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Sorry, page not found' }),
    ).toBeInTheDocument();
    expect(screen.getByText('/admin/enterprisez')).toBeInTheDocument();
    expect(app.location()).toBe('/admin/enterprisez');
    await userEvent.setup().click(screen.getByRole('link', { name: 'Back to the admin dashboard' }));
    await waitFor(() => expect(app.location()).toBe('/admin/dashboard'));
  });

  it('a signed-out visitor of an /admin/ address is asked to sign in as an admin, not as an enterprise', async () => {
    const app = renderApp({ path: '/admin/enterprisez', routes: {} });
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(app.location()).toMatch(/^\/admin\/login\?redirect=/);
  });

  it('an enterprise member who mistypes an /enterprise/ address sees the 404 in the dashboard layout', async () => {
    renderApp({
      path: '/enterprise/memberz',
      enterprise: verifiedSession(fakeToken(86400)),
      routes: {
        'GET /api/v1/enterprise/general/auth/me': () => ok(makeEnterpriseUser()),
        'POST /api/v1/enterprise/general/user-groups': () => groupsPage(1, 1, []),
      },
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Sorry, page not found' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the dashboard' })).toHaveAttribute(
      'href',
      '/enterprise/dashboard',
    );
  });
});
