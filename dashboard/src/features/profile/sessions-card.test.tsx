import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeToken, groupsPage, makeEnterpriseUser, ok } from '../../testing/fake-server.ts';
import { renderApp, verifiedSession } from '../../testing/render-app.tsx';

const E = '/api/v1/enterprise/general/auth';

describe('where you are signed in', () => {
  it('shows each address left to right, whatever the page’s direction ("::1" read "1::" in Arabic)', async () => {
    renderApp({
      path: '/enterprise/profile',
      enterprise: verifiedSession(fakeToken(86400)),
      routes: {
        [`GET ${E}/me`]: () => ok(makeEnterpriseUser()),
        'POST /api/v1/enterprise/general/user-groups': () => groupsPage(1, 1, []),
        [`GET ${E}/factors`]: () =>
          ok({ authenticatorApp: { enabled: false, since: null }, recoveryCodesLeft: 0, passkeys: 0 }),
        [`GET ${E}/passkeys`]: () => ok({ passkeys: [] }),
        [`GET ${E}/notification-settings`]: () => ok({ assigned: true, dueTomorrow: true, feedback: true }),
        [`GET ${E}/sessions`]: () =>
          ok({
            listdata: [
              {
                _id: 's1',
                device: 'Chrome 156 on Linux',
                ip: '::1',
                createdAt: '2026-03-01T09:00:00.000Z',
                lastUsedAt: '2026-03-02T09:00:00.000Z',
                current: true,
              },
            ],
          }),
      },
    });
    const list = await screen.findByRole('list', { name: 'Signed-in sessions' });
    expect(within(list).getByText('::1')).toHaveAttribute('dir', 'ltr');
  });
});
