import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fail, fakeToken, groupsPage, makeEnterpriseUser, ok } from '../../testing/fake-server.ts';
import { renderApp, verifiedSession } from '../../testing/render-app.tsx';

const G = '/api/v1/enterprise/general';
const SAVE = `POST ${G}/sso-settings/save`;
const VERIFY = `POST ${G}/sso-settings/verify-domain`;
const TXT = 'coach-verification=0123456789abcdef0123456789abcdef';

type Body = Record<string, unknown>;
/** What the server holds after a save, its domains proved as `verified` says. */
const connectionOf = (body: Body, verified: string[] = []) => ({
  issuer: body.issuer,
  clientId: body.clientId,
  requireSso: body.requireSso,
  defaultRoleId: body.defaultRoleId,
  domains: (body.domains as string[]).map((domain) => ({
    domain,
    verifiedAt: verified.includes(domain) ? '2026-11-29T03:05:00.000Z' : null,
  })),
  txtValue: TXT,
  updatedAt: `2026-11-29T03:0${verified.length}:00.000Z`,
});
const REDIRECT = 'https://coach.example/sso/callback';
const ROLES = [
  { _id: 'r-admin', name: 'admin', grantable: true, permissionCount: 9 },
  { _id: 'r-learner', name: 'Learner', grantable: true, permissionCount: 1 },
];

const settingsRoutes = (
  user: ReturnType<typeof makeEnterpriseUser>,
  save = (body: Body) =>
    ok({ connection: connectionOf(body), redirectUri: REDIRECT }, 'Single sign-on saved'),
) => ({
  [`GET ${G}/auth/me`]: () => ok(user),
  [`POST ${G}/user-groups`]: () => groupsPage(1, 1, []),
  [`GET ${G}/sso-settings`]: () => ok({ connection: null, redirectUri: REDIRECT }),
  'GET /api/v1/enterprise/roles/get-role-options': () => ok(ROLES),
  [SAVE]: save,
  [VERIFY]: (body: Body) =>
    body.domain === 'acme.example'
      ? ok(
          {
            connection: connectionOf(
              {
                issuer: 'https://login.acme.example',
                clientId: 'coach',
                requireSso: true,
                defaultRoleId: 'r-learner',
                domains: ['acme.example', 'acme.co'],
              },
              ['acme.example'],
            ),
            redirectUri: REDIRECT,
          },
          'acme.example is verified',
        )
      : // As the server words a 422: the field's name first (errors.ts `validation`).
        fail(422, `domain: No TXT record "${TXT}" was found at _coach-verification.acme.co yet.`, {
          field: 'domain',
        }),
});

// Settings › Single sign-on, the default admin's alone.
describe('Settings: single sign-on', () => {
  it('the default admin sets the provider, its domains and the new members’ role', async () => {
    const app = renderApp({
      path: '/enterprise/settings',
      enterprise: verifiedSession(fakeToken(86400)),
      routes: settingsRoutes(makeEnterpriseUser({ roleName: 'admin', isDefaultAdmin: true })),
    });
    const card = await screen.findByRole('region', { name: 'Single sign-on' });
    expect(await within(card).findByText('Off: members sign in with their passwords.')).toBeInTheDocument();
    expect(within(card).getByLabelText('Redirect URI')).toHaveValue(REDIRECT);
    // The Learner role is offered first for members a first sign-in creates.
    expect(within(card).getByLabelText('Role of new members')).toHaveValue('r-learner');

    const user = userEvent.setup();
    await user.click(within(card).getByRole('button', { name: 'Save single sign-on' }));
    expect(within(card).getByText("Enter your identity provider's issuer URL")).toBeInTheDocument();
    expect(app.server.calls.some((c) => c.route === SAVE)).toBe(false);

    await user.type(within(card).getByLabelText('Issuer URL'), 'https://login.acme.example');
    await user.type(within(card).getByLabelText('Client ID'), 'coach');
    await user.type(within(card).getByLabelText('Client secret'), 's3cret');
    await user.type(within(card).getByLabelText('Email domains'), 'acme.example, @Acme.co');
    await user.click(within(card).getByRole('switch', { name: 'Require single sign-on' }));
    await user.click(within(card).getByRole('button', { name: 'Save single sign-on' }));
    expect(await screen.findByText('Single sign-on saved')).toBeInTheDocument();
    expect(app.server.calls.find((c) => c.route === SAVE)?.body).toEqual({
      issuer: 'https://login.acme.example',
      clientId: 'coach',
      clientSecret: 's3cret',
      domains: ['acme.example', 'acme.co'],
      requireSso: true,
      defaultRoleId: 'r-learner',
    });
    // Saved: the secret is never shown again; nobody is sent anywhere until a domain is proved.
    expect(
      await within(card).findByText(
        'Saved, but no domain is verified yet: nobody is sent to your identity provider.',
      ),
    ).toBeInTheDocument();
    expect(within(card).getByLabelText('Client secret')).toHaveValue('');
    expect(within(card).getByRole('button', { name: 'Switch off' })).toBeInTheDocument();
    // Each domain shows the TXT record that proves it, and a check of it.
    const proofs = within(card).getByRole('region', { name: 'Domain ownership' });
    expect(within(proofs).getByText('_coach-verification.acme.co')).toBeInTheDocument();
    expect(within(proofs).getAllByText(TXT)).toHaveLength(2);
    await user.click(within(proofs).getByRole('button', { name: 'Check DNS for acme.co' }));
    // Shown beside its domain, the sentence goes without the API's field name.
    expect(
      await within(proofs).findByText(/^No TXT record .* was found at _coach-verification.acme.co/),
    ).toBeInTheDocument();
    await user.click(within(proofs).getByRole('button', { name: 'Check DNS for acme.example' }));
    expect(await screen.findByText('acme.example is verified')).toBeInTheDocument();
    expect(
      await within(card).findByText(
        'Required: passwords are off for every member but you, the default admin.',
      ),
    ).toBeInTheDocument();
    // (The card shows the server's settings afresh after a change.)
    const after = within(card).getByRole('region', { name: 'Domain ownership' });
    expect(within(after).getAllByText('Verified')).toHaveLength(1);
    expect(within(after).queryByText('_coach-verification.acme.example')).not.toBeInTheDocument();
  });

  it('shows the server’s refusal under the field it names', async () => {
    renderApp({
      path: '/enterprise/settings',
      enterprise: verifiedSession(fakeToken(86400)),
      routes: settingsRoutes(makeEnterpriseUser({ roleName: 'admin', isDefaultAdmin: true }), () =>
        fail(422, 'acme.example is used by another organisation', { field: 'domains' }),
      ),
    });
    const card = await screen.findByRole('region', { name: 'Single sign-on' });
    const user = userEvent.setup();
    await user.type(await within(card).findByLabelText('Issuer URL'), 'https://login.acme.example');
    await user.type(within(card).getByLabelText('Client ID'), 'coach');
    await user.type(within(card).getByLabelText('Client secret'), 's3cret');
    await user.type(within(card).getByLabelText('Email domains'), 'acme.example');
    await user.click(within(card).getByRole('button', { name: 'Save single sign-on' }));
    expect(await within(card).findByText('acme.example is used by another organisation')).toBeInTheDocument();
    expect(within(card).getByLabelText('Email domains')).toHaveAttribute('aria-invalid', 'true');
  });

  it('an admin who is not the default admin does not see it', async () => {
    renderApp({
      path: '/enterprise/settings',
      enterprise: verifiedSession(fakeToken(86400)),
      routes: settingsRoutes(makeEnterpriseUser({ roleName: 'admin', isDefaultAdmin: false })),
    });
    expect(await screen.findByRole('region', { name: 'Timezone' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Single sign-on' })).not.toBeInTheDocument();
  });
});
