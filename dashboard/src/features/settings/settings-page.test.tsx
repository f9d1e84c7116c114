import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeToken, groupsPage, makeEnterpriseUser, ok } from '../../testing/fake-server.ts';
import { renderApp, verifiedSession } from '../../testing/render-app.tsx';

const SAVE = 'POST /api/v1/enterprise/general/auth/updatethemesettings';
const RENAME = 'POST /api/v1/enterprise/general/rename-company';

const settingsApp = () => {
  const admin = makeEnterpriseUser({ roleName: 'admin' });
  return renderApp({
    path: '/enterprise/settings',
    enterprise: verifiedSession(fakeToken(86400)),
    routes: {
      'GET /api/v1/enterprise/general/auth/me': () => ok(admin),
      'POST /api/v1/enterprise/general/user-groups': () => groupsPage(1, 1, []),
      [SAVE]: (body) =>
        ok(
          { ...admin, enterpriseId: { ...admin.enterpriseId, themeSettings: body.themeSettings } },
          'Theme settings updated successfully',
        ),
      [RENAME]: (body) =>
        ok(
          {
            ...admin,
            enterpriseId: { ...admin.enterpriseId, company_name: String(body.company_name).trim() },
          },
          'Company name updated successfully',
        ),
    },
  });
};

const setColour = async (user: ReturnType<typeof userEvent.setup>, label: string, value: string) => {
  const field = screen.getByRole('textbox', { name: label });
  await user.clear(field);
  await user.type(field, value);
};

const pairRow = (name: string) =>
  within(screen.getByRole('region', { name: 'Contrast' }))
    .getAllByRole('listitem')
    .find((item) => item.textContent?.includes(name));

describe('Settings: theme colours and their contrast (WCAG 2)', () => {
  it('an enterprise admin sees each text/background pair’s contrast, the unreadable one flagged under 4.5:1', async () => {
    settingsApp();
    const user = userEvent.setup();
    await screen.findByRole('region', { name: 'Contrast' });
    expect(pairRow('Menu text on Menu background')).toHaveTextContent('11.85:1Readable');
    expect(pairRow('Button text on Button background')).toHaveTextContent('5.16:1Readable');
    await setColour(user, 'Menu background', '#FFFF00');
    await setColour(user, 'Menu text', '#F0FDFA');
    expect(pairRow('Menu text on Menu background')).toHaveTextContent('1.02:1Hard to read');
  });

  it('an enterprise admin saving an unreadable menu is asked first, and saves only when they confirm', async () => {
    const view = settingsApp();
    const user = userEvent.setup();
    await screen.findByRole('region', { name: 'Contrast' });
    await setColour(user, 'Menu background', '#FFFF00');
    await setColour(user, 'Menu text', '#F0FDFA');
    await user.click(screen.getByRole('button', { name: 'Save colours' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save colours that are hard to read?' });
    expect(dialog).toHaveAccessibleDescription(
      'Under 4.5:1: Menu text on Menu background (1.02:1). Text in these colours is hard to read for everyone in your organisation, on every screen.',
    );
    expect(view.server.calls.some((call) => call.route === SAVE)).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(view.server.calls.some((call) => call.route === SAVE)).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Save colours' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Save colours that are hard to read?' })).getByRole(
        'button',
        { name: 'Save anyway' },
      ),
    );
    expect(await screen.findByText('Theme settings updated successfully')).toBeInTheDocument();
    expect(view.server.calls.find((call) => call.route === SAVE)?.body).toMatchObject({
      themeSettings: { navBackgroundColor: '#FFFF00', navFontColor: '#F0FDFA' },
    });
  });

  it('an enterprise admin saving readable colours is not asked', async () => {
    const view = settingsApp();
    const user = userEvent.setup();
    await screen.findByRole('region', { name: 'Contrast' });
    await setColour(user, 'Button background', '#7C3AED');
    await user.click(screen.getByRole('button', { name: 'Save colours' }));
    expect(await screen.findByText('Theme settings updated successfully')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(view.server.calls.find((call) => call.route === SAVE)?.body).toMatchObject({
      themeSettings: { buttonBackColor: '#7C3AED' },
    });
  });
});

describe('Settings: company name', () => {
  it('an enterprise admin renames their company and the top bar shows the new name at once', async () => {
    const view = settingsApp();
    const user = userEvent.setup();
    const field = await screen.findByRole('textbox', { name: 'Company name' });
    expect(field).toHaveValue('Acme Learning');
    const save = screen.getByRole('button', { name: 'Save name' });
    expect(save).toBeDisabled();
    await user.clear(field);
    await user.type(field, 'Acme Learning Group');
    await user.click(save);
    expect(await screen.findByText('Company name updated')).toBeInTheDocument();
    expect(view.server.calls.find((call) => call.route === RENAME)?.body).toEqual({
      company_name: 'Acme Learning Group',
    });
    expect(screen.getByRole('banner')).toHaveTextContent('Acme Learning Group');
  });

  it('an enterprise admin who clears the name is told to enter one and nothing is sent', async () => {
    const view = settingsApp();
    const user = userEvent.setup();
    const field = await screen.findByRole('textbox', { name: 'Company name' });
    await user.clear(field);
    await user.type(field, '   ');
    await user.click(screen.getByRole('button', { name: 'Save name' }));
    expect(await screen.findByText('Please enter the company name')).toBeInTheDocument();
    expect(view.server.calls.some((call) => call.route === RENAME)).toBe(false);
  });
});
