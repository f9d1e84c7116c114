import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fail, ok } from '../../testing/fake-server.ts';
import { renderProfile } from '../../testing/render-profile.tsx';

const E = '/api/v1/enterprise/general/auth';
const CODES = ['abcde-12345', 'fghij-67890'];

const factors = (enabled: boolean) =>
  ok({
    authenticatorApp: { enabled, since: enabled ? '2026-11-20T09:00:00.000Z' : null },
    recoveryCodesLeft: enabled ? CODES.length : 0,
    passkeys: 0,
  });

describe('the profile’s authenticator app', () => {
  it('a member scans the code, a wrong code is refused on its field, and the recovery codes show once', async () => {
    let enabled = false;
    const app = renderProfile({
      [`GET ${E}/factors`]: () => factors(enabled),
      [`POST ${E}/totp/start`]: () =>
        ok({ secret: 'JBSWY3DPEHPK3PXP', otpauthUrl: 'otpauth://totp/Coach', qrSvg: '<svg/>' }),
      [`POST ${E}/totp/confirm`]: (body) => {
        if (body.code !== '123456') return fail(422, 'code: The code is not correct', { field: 'code' });
        enabled = true;
        return ok({ recoveryCodes: CODES }, 'Authenticator app on');
      },
    });
    const user = userEvent.setup();
    const card = await screen.findByRole('region', { name: 'Authenticator app' });
    await user.click(await within(card).findByRole('button', { name: 'Set up authenticator app' }));
    const dialog = await screen.findByRole('dialog', { name: 'Set up an authenticator app' });
    expect(within(dialog).getByText('JBSW Y3DP EHPK 3PXP')).toBeInTheDocument();

    // A code that is not 6 digits is said on the field, and nothing is sent.
    await user.type(within(dialog).getByLabelText('6-digit code from the app'), '123');
    await user.click(within(dialog).getByRole('button', { name: 'Turn on' }));
    expect(within(dialog).getByText('Enter the 6-digit code the app shows')).toBeInTheDocument();
    expect(app.server.calls.some((call) => call.route.endsWith('totp/confirm'))).toBe(false);

    const code = within(dialog).getByLabelText('6-digit code from the app');
    await user.clear(code);
    await user.type(code, '654321');
    await user.click(within(dialog).getByRole('button', { name: 'Turn on' }));
    expect(await within(dialog).findByText(/The code is not correct/)).toBeInTheDocument();
    expect(within(dialog).getByLabelText('6-digit code from the app')).toHaveAttribute(
      'aria-invalid',
      'true',
    );

    await user.clear(code);
    await user.type(code, '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Turn on' }));
    const codes = await screen.findByRole('dialog', { name: 'Save your recovery codes' });
    expect(within(codes).getByText('abcde-12345')).toBeInTheDocument();
    // The codes are the news: the server's message is not toasted over them.
    expect(screen.queryByText('Authenticator app on')).not.toBeInTheDocument();
    await user.click(within(codes).getByRole('button', { name: 'I have saved them' }));
    expect(await within(card).findByText(/Recovery codes left: 2/)).toBeInTheDocument();
  });

  it('removing it asks for the password: empty is said, a wrong one is refused on its field', async () => {
    let enabled = true;
    const app = renderProfile({
      [`GET ${E}/factors`]: () => factors(enabled),
      [`POST ${E}/totp/remove`]: (body) => {
        if (body.password !== 'Coach-demo-2026')
          return fail(422, 'password: The password is not correct', { field: 'password' });
        enabled = false;
        return ok({});
      },
    });
    const user = userEvent.setup();
    const card = await screen.findByRole('region', { name: 'Authenticator app' });
    await user.click(await within(card).findByRole('button', { name: 'Remove authenticator app' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove the authenticator app?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(within(dialog).getByText('Enter your password')).toBeInTheDocument();
    expect(app.server.calls.some((call) => call.route.endsWith('totp/remove'))).toBe(false);

    const password = within(dialog).getByLabelText('Password');
    await user.type(password, 'not-the-password');
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await within(dialog).findByText(/The password is not correct/)).toBeInTheDocument();
    await user.clear(password);
    await user.type(password, 'Coach-demo-2026');
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await within(card).findByRole('button', { name: 'Set up authenticator app' })).toBeInTheDocument();
    expect(app.server.calls.filter((call) => call.route.endsWith('totp/remove')).at(-1)?.body).toEqual({
      password: 'Coach-demo-2026',
    });
  });
});
