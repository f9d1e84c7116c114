import { contrastRatio, MIN_TEXT_CONTRAST } from '@coach/shared/colour/contrast-ratio';
import type { EnterpriseUser } from '@coach/shared/contract/auth';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeToken, groupsPage, makeEnterpriseUser, ok } from '../../testing/fake-server.ts';
import { renderApp, verifiedSession } from '../../testing/render-app.tsx';

const openDashboardAs = async (user: EnterpriseUser) => {
  const app = renderApp({
    path: '/enterprise/dashboard',
    enterprise: verifiedSession(fakeToken(86400)),
    routes: {
      'GET /api/v1/enterprise/general/auth/me': () => ok(user),
      'POST /api/v1/enterprise/general/user-groups': () => groupsPage(1, 1, []),
    },
  });
  const menu = await screen.findByRole('navigation', { name: 'Main menu' });
  return { app, menu };
};

describe('enterprise menu gating (spec §2 Menus, §6)', () => {
  it('an organisation admin of an enterprise with courses on sees Courses', async () => {
    const { menu } = await openDashboardAs(
      makeEnterpriseUser({ roleName: 'admin', enterprise: { enableCourseFeature: true } }),
    );
    expect(within(menu).getByRole('link', { name: 'Courses' })).toHaveAttribute(
      'href',
      '/enterprise/courses',
    );
    expect(within(menu).queryByRole('link', { name: 'Company Info' })).not.toBeInTheDocument();
  });

  it('staff of an enterprise with courses on does not see Courses', async () => {
    const { menu } = await openDashboardAs(
      makeEnterpriseUser({ roleName: 'Staff', permissions: [], enterprise: { enableCourseFeature: true } }),
    );
    expect(within(menu).queryByRole('link', { name: 'Courses' })).not.toBeInTheDocument();
  });

  it('an organisation admin of an enterprise with courses off does not see Courses', async () => {
    const { menu } = await openDashboardAs(
      makeEnterpriseUser({ roleName: 'Admin', enterprise: { enableCourseFeature: false } }),
    );
    expect(within(menu).queryByRole('link', { name: 'Courses' })).not.toBeInTheDocument();
  });

  it('staff with the dashboard and members permissions sees only those plus My Tasks and Help', async () => {
    const { menu } = await openDashboardAs(makeEnterpriseUser({ permissions: ['dashboard', 'members'] }));
    const labels = within(menu)
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(labels).toEqual(['Dashboard', 'Members', 'My Tasks', 'Help']);
  });

  it('a user whose role is named ADMIN finds Settings in the account menu', async () => {
    await openDashboardAs(makeEnterpriseUser({ roleName: 'ADMIN', name: 'Olivia Owner' }));
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /^Account menu for Olivia Owner, / }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'Settings' })).toHaveAttribute(
      'href',
      '/enterprise/settings',
    );
    for (const item of ['View Profile', 'Privacy Policy', 'Terms & Condition', 'Logout']) {
      expect(within(menu).getByRole('menuitem', { name: item })).toBeInTheDocument();
    }
    expect(within(menu).getByText('owner@acme.example')).toBeInTheDocument();
  });

  it('a user whose role is named Manager has no Settings link', async () => {
    await openDashboardAs(makeEnterpriseUser({ roleName: 'Manager', name: 'Mia Manager' }));
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Account menu for Mia Manager, Manager' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).queryByRole('menuitem', { name: 'Settings' })).not.toBeInTheDocument();
    expect(within(menu).getByText('Manager')).toBeInTheDocument();
  });

  it('the menu uses the enterprise theme colours', async () => {
    await openDashboardAs(
      makeEnterpriseUser({
        enterprise: {
          themeSettings: {
            buttonColor: '#FFFFFF',
            buttonBackColor: '#0F766E',
            buttonHoverColor: '#FFFFFF',
            buttonBackHoverColor: '#115E59',
            navFontColor: '#FEFCE8',
            navBackgroundColor: '#134E4A',
          },
        },
      }),
    );
    expect(document.documentElement.style.getPropertyValue('--brand-nav-bg')).toBe('#134E4A');
    expect(document.documentElement.style.getPropertyValue('--brand-button-bg')).toBe('#0F766E');
    // Links and focus rings carry the brand too, as it is: teal reads on the page.
    expect(document.documentElement.style.getPropertyValue('--color-link')).toBe('#0F766E');
  });

  it('links take a light brand colour darkened until they can be read on the page', async () => {
    await openDashboardAs(
      makeEnterpriseUser({
        enterprise: {
          themeSettings: {
            buttonColor: '#1F2937',
            buttonBackColor: '#F5E663',
            buttonHoverColor: '#1F2937',
            buttonBackHoverColor: '#EAD84A',
            navFontColor: '#1F2937',
            navBackgroundColor: '#FEF9C3',
          },
        },
      }),
    );
    const link = document.documentElement.style.getPropertyValue('--color-link');
    expect(link).not.toBe('#F5E663');
    expect(contrastRatio(link, '#f1f5f9')).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
  });
});

describe('the menu shows where the person is', () => {
  it("marks Courses on a course's enrolments, an address outside /enterprise/courses, and nothing else", async () => {
    renderApp({
      path: '/enterprise/course-enrollments/c1',
      enterprise: verifiedSession(fakeToken(86400)),
      routes: {
        'GET /api/v1/enterprise/general/auth/me': () =>
          ok(makeEnterpriseUser({ roleName: 'admin', enterprise: { enableCourseFeature: true } })),
        'POST /api/v1/enterprise/general/user-groups': () => groupsPage(1, 1, []),
      },
    });
    const menu = await screen.findByRole('navigation', { name: 'Main menu' });
    const courses = within(menu).getByRole('link', { name: 'Courses' });
    expect(courses).toHaveClass('side-menu__link--current');
    expect(menu.querySelectorAll('.side-menu__link--current, [aria-current="page"]')).toHaveLength(1);
  });
});
