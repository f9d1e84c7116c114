import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fail, fakeToken, groupsPage, makeEnterpriseUser, ok } from '../../testing/fake-server.ts';
import { renderApp, verifiedSession } from '../../testing/render-app.tsx';

const SAVE = 'POST /api/v1/enterprise/general/update-default-timezone';

describe('Settings: the default timezone (spec §9)', () => {
  it('the enterprise admin picks the default members fall back to', async () => {
    const admin = makeEnterpriseUser({ roleName: 'admin' });
    const app = renderApp({
      path: '/enterprise/settings',
      enterprise: verifiedSession(fakeToken(86400)),
      routes: {
        'GET /api/v1/enterprise/general/auth/me': () => ok(admin),
        'POST /api/v1/enterprise/general/user-groups': () => groupsPage(1, 1, []),
        [SAVE]: (body) =>
          ok(
            { ...admin, enterpriseId: { ...admin.enterpriseId, timezone: body.timezone } },
            `Default timezone set to ${String(body.timezone)}`,
          ),
      },
    });
    const card = await screen.findByRole('region', { name: 'Timezone' });
    expect(within(card).getByRole('button', { name: 'Save timezone' })).toBeDisabled();
    const user = userEvent.setup();
    await user.click(within(card).getByRole('button', { name: /Default timezone/ }));
    await user.type(screen.getByRole('combobox', { name: 'Search timezones' }), 'europe madrid');
    await user.click(screen.getByRole('option', { name: /Europe\/Madrid/ }));
    await user.click(within(card).getByRole('button', { name: 'Save timezone' }));
    expect(await screen.findByText('Default timezone set to Europe/Madrid')).toBeInTheDocument();
    expect(app.server.calls.find((call) => call.route === SAVE)?.body).toEqual({ timezone: 'Europe/Madrid' });
    expect(within(card).getByRole('button', { name: 'Save timezone' })).toBeDisabled();
  });

  it('finds a zone by the name its city goes by now, though the browser lists its old one', async () => {
    const admin = makeEnterpriseUser({ roleName: 'admin' });
    const app = renderApp({
      path: '/enterprise/settings',
      enterprise: verifiedSession(fakeToken(86400)),
      routes: {
        'GET /api/v1/enterprise/general/auth/me': () => ok(admin),
        'POST /api/v1/enterprise/general/user-groups': () => groupsPage(1, 1, []),
        [SAVE]: (body) => ok(admin, `Default timezone set to ${String(body.timezone)}`),
      },
    });
    const card = await screen.findByRole('region', { name: 'Timezone' });
    const user = userEvent.setup();
    await user.click(within(card).getByRole('button', { name: /Default timezone/ }));
    await user.type(screen.getByRole('combobox', { name: 'Search timezones' }), 'ho chi minh');
    const zone = Intl.supportedValuesOf('timeZone').includes('Asia/Ho_Chi_Minh')
      ? 'Asia/Ho_Chi_Minh'
      : 'Asia/Saigon';
    await user.click(screen.getByRole('option', { name: /Asia\/Ho Chi Minh/ }));
    expect(within(card).getByRole('button', { name: /Default timezone/ })).toHaveTextContent(
      'Asia/Ho Chi Minh',
    );
    await user.click(within(card).getByRole('button', { name: 'Save timezone' }));
    expect(app.server.calls.find((call) => call.route === SAVE)?.body).toEqual({ timezone: zone });
  });

  it('says when a zone is refused', async () => {
    renderApp({
      path: '/enterprise/settings',
      enterprise: verifiedSession(fakeToken(86400)),
      routes: {
        'GET /api/v1/enterprise/general/auth/me': () => ok(makeEnterpriseUser({ roleName: 'admin' })),
        'POST /api/v1/enterprise/general/user-groups': () => groupsPage(1, 1, []),
        [SAVE]: () => fail(422, 'timezone: Choose a timezone from the list', { field: 'timezone' }),
      },
    });
    const card = await screen.findByRole('region', { name: 'Timezone' });
    const user = userEvent.setup();
    await user.click(within(card).getByRole('button', { name: /Default timezone/ }));
    await user.type(screen.getByRole('combobox', { name: 'Search timezones' }), 'tokyo');
    await user.keyboard('{Enter}');
    await user.click(within(card).getByRole('button', { name: 'Save timezone' }));
    expect(await screen.findByText('timezone: Choose a timezone from the list')).toBeInTheDocument();
  });
});
