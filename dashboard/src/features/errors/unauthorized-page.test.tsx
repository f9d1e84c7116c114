import type { EnterpriseUser } from '@coach/shared/contract/auth';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeToken, groupsPage, makeEnterpriseUser, ok } from '../../testing/fake-server.ts';
import { renderApp, verifiedSession } from '../../testing/render-app.tsx';

const signedInAs = (user: EnterpriseUser) => ({
  'GET /api/v1/enterprise/general/auth/me': () => ok(user),
  'POST /api/v1/enterprise/general/user-groups': () => groupsPage(1, 1, []),
});

/** A new company's only member: its default admin, with the company-info and course features off (their default). */
const defaultAdmin = makeEnterpriseUser({ roleName: 'Admin', permissions: [], isDefaultAdmin: true });

describe('the unauthorized page names the real reason (spec §2, §3 feature flags)', () => {
  it('the default admin opening Company Info while the feature is off is told it is switched off, not about the role', async () => {
    const app = renderApp({
      path: '/enterprise/company-info',
      enterprise: verifiedSession(fakeToken(86400)),
      routes: signedInAs(defaultAdmin),
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Company Info is not switched on' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/not switched on for your organisation/)).toBeInTheDocument();
    expect(screen.queryByText(/Your role does not include/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Contact support' })).toHaveAttribute('href', '/enterprise/help');
    expect(screen.getByRole('link', { name: 'Back to dashboard' })).toHaveAttribute(
      'href',
      '/enterprise/dashboard',
    );
    expect(app.location()).toBe('/enterprise/unauthorized?feature=enableCompanyInfoFeature');
  });

  it('the default admin opening Courses while the marketplace is off is told the feature is off', async () => {
    const app = renderApp({
      path: '/enterprise/courses',
      enterprise: verifiedSession(fakeToken(86400)),
      routes: signedInAs(defaultAdmin),
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Courses (MarketPlace) is not switched on' }),
    ).toBeInTheDocument();
    expect(app.location()).toBe('/enterprise/unauthorized?feature=enableCourseFeature');
  });

  it('a role not named admin keeps the role message, even with the feature on', async () => {
    const app = renderApp({
      path: '/enterprise/company-info',
      enterprise: verifiedSession(fakeToken(86400)),
      routes: signedInAs(
        makeEnterpriseUser({ roleName: 'Staff', enterprise: { enableCompanyInfoFeature: true } }),
      ),
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: "You don't have access to this page" }),
    ).toBeInTheDocument();
    expect(screen.getByText(/Your role does not include/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Contact support' })).not.toBeInTheDocument();
    expect(app.location()).toBe('/enterprise/unauthorized');
  });

  it('an unknown feature in the address falls back to the role message', async () => {
    renderApp({
      path: '/enterprise/unauthorized?feature=nonsense',
      enterprise: verifiedSession(fakeToken(86400)),
      routes: signedInAs(defaultAdmin),
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: "You don't have access to this page" }),
    ).toBeInTheDocument();
  });
});
