import { type FakeHandler, fakeToken, groupsPage, makeEnterpriseUser, ok } from './fake-server.ts';
import { renderApp, verifiedSession } from './render-app.tsx';

/** The enterprise member's auth calls, which the profile page's cards read. */
export const PROFILE_API = '/api/v1/enterprise/general/auth';

/**
 * The enterprise profile page over a fake server that answers each card's read as a new account has it (no
 * authenticator app, no passkeys, no other sessions); `routes` replace or add any of them.
 */
export const renderProfile = (routes: Record<string, FakeHandler> = {}) =>
  renderApp({
    path: '/enterprise/profile',
    enterprise: verifiedSession(fakeToken(86400)),
    routes: {
      [`GET ${PROFILE_API}/me`]: () => ok(makeEnterpriseUser()),
      'POST /api/v1/enterprise/general/user-groups': () => groupsPage(1, 1, []),
      [`GET ${PROFILE_API}/factors`]: () =>
        ok({ authenticatorApp: { enabled: false, since: null }, recoveryCodesLeft: 0, passkeys: 0 }),
      [`GET ${PROFILE_API}/passkeys`]: () => ok({ passkeys: [] }),
      [`GET ${PROFILE_API}/sessions`]: () => ok({ currentPage: 1, totalPages: 0, listdata: [] }),
      ...routes,
    },
  });
