import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fail, fakeToken, ok } from '../../testing/fake-server.ts';
import { renderApp } from '../../testing/render-app.tsx';

const E = '/api/v1/enterprise';

describe('the second factor (spec §2): a wrong code', () => {
  it('shows the server sentence under the code field without its field name', async () => {
    renderApp({
      path: '/auth-check',
      enterprise: { token: fakeToken(600, 'pre'), mfaDone: false, refreshDone: false },
      routes: {
        [`POST ${E}/mfa/auth/get-details`]: () =>
          ok({ maskedEmail: 'o***r@acme.example', maskedMobile: null, authenticatorApp: false }),
        [`POST ${E}/mfa/auth/send-code`]: () => ok({ sentTo: 'o***r@acme.example', expiresInSeconds: 600 }),
        // What the server answers (errors.ts `validation`): the field's name first, and the field.
        [`POST ${E}/mfa/auth/verify-code`]: () =>
          fail(422, 'code: The code is incorrect or has expired', {
            field: 'code',
            code: 'VALIDATION_ERROR',
          }),
      },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Send code' }));
    const input = await screen.findByLabelText('Verification code');
    await user.type(input, '000000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    expect(await screen.findByText('The code is incorrect or has expired')).toBeInTheDocument();
    expect(screen.queryByText(/code: /)).not.toBeInTheDocument();
    expect(input).toHaveAccessibleDescription(/The code is incorrect or has expired/);
  });
});
