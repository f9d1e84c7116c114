import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { signWithPasskey } from '../../lib/passkey.ts';
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

// The browser's passkey prompt is the test's to answer; reading its failures stays lib/passkey.ts's own.
vi.mock('../../lib/passkey.ts', async (original) => ({
  ...(await original<typeof import('../../lib/passkey.ts')>()),
  signWithPasskey: vi.fn(),
}));

const E = '/api/v1/enterprise';
const A = '/api/v1/admin';
const REQUEST_OPTIONS = { challenge: 'Y2hhbGxlbmdl', rpId: 'localhost', userVerification: 'required' };
const ASSERTION = {
  id: 'a2V5LTE',
  rawId: 'a2V5LTE',
  type: 'public-key',
  response: { clientDataJSON: 'e30', authenticatorData: 'AAAA', signature: 'AAAA', userHandle: 'dXNlci0x' },
  clientExtensionResults: {},
};
const cancelled = () =>
  Object.assign(new Error('The operation either timed out or was not allowed.'), { name: 'NotAllowedError' });

beforeEach(() => {
  vi.mocked(signWithPasskey).mockReset();
});

describe('signing in with a passkey', () => {
  it('a member signs in with a passkey alone: no password, no second step', async () => {
    const fullToken = fakeToken(86400, 'full');
    vi.mocked(signWithPasskey).mockResolvedValue(ASSERTION as never);
    const app = renderApp({
      path: '/login',
      routes: {
        [`POST ${E}/passkey-login/options`]: () => ok({ flowId: 'flow-1', options: REQUEST_OPTIONS }),
        [`POST ${E}/passkey-login/verify`]: () => ok({ accesstoken: fullToken, expiresInSeconds: 86400 }),
        [`GET ${E}/general/auth/me`]: () => ok(makeEnterpriseUser()),
        [`POST ${E}/general/user-groups`]: () => groupsPage(1, 1, []),
      },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Sign in with a passkey' }));
    await vi.waitFor(() => expect(app.location()).toBe('/enterprise/dashboard'), { timeout: 5000 });
    expect(signWithPasskey).toHaveBeenCalledWith(REQUEST_OPTIONS);
    expect(app.server.calls.find((call) => call.route.endsWith('passkey-login/verify'))?.body).toEqual({
      flowId: 'flow-1',
      credential: ASSERTION,
    });
    expect(app.server.calls.some((call) => call.route.endsWith('/login'))).toBe(false);
    expect(app.store.get(sessionAtoms.enterprise)).toEqual({
      token: fullToken,
      mfaDone: true,
      refreshDone: false,
    });
  });

  it('closing the prompt is said calmly; a passkey the server refuses shows its reason', async () => {
    vi.mocked(signWithPasskey)
      .mockRejectedValueOnce(cancelled())
      .mockResolvedValueOnce(ASSERTION as never);
    const app = renderApp({
      path: '/admin/login',
      routes: {
        [`POST ${A}/passkey-login/options`]: () => ok({ flowId: 'flow-2', options: REQUEST_OPTIONS }),
        [`POST ${A}/passkey-login/verify`]: () =>
          fail(422, 'credential: This passkey belongs to another site and cannot sign in here', {
            field: 'credential',
          }),
        [`GET ${A}/general/auth/me`]: () => ok(makeAdminUser()),
      },
    });
    const user = userEvent.setup();
    const button = await screen.findByRole('button', { name: 'Sign in with a passkey' });
    await user.click(button);
    expect(await screen.findByRole('status')).toHaveTextContent(
      'No passkey was used: the request was cancelled or timed out.',
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(app.server.calls.some((call) => call.route.endsWith('passkey-login/verify'))).toBe(false);

    await user.click(button);
    expect(await screen.findByRole('alert')).toHaveTextContent(/belongs to another site/);
    expect(app.store.get(sessionAtoms.admin)).toBeNull();
    // The password form is still there to use.
    expect(screen.getByLabelText('Password')).toBeInTheDocument();
  });

  it('after the password, an account with a passkey is offered it first and signs in with it', async () => {
    const preToken = fakeToken(600, 'pre');
    const fullToken = fakeToken(86400, 'full');
    vi.mocked(signWithPasskey)
      .mockRejectedValueOnce(cancelled())
      .mockResolvedValueOnce(ASSERTION as never);
    const app = renderApp({
      path: '/enterprise/members',
      routes: {
        [`POST ${E}/login`]: () => ok({ accesstoken: preToken, mfaRequired: true }),
        [`POST ${E}/mfa/auth/get-details`]: () =>
          ok({
            maskedEmail: 'o***r@acme.example',
            maskedMobile: null,
            authenticatorApp: true,
            passkeys: true,
          }),
        [`POST ${E}/mfa/auth/passkey-options`]: () => ok({ options: REQUEST_OPTIONS }),
        [`POST ${E}/mfa/auth/verify-passkey`]: () => ok({ accesstoken: fullToken, expiresInSeconds: 86400 }),
        [`GET ${E}/general/auth/me`]: () => ok(makeEnterpriseUser({ permissions: [] })),
        [`POST ${E}/general/user-groups`]: () => groupsPage(1, 1, []),
      },
    });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email'), 'owner@acme.example');
    await user.type(screen.getByLabelText('Password'), 'Coach-demo-2026');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('radio', { name: /Passkey/ })).toBeChecked();
    expect(screen.getByRole('radio', { name: /Authenticator app/ })).not.toBeChecked();
    // Nothing is sent for a passkey: the choice is how to verify.
    expect(screen.getByRole('group', { name: 'Verify with' })).toBeInTheDocument();
    // The first try is cancelled: said calmly, and the other methods stay on offer.
    await user.click(screen.getByRole('button', { name: 'Use a passkey' }));
    expect(await screen.findByRole('status')).toHaveTextContent(/cancelled or timed out/);
    expect(screen.getByRole('radio', { name: /Email/ })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Use a passkey' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Members' })).toBeInTheDocument();
    expect(app.server.calls.find((call) => call.route.endsWith('verify-passkey'))?.body).toEqual({
      credential: ASSERTION,
    });
    expect(app.server.calls.some((call) => call.route.endsWith('send-code'))).toBe(false);
    expect(app.store.get(sessionAtoms.enterprise)).toEqual({
      token: fullToken,
      mfaDone: true,
      refreshDone: false,
    });
  });

  it('an account without a passkey is not offered one', async () => {
    renderApp({
      path: '/login',
      routes: {
        [`POST ${E}/login`]: () => ok({ accesstoken: fakeToken(600, 'pre'), mfaRequired: true }),
        [`POST ${E}/mfa/auth/get-details`]: () =>
          ok({
            maskedEmail: 'o***r@acme.example',
            maskedMobile: null,
            authenticatorApp: false,
            passkeys: false,
          }),
      },
    });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email'), 'owner@acme.example');
    await user.type(screen.getByLabelText('Password'), 'Coach-demo-2026');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('radio', { name: /Email/ })).toBeChecked();
    expect(screen.queryByRole('radio', { name: /Passkey/ })).not.toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Send the code to' })).toBeInTheDocument();
  });
});
