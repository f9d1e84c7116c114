import type { EnterpriseUser } from '@coach/shared/contract/auth';
import { groups } from '@coach/shared/contract/groups';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../lib/api.ts';
import { enterpriseUserAtom } from '../lib/session.ts';
import { fail, fakeToken, groupsPage, makeEnterpriseUser, ok } from '../testing/fake-server.ts';
import { renderApp, verifiedSession } from '../testing/render-app.tsx';
import { PROFILE_RECHECK_MS } from './session-effects.ts';

const ME = 'GET /api/v1/enterprise/general/auth/me';

const LEARNER = makeEnterpriseUser({ name: 'Anna Learner', roleName: 'Learner', permissions: ['dashboard'] });
const TEAM_LEAD = makeEnterpriseUser({
  name: 'Anna Learner',
  roleName: 'Team Lead',
  permissions: ['dashboard', 'members', 'groups'],
});

/** Opens the app as a member whose profile the server answers from `profile.now` (an admin may change it). */
const openAs = async (first: EnterpriseUser, path = '/enterprise/dashboard') => {
  const profile = { now: first };
  const app = renderApp({
    path,
    enterprise: verifiedSession(fakeToken(86400)),
    routes: {
      [ME]: () => ok(profile.now),
      'POST /api/v1/enterprise/general/user-groups': () => groupsPage(1, 1, []),
    },
  });
  const menu = await screen.findByRole('navigation', { name: 'Main menu' });
  return { app, menu, profile, meCalls: () => app.server.calls.filter((call) => call.route === ME).length };
};

/** Moves the clock the profile's age is read from. */
const later = (ms: number) => {
  const now = Date.now() + ms;
  vi.spyOn(Date, 'now').mockReturnValue(now);
};

afterEach(() => {
  vi.restoreAllMocks();
});

describe("the shell follows a role change on the holder's next click", () => {
  it('a learner made Team Lead sees the new menu items and role label after their next navigation', async () => {
    const { app, menu, profile, meCalls } = await openAs(LEARNER);
    expect(within(menu).queryByRole('link', { name: 'Members' })).not.toBeInTheDocument();
    expect(meCalls()).toBe(1);

    profile.now = TEAM_LEAD;
    later(PROFILE_RECHECK_MS + 1000);
    await userEvent.setup().click(within(menu).getByRole('link', { name: 'My Tasks' }));

    expect(await within(menu).findByRole('link', { name: 'Members' })).toBeInTheDocument();
    expect(within(menu).getByRole('link', { name: 'Groups' })).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: /^Account menu for Anna Learner, Team Lead/ }),
    ).toBeInTheDocument();
    expect(app.store.get(enterpriseUserAtom)?.roleId.name).toBe('Team Lead');
  });

  it('a burst of clicks reads the profile at most once per window', async () => {
    const { app, meCalls } = await openAs(LEARNER);
    await act(() => app.router.navigate('/enterprise/my-tasks'));
    await act(() => app.router.navigate('/enterprise/dashboard'));
    expect(meCalls()).toBe(1);

    later(PROFILE_RECHECK_MS + 1000);
    await act(() => app.router.navigate('/enterprise/my-tasks'));
    await waitFor(() => expect(meCalls()).toBe(2));
    await act(() => app.router.navigate('/enterprise/dashboard'));
    await act(() => app.router.navigate('/enterprise/my-tasks'));
    expect(meCalls()).toBe(2);
  });

  it('a Team Lead whose members section is taken away loses the menu item and the page on their next navigation', async () => {
    const { app, menu, profile } = await openAs(TEAM_LEAD);
    profile.now = LEARNER;
    later(PROFILE_RECHECK_MS + 1000);
    await userEvent.setup().click(within(menu).getByRole('link', { name: 'Members' }));

    await waitFor(() => expect(app.location()).toBe('/enterprise/unauthorized'));
    expect(within(menu).queryByRole('link', { name: 'Members' })).not.toBeInTheDocument();
  });

  it('a call the server refuses (403) reads the profile again at once, without waiting for the window', async () => {
    const { app, menu, profile, meCalls } = await openAs(TEAM_LEAD);
    app.server.routes[`GET ${groups.list.path}`] = () => fail(403, 'You do not have permission for this');
    profile.now = LEARNER;

    await expect(api.call(groups.list, {})).rejects.toMatchObject({ status: 403 });
    await waitFor(() => expect(meCalls()).toBe(2));
    await waitFor(() =>
      expect(within(menu).queryByRole('link', { name: 'Members' })).not.toBeInTheDocument(),
    );
  });

  it('a refusal of the profile itself is not asked again round and round', async () => {
    const { app, meCalls } = await openAs(TEAM_LEAD);
    app.server.routes[`GET ${groups.list.path}`] = () => fail(403, 'You do not have permission for this');
    app.server.routes[ME] = () => fail(403, 'You do not have permission for this');

    await expect(api.call(groups.list, {})).rejects.toMatchObject({ status: 403 });
    await waitFor(() => expect(meCalls()).toBe(2));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(meCalls()).toBe(2);
  });
});
