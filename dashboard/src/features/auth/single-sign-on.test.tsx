import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { sessionAtoms } from '../../lib/session.ts';
import { fail, fakeToken, groupsPage, makeEnterpriseUser, ok } from '../../testing/fake-server.ts';
import { renderApp } from '../../testing/render-app.tsx';

const E = '/api/v1/enterprise';
const BROWSER_KEY = 'k'.repeat(43);

// /login sends addresses of an organisation with single sign-on to its identity provider, and
// /sso/callback finishes the sign-in in the tab that started it.
describe('single sign-on from /login', () => {
  it('an address of a single sign-on domain continues at the provider; others keep the password form', async () => {
    const app = renderApp({
      path: '/login',
      routes: {
        [`POST ${E}/sso/discover`]: (body) =>
          ok({ singleSignOn: String(body.email).endsWith('@acme.example'), required: false }),
        [`POST ${E}/sso/start`]: () =>
          ok({ authorizationUrl: 'https://login.acme.example/authorize?state=s', browserKey: BROWSER_KEY }),
      },
    });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email'), 'someone@elsewhere.example');
    // Not a single sign-on address: the password stays.
    await waitFor(() => expect(app.server.calls.some((c) => c.route.endsWith('sso/discover'))).toBe(true));
    expect(screen.getByLabelText('Password')).toBeInTheDocument();

    await user.clear(screen.getByLabelText('Email'));
    await user.type(screen.getByLabelText('Email'), 'nina@acme.example');
    expect(await screen.findByRole('button', { name: 'Continue with single sign-on' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Your organisation signs in with single sign-on');

    // The member may still choose a password (the organisation does not require single sign-on)...
    await user.click(screen.getByRole('button', { name: 'Use my password instead' }));
    expect(screen.getByLabelText('Password')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Use single sign-on' }));

    await user.click(screen.getByRole('button', { name: 'Continue with single sign-on' }));
    await waitFor(() =>
      expect(app.server.calls.find((c) => c.route.endsWith('sso/start'))?.body).toEqual({
        email: 'nina@acme.example',
      }),
    );
    // Only this tab holds the key that finishes the sign-in.
    expect(JSON.parse(sessionStorage.getItem('coach.sso.attempt') ?? '{}')).toMatchObject({
      browserKey: BROWSER_KEY,
    });
  });

  it('where single sign-on is required, the password is the default admin’s way in only', async () => {
    renderApp({
      path: '/login',
      routes: { [`POST ${E}/sso/discover`]: () => ok({ singleSignOn: true, required: true }) },
    });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email'), 'owner@acme.example');
    expect(await screen.findByRole('status')).toHaveTextContent('signs in with single sign-on only');
    await user.click(screen.getByRole('button', { name: 'Default admin? Use your password' }));
    expect(screen.getByLabelText('Password')).toBeInTheDocument();
  });
});

describe('/sso/callback', () => {
  it('finishes the sign-in with the provider’s answer and the tab’s key, then opens the dashboard', async () => {
    sessionStorage.setItem(
      'coach.sso.attempt',
      JSON.stringify({ browserKey: BROWSER_KEY, redirect: '/enterprise/members' }),
    );
    const fullToken = fakeToken(86400, 'full');
    const app = renderApp({
      path: '/sso/callback?code=abc&state=s',
      routes: {
        [`POST ${E}/sso/complete`]: (body) =>
          body.browserKey === BROWSER_KEY && body.query === '?code=abc&state=s'
            ? ok({ accesstoken: fullToken, expiresInSeconds: 86400 })
            : fail(401, 'This sign-in has expired or was started in another browser. Please start again.'),
        [`GET ${E}/general/auth/me`]: () => ok(makeEnterpriseUser({ permissions: [] })),
        [`POST ${E}/general/user-groups`]: () => groupsPage(1, 1, []),
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Members' })).toBeInTheDocument();
    expect(app.store.get(sessionAtoms.enterprise)).toEqual({
      token: fullToken,
      mfaDone: true,
      refreshDone: false,
    });
    // The key is spent.
    expect(sessionStorage.getItem('coach.sso.attempt')).toBeNull();
  });

  it('a callback this tab did not start signs nobody in and says how to start again', async () => {
    sessionStorage.clear();
    const app = renderApp({ path: '/sso/callback?code=abc&state=s', routes: {} });
    expect(await screen.findByRole('heading', { name: 'Single sign-on did not finish' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('was not started in this tab');
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/login');
    expect(app.server.calls.some((c) => c.route.endsWith('sso/complete'))).toBe(false);
  });
});
