import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { sessionAtoms } from '../../lib/session.ts';
import {
  fail,
  fakeToken,
  groupsPage,
  makeAdminUser,
  makeEnterpriseUser,
  ok,
} from '../../testing/fake-server.ts';
import { renderApp } from '../../testing/render-app.tsx';

const E = '/api/v1/enterprise';

describe('signing in (spec §2, §4)', () => {
  it('an organisation owner signs in with password and emailed code and returns to the page they asked for', async () => {
    const preToken = fakeToken(600, 'pre');
    const fullToken = fakeToken(86400, 'full');
    const app = renderApp({
      path: '/enterprise/members',
      routes: {
        [`POST ${E}/login`]: () => ok({ accesstoken: preToken, mfaRequired: true }),
        [`POST ${E}/mfa/auth/get-details`]: () =>
          ok({ maskedEmail: 'o***r@acme.example', maskedMobile: '+61 *** *** 123', authenticatorApp: false }),
        [`POST ${E}/mfa/auth/send-code`]: () => ok({ sentTo: 'o***r@acme.example', expiresInSeconds: 600 }),
        [`POST ${E}/mfa/auth/verify-code`]: (body) =>
          body.code === '123456'
            ? ok({ accesstoken: fullToken, expiresInSeconds: 86400 })
            : fail(422, 'The code is not valid', { field: 'code' }),
        [`GET ${E}/general/auth/me`]: () => ok(makeEnterpriseUser({ permissions: [] })),
        [`POST ${E}/general/user-groups`]: () => groupsPage(1, 1, []),
      },
    });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email'), 'owner@acme.example');
    await user.type(screen.getByLabelText('Password'), 'Coach-demo-2026');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('heading', { name: "Verify it's you" })).toBeInTheDocument();
    expect(app.store.get(sessionAtoms.enterprise)).toEqual({
      token: preToken,
      mfaDone: false,
      refreshDone: false,
    });
    // The mobile number is on file, so it is offered and chosen first; the user picks email.
    expect(await screen.findByRole('radio', { name: /Mobile Number/ })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: /Email/ }));
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(app.server.calls.find((call) => call.route.endsWith('send-code'))?.body).toEqual({
      contactMethod: 2,
    });

    const codeInput = await screen.findByLabelText('Verification code');
    expect(codeInput).toHaveAttribute('inputmode', 'numeric');
    expect(codeInput).toHaveAttribute('autocomplete', 'one-time-code');
    expect(screen.getByText(/Resend code in 30 s/)).toBeInTheDocument();

    await user.type(codeInput, '000000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('The code is not valid')).toBeInTheDocument();

    await user.clear(codeInput);
    await user.type(codeInput, '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Members' })).toBeInTheDocument();
    expect(app.location()).toBe('/enterprise/members');
    expect(app.store.get(sessionAtoms.enterprise)).toEqual({
      token: fullToken,
      mfaDone: true,
      refreshDone: false,
    });
  });

  it('a member with an authenticator app types its code (nothing is sent), or a recovery code for a lost phone', async () => {
    const preToken = fakeToken(600, 'pre');
    const fullToken = fakeToken(86400, 'full');
    const app = renderApp({
      path: '/enterprise/members',
      routes: {
        [`POST ${E}/login`]: () => ok({ accesstoken: preToken, mfaRequired: true }),
        [`POST ${E}/mfa/auth/get-details`]: () =>
          ok({ maskedEmail: 'o***r@acme.example', maskedMobile: null, authenticatorApp: true }),
        [`POST ${E}/mfa/auth/verify-totp`]: () =>
          fail(422, 'The code is incorrect or has expired', { field: 'code' }),
        [`POST ${E}/mfa/auth/verify-recovery-code`]: (body) =>
          body.code === 'abcde-23456'
            ? ok({ accesstoken: fullToken, expiresInSeconds: 86400 })
            : fail(422, 'The recovery code is not correct or was used already', { field: 'code' }),
        [`GET ${E}/general/auth/me`]: () => ok(makeEnterpriseUser({ permissions: [] })),
        [`POST ${E}/general/user-groups`]: () => groupsPage(1, 1, []),
      },
    });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email'), 'owner@acme.example');
    await user.type(screen.getByLabelText('Password'), 'Coach-demo-2026');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    // The app is on, so it is offered first; continuing sends nothing.
    expect(await screen.findByRole('radio', { name: /Authenticator app/ })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(app.server.calls.some((call) => call.route.endsWith('send-code'))).toBe(false);
    await user.type(await screen.findByLabelText('Code from your authenticator app'), '654321');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('The code is incorrect or has expired')).toBeInTheDocument();
    expect(app.server.calls.find((call) => call.route.endsWith('verify-totp'))?.body).toEqual({
      code: '654321',
    });

    // The phone is lost: a recovery code, typed as people do, in capitals.
    await user.click(screen.getByRole('button', { name: 'Use a recovery code' }));
    await user.type(await screen.findByLabelText('Recovery code'), 'ABCDE-23456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Members' })).toBeInTheDocument();
    expect(app.server.calls.find((call) => call.route.endsWith('verify-recovery-code'))?.body).toEqual({
      code: 'abcde-23456',
    });
    expect(app.store.get(sessionAtoms.enterprise)).toEqual({
      token: fullToken,
      mfaDone: true,
      refreshDone: false,
    });
  });

  it('a visitor who tried too often is told how long to wait', async () => {
    renderApp({
      path: '/login',
      routes: {
        [`POST ${E}/login`]: () => ({ ...fail(429, 'Too many requests'), headers: { 'retry-after': '900' } }),
      },
    });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email'), 'owner@acme.example');
    await user.type(screen.getByLabelText('Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts, try again in 15 minutes');
  });

  it('a visitor with a wrong password sees the server message and can reveal the password', async () => {
    renderApp({
      path: '/admin/login',
      routes: { 'POST /api/v1/admin/login': () => fail(401, 'Invalid email or password') },
    });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email'), 'admin@coach.example');
    await user.type(screen.getByLabelText('Password'), 'nope');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password');
  });

  it('a platform admin with an expired reset link is told so and offered a new one', async () => {
    renderApp({
      path: '/admin/password/reset/abcdefabcdefabcdef',
      routes: { 'POST /api/v1/admin/check-reset-token': () => fail(422, 'This reset link has expired') },
    });
    expect(await screen.findByRole('heading', { name: 'This link no longer works' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('This reset link has expired');
    expect(screen.getByRole('link', { name: 'Request a new link' })).toHaveAttribute(
      'href',
      '/admin/forgot-password',
    );
  });

  it('a platform admin chooses a new password and is sent to sign in with a success toast', async () => {
    const app = renderApp({
      path: '/admin/password/reset/abcdefabcdefabcdef',
      routes: {
        'POST /api/v1/admin/check-reset-token': () => ok({ valid: true, email: 'admin@coach.example' }),
        'POST /api/v1/admin/reset-password': () => ok({}),
        'GET /api/v1/admin/general/auth/me': () => ok(makeAdminUser()),
      },
    });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('New password'), 'a-long-new-password');
    await user.type(screen.getByLabelText('Confirm new password'), 'a-different-password');
    await user.click(screen.getByRole('button', { name: 'Save new password' }));
    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Confirm new password'));
    await user.type(screen.getByLabelText('Confirm new password'), 'a-long-new-password');
    await user.click(screen.getByRole('button', { name: 'Save new password' }));
    // The sign-in has the link's address filled in: the holder of the link has just chosen its password.
    await waitFor(() => expect(app.location()).toBe('/admin/login?email=admin%40coach.example'));
    expect(await screen.findByText('Your password has been reset. Please sign in.')).toBeInTheDocument();
    expect(await screen.findByLabelText('Email')).toHaveValue('admin@coach.example');
  });

  it('anyone asking for a reset link gets the same confirmation', async () => {
    renderApp({ path: '/forgot-password', routes: { [`POST ${E}/forgotpassword`]: () => ok({}) } });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email'), 'nobody@nowhere.example');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('heading', { name: 'Check your email' })).toBeInTheDocument();
    expect(screen.getByText(/If an account exists for nobody@nowhere.example/)).toBeInTheDocument();
  });
});
