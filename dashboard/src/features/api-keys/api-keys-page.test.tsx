import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeToken, groupsPage, makeEnterpriseUser, ok } from '../../testing/fake-server.ts';
import { renderApp, verifiedSession } from '../../testing/render-app.tsx';

const LIST = 'GET /api/v1/enterprise/api-keys/list-api-keys';
const CREATE = 'POST /api/v1/enterprise/api-keys/create-api-key';
const SECRET = `coach_live_0123456789ab_${'f'.repeat(64)}`;

const createdKey = {
  _id: 'k1',
  name: 'HR sync',
  prefix: 'coach_live_0123456789ab',
  permissions: ['members'],
  access: 'read-write',
  createdBy: { _id: 'u1', name: 'Olivia Owner' },
  createdAt: '2026-11-28T10:00:00.000Z',
  lastUsedAt: null,
  revokedAt: null,
};

const openAs = (user: ReturnType<typeof makeEnterpriseUser>) =>
  renderApp({
    path: '/enterprise/settings/api-keys',
    enterprise: verifiedSession(fakeToken(86400)),
    routes: {
      'GET /api/v1/enterprise/general/auth/me': () => ok(user),
      'POST /api/v1/enterprise/general/user-groups': () => groupsPage(1, 1, []),
      [LIST]: () => ok({ keys: [], recentUses: [] }),
      [CREATE]: () => ok({ key: createdKey, secret: SECRET }, 'API key created'),
    },
  });

describe('API keys screen', () => {
  it('an admin creates a key with only permissions they hold, and sees the secret once', async () => {
    const app = openAs(makeEnterpriseUser({ roleName: 'Admin', permissions: ['members', 'groups'] }));
    expect(await screen.findByText('No API keys yet')).toBeInTheDocument();
    // The API reference is one click away, in a new tab, and its name says so.
    const reference = screen.getByRole('link', { name: 'API reference (opens in a new tab)' });
    expect(reference).toHaveAttribute('href', '/api-reference');
    expect(reference).toHaveAttribute('target', '_blank');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Create API key' }));
    const form = await screen.findByRole('dialog', { name: 'Create API key' });
    // Only the admin's own keys are offered.
    expect(
      within(form)
        .getAllByRole('checkbox')
        .map((box) => box.closest('label')?.textContent),
    ).toEqual(['Members', 'Groups']);
    // Beside the choices: a key gives only roles whose permissions it holds, Dashboard included.
    expect(
      within(form).getByText(/only if it holds every permission of that role, Dashboard included/),
    ).toBeVisible();
    await user.click(within(form).getByRole('button', { name: 'Create key' }));
    expect(within(form).getByText('Please enter a name for the key')).toBeInTheDocument();
    expect(within(form).getByText('Choose at least one permission')).toBeInTheDocument();
    expect(app.server.calls.some((call) => call.route === CREATE)).toBe(false);

    await user.type(within(form).getByLabelText('Name', { exact: false }), 'HR sync');
    await user.click(within(form).getByRole('checkbox', { name: 'Members' }));
    await user.click(within(form).getByRole('radio', { name: /Read and write/ }));
    await user.click(within(form).getByRole('button', { name: 'Create key' }));
    const shown = await screen.findByRole('dialog', { name: 'Your new key: HR sync' });
    expect(within(shown).getByLabelText('API key')).toHaveValue(SECRET);
    expect(within(shown).getByRole('link', { name: 'API reference (opens in a new tab)' })).toHaveAttribute(
      'href',
      '/api-reference',
    );
    expect(app.server.calls.find((call) => call.route === CREATE)?.body).toEqual({
      name: 'HR sync',
      permissions: ['members'],
      access: 'read-write',
    });
  });

  it('a role not named admin is sent to the unauthorized page', async () => {
    const app = openAs(makeEnterpriseUser({ roleName: 'Staff', permissions: ['members'] }));
    expect(await screen.findByRole('heading', { level: 1 })).not.toHaveTextContent('API keys');
    expect(app.server.calls.some((call) => call.route === LIST)).toBe(false);
  });
});
