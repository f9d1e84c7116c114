import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../config/app-links.ts';
import { fakeToken, groupsPage, makeEnterpriseUser, ok } from '../testing/fake-server.ts';
import { renderApp, verifiedSession } from '../testing/render-app.tsx';

const E = '/api/v1/enterprise';

describe('the language picker (spec §9)', () => {
  it('on the login page, by keyboard: Arabic turns the page right-to-left and Arabic, and is kept', async () => {
    renderApp({ path: '/login' });
    const user = userEvent.setup();
    const picker = await screen.findByRole('button', { name: 'Language: English' });
    picker.focus();
    await user.keyboard('{Enter}');
    const menu = await screen.findByRole('menu');
    // Every language in its own name and script, marked with its language.
    const arabic = within(menu).getByRole('menuitemradio', { name: 'العربية' });
    expect(arabic).toHaveAttribute('lang', 'ar');
    expect(within(menu).getByRole('menuitemradio', { name: 'دری' })).toHaveAttribute('lang', 'fa-AF');
    expect(within(menu).getByRole('menuitemradio', { name: 'English' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    expect(within(menu).getAllByRole('menuitemradio')).toHaveLength(9);
    arabic.focus();
    await user.keyboard('{Enter}');

    expect(await screen.findByRole('heading', { name: 'تسجيل الدخول' })).toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    expect(document.documentElement).toHaveAttribute('lang', 'ar');
    expect(screen.getByLabelText('البريد الإلكتروني')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'اللغة: العربية' })).toBeInTheDocument();
    expect(localStorage.getItem(STORAGE_KEYS.language)).toBe('ar');
  });

  it("shows a member's saved language after sign-in and saves a new choice on their profile", async () => {
    const member = { ...makeEnterpriseUser({ permissions: ['members'] }), language: 'uk' as const };
    const app = renderApp({
      path: '/enterprise/dashboard',
      enterprise: verifiedSession(fakeToken(86400)),
      routes: {
        [`GET ${E}/general/auth/me`]: () => ok(member),
        [`POST ${E}/general/user-groups`]: () => groupsPage(1, 1, []),
        [`POST ${E}/general/auth/update-language`]: (body) => ok({ ...member, language: body.language }),
      },
    });
    const menu = await screen.findByRole('navigation', { name: 'Головне меню' });
    expect(within(menu).getByRole('link', { name: 'Учасники' })).toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute('lang', 'uk');
    expect(localStorage.getItem(STORAGE_KEYS.language)).toBe('uk');

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Мова: Українська' }));
    await user.click(await screen.findByRole('menuitemradio', { name: 'Español' }));
    expect(await screen.findByRole('navigation', { name: 'Menú principal' })).toBeInTheDocument();
    await waitFor(() =>
      expect(
        app.server.calls.find((c) => c.route === `POST ${E}/general/auth/update-language`)?.body,
      ).toEqual({
        language: 'es',
      }),
    );
    expect(document.documentElement).toHaveAttribute('dir', 'ltr');
  });

  it("keeps the login page's choice for a member who has none saved yet", async () => {
    localStorage.setItem(STORAGE_KEYS.language, 'vi');
    const member = makeEnterpriseUser();
    const app = renderApp({
      path: '/enterprise/dashboard',
      enterprise: verifiedSession(fakeToken(86400)),
      routes: {
        [`GET ${E}/general/auth/me`]: () => ok(member),
        [`POST ${E}/general/user-groups`]: () => groupsPage(1, 1, []),
        [`POST ${E}/general/auth/update-language`]: (body) => ok({ ...member, language: body.language }),
      },
    });
    expect(await screen.findByRole('navigation', { name: 'Trình đơn chính' })).toBeInTheDocument();
    expect(app.server.calls.find((c) => c.route === `POST ${E}/general/auth/update-language`)?.body).toEqual({
      language: 'vi',
    });
  });
});

describe("the language picker's menu, loaded when first wanted", () => {
  it('opens on the first press of ArrowDown with the focus on the first language, and Escape gives it back', async () => {
    renderApp({ path: '/login' });
    const user = userEvent.setup();
    (await screen.findByRole('button', { name: 'Language: English' })).focus();
    await user.keyboard('{ArrowDown}');
    const menu = await screen.findByRole('menu');
    await waitFor(() => expect(within(menu).getByRole('menuitemradio', { name: 'English' })).toHaveFocus());
    await user.keyboard('{ArrowDown}');
    expect(within(menu).getByRole('menuitemradio', { name: 'العربية' })).toHaveFocus();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Language: English' })).toHaveFocus();
  });

  it('opens on a click, and again after it closed', async () => {
    renderApp({ path: '/login' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Language: English' }));
    expect(await screen.findByRole('menu')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Language: English' }));
    expect(await screen.findByRole('menu')).toBeInTheDocument();
  });
});
