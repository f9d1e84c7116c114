import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeToken, groupsPage, makeEnterpriseUser, ok } from '../../testing/fake-server.ts';
import { renderApp, verifiedSession } from '../../testing/render-app.tsx';

const S = '/api/v1/enterprise/scim';
const LIST = `GET ${S}/list-scim-tokens`;
const CREATE = `POST ${S}/create-scim-token`;
const REVOKE = `POST ${S}/revoke-scim-token`;
const BASE = 'https://coach.example/scim/v2';
const SECRET = `coach_scim_0123456789ab_${'e'.repeat(64)}`;

const token = (revokedAt: string | null = null) => ({
  _id: 't1',
  name: 'Entra ID',
  prefix: 'coach_scim_0123456789ab',
  createdBy: { _id: 'u1', name: 'Olivia Owner' },
  createdAt: '2026-12-01T10:00:00.000Z',
  lastUsedAt: null,
  revokedAt,
});

const openAs = (user: ReturnType<typeof makeEnterpriseUser>) => {
  let tokens: ReturnType<typeof token>[] = [];
  return renderApp({
    path: '/enterprise/settings',
    enterprise: verifiedSession(fakeToken(86400)),
    routes: {
      'GET /api/v1/enterprise/general/auth/me': () => ok(user),
      'POST /api/v1/enterprise/general/user-groups': () => groupsPage(1, 1, []),
      [LIST]: () =>
        ok({
          baseUrl: BASE,
          tokens,
          recentRequests: tokens.length
            ? [
                {
                  tokenId: 't1',
                  tokenName: 'Entra ID',
                  call: 'POST /scim/v2/Users',
                  status: 409,
                  at: '2026-12-01T10:06:00.000Z',
                  detail: 'This email already has a Coach account with another organisation',
                },
                {
                  tokenId: 't1',
                  tokenName: 'Entra ID',
                  call: 'GET /scim/v2/Users',
                  status: 200,
                  at: '2026-12-01T10:05:00.000Z',
                  detail: null,
                },
              ]
            : [],
        }),
      [CREATE]: () => {
        tokens = [token()];
        return ok({ token: token(), secret: SECRET }, 'SCIM token created');
      },
      [REVOKE]: () => {
        tokens = [token('2026-12-01T11:00:00.000Z')];
        return ok(tokens[0], 'SCIM token revoked');
      },
    },
  });
};

describe('Settings: directory sync (SCIM)', () => {
  it('an admin copies the base URL, makes a token shown once, and revokes it after confirming', async () => {
    const app = openAs(makeEnterpriseUser({ roleName: 'admin', isDefaultAdmin: true }));
    const card = await screen.findByRole('region', { name: 'Directory sync (SCIM)' });
    expect(await within(card).findByLabelText('SCIM base URL')).toHaveValue(BASE);
    expect(
      within(card).getByText('No SCIM token yet: make one to connect your directory.'),
    ).toBeInTheDocument();
    expect(within(card).getByText('Your directory has made no request yet.')).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(within(card).getByRole('button', { name: 'Make a token' }));
    const form = await screen.findByRole('dialog', { name: 'Make a SCIM token' });
    await user.click(within(form).getByRole('button', { name: 'Make token' }));
    expect(within(form).getByText('Enter a name for the token')).toBeInTheDocument();
    expect(app.server.calls.some((call) => call.route === CREATE)).toBe(false);
    await user.type(within(form).getByLabelText('Name', { exact: false }), 'Entra ID');
    await user.click(within(form).getByRole('button', { name: 'Make token' }));

    const shown = await screen.findByRole('dialog', { name: 'Your new SCIM token: Entra ID' });
    expect(within(shown).getByLabelText('SCIM token')).toHaveValue(SECRET);
    expect(app.server.calls.find((call) => call.route === CREATE)?.body).toEqual({ name: 'Entra ID' });
    await user.click(within(shown).getByRole('button', { name: 'Done' }));

    expect(await within(card).findByText('coach_scim_0123456789ab_…')).toBeInTheDocument();
    expect(within(card).getByText('GET /Users')).toBeInTheDocument();
    // A refused request says why beside its status, not only "409".
    const refused = within(card).getByText('POST /Users').closest('tr') as HTMLElement;
    expect(refused).toHaveTextContent('409This email already has a Coach account with another organisation');
    await user.click(within(card).getByRole('button', { name: 'Revoke Entra ID' }));
    const confirm = await screen.findByRole('dialog', { name: 'Revoke Entra ID?' });
    expect(app.server.calls.some((call) => call.route === REVOKE)).toBe(false);
    await user.click(within(confirm).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText('SCIM token revoked')).toBeInTheDocument();
    expect(app.server.calls.find((call) => call.route === REVOKE)?.body).toEqual({ tokenId: 't1' });
    expect(await within(card).findByText(/^Revoked/)).toBeInTheDocument();
  });

  it('a member without the admin role does not see the card', async () => {
    openAs(makeEnterpriseUser({ roleName: 'Manager', permissions: ['members'] }));
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Directory sync (SCIM)' })).toBeNull();
  });
});
