import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { sessionAtoms } from '../lib/session.ts';
import { fail, fakeToken, groupsPage, makeEnterpriseUser, ok } from '../testing/fake-server.ts';
import { renderApp, verifiedSession } from '../testing/render-app.tsx';

const REFRESH = 'POST /api/v1/enterprise/mfa/auth/refresh-token';

const openDashboard = (token: string, refresh: () => ReturnType<typeof ok>) =>
  renderApp({
    path: '/enterprise/dashboard',
    enterprise: verifiedSession(token),
    routes: {
      'GET /api/v1/enterprise/general/auth/me': () => ok(makeEnterpriseUser()),
      'POST /api/v1/enterprise/general/user-groups': () => groupsPage(1, 1, []),
      [REFRESH]: refresh,
    },
  });

describe('token refresh rule (spec §4)', () => {
  it('a user whose token expires in one hour gets a new token once, behind the refreshing overlay', async () => {
    const fresh = fakeToken(86400, 'fresh');
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const app = openDashboard(fakeToken(3600), () => ok({ accesstoken: fresh, expiresInSeconds: 86400 }));
    app.server.routes[REFRESH] = async () => {
      await gate;
      return ok({ accesstoken: fresh, expiresInSeconds: 86400 });
    };
    expect(await screen.findByText('Refreshing your session…')).toBeInTheDocument();
    release();
    await waitFor(() => expect(app.store.get(sessionAtoms.enterprise)?.token).toBe(fresh));
    expect(app.store.get(sessionAtoms.enterprise)).toMatchObject({ mfaDone: true, refreshDone: true });
    await waitFor(() => expect(screen.queryByText('Refreshing your session…')).not.toBeInTheDocument());
    expect(app.server.calls.filter((call) => call.route === REFRESH)).toHaveLength(1);
  });

  it('a user whose token expires in five hours is not refreshed', async () => {
    const app = openDashboard(fakeToken(5 * 3600), () => ok({ accesstoken: 'x', expiresInSeconds: 1 }));
    expect(await screen.findByRole('heading', { level: 1, name: /Olivia/ })).toBeInTheDocument();
    expect(app.server.calls.filter((call) => call.route === REFRESH)).toHaveLength(0);
  });

  it('a failed refresh is only logged and the user stays on the page', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const token = fakeToken(1800);
    const app = openDashboard(token, () => fail(500, 'Refresh broke'));
    await waitFor(() => expect(logged).toHaveBeenCalledWith('Session refresh failed', expect.anything()));
    expect(await screen.findByRole('heading', { level: 1, name: /Olivia/ })).toBeInTheDocument();
    expect(screen.queryByText('Refresh broke')).not.toBeInTheDocument();
    expect(app.store.get(sessionAtoms.enterprise)?.token).toBe(token);
    expect(app.location()).toBe('/enterprise/dashboard');
  });

  it('a 401 on the profile fetch shows the server message and logs the user out', async () => {
    const app = renderApp({
      path: '/enterprise/dashboard',
      enterprise: verifiedSession(fakeToken(86400)),
      routes: {
        'GET /api/v1/enterprise/general/auth/me': () =>
          fail(401, 'Your session has ended. Please sign in again.'),
        'POST /api/v1/enterprise/general/user-groups': () => groupsPage(1, 1, []),
      },
    });
    await waitFor(() => expect(app.location()).toMatch(/^\/login/));
    expect(await screen.findByText('Your session has ended. Please sign in again.')).toBeInTheDocument();
    expect(app.store.get(sessionAtoms.enterprise)).toBeNull();
  });
});
