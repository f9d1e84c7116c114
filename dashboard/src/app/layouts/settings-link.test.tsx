import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { applyLanguage } from '../../i18n/index.ts';
import { fakeToken, groupsPage, makeEnterpriseUser, ok } from '../../testing/fake-server.ts';
import { renderApp, verifiedSession } from '../../testing/render-app.tsx';

/** The dashboard of Olivia, the default admin of a role not named admin; her account menu opened. */
const openOwnersMenu = async () => {
  renderApp({
    path: '/enterprise/dashboard',
    enterprise: verifiedSession(fakeToken(86400)),
    routes: {
      'GET /api/v1/enterprise/general/auth/me': () =>
        ok(makeEnterpriseUser({ roleName: 'Owner', isDefaultAdmin: true, name: 'Olivia Owner' })),
      'POST /api/v1/enterprise/general/user-groups': () => groupsPage(1, 1, []),
      'GET /api/v1/enterprise/general/storage-usage': () =>
        ok({ usedBytes: 0, reservedBytes: 0, quotaBytes: 1024 }),
    },
  });
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: /Olivia Owner/ }));
  return { user, menu: await screen.findByRole('menu') };
};

describe('the account menu offers Settings to whoever the Settings page opens for', () => {
  it('the default admin whose role is not named admin finds Settings, and the page opens', async () => {
    const { user, menu } = await openOwnersMenu();
    expect(screen.getByRole('button', { name: 'Account menu for Olivia Owner, Owner' })).toBeInTheDocument();
    const settings = within(menu).getByRole('menuitem', { name: 'Settings' });
    expect(settings).toHaveAttribute('href', '/enterprise/settings');
    await user.click(settings);
    expect(await screen.findByRole('heading', { name: 'Settings', level: 1 })).toBeInTheDocument();
  });

  it('lays the menu out right to left in an Arabic page', async () => {
    await applyLanguage('ar');
    try {
      const { menu } = await openOwnersMenu();
      expect(menu).toHaveAttribute('dir', 'rtl');
    } finally {
      await applyLanguage('en');
    }
  });
});
