import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { sessionAtoms } from '../../lib/session.ts';
import { fail, fakeToken, groupsPage, makeEnterpriseUser, ok } from '../../testing/fake-server.ts';
import { renderApp } from '../../testing/render-app.tsx';

const E = '/api/v1/enterprise';
const CODE = 'a'.repeat(43);

// /lti/continue finishes an LMS launch the server has checked: the fragment's one-time code becomes the session.
describe('/lti/continue', () => {
  it('trades the code for a session and opens the linked page', async () => {
    const fullToken = fakeToken(86400, 'full');
    const app = renderApp({
      path: `/lti/continue#${CODE}`,
      routes: {
        [`POST ${E}/lti/complete`]: (body) =>
          body.code === CODE
            ? ok({ accesstoken: fullToken, expiresInSeconds: 86400, target: '/enterprise/members' })
            : fail(401, 'This launch has expired or was already used: launch again from your course'),
        [`GET ${E}/general/auth/me`]: () => ok(makeEnterpriseUser({ permissions: [] })),
        [`POST ${E}/general/user-groups`]: () => groupsPage(1, 1, []),
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Members' })).toBeInTheDocument();
    expect(app.store.get(sessionAtoms.enterprise)).toEqual({
      token: fullToken,
      mfaDone: true,
      refreshDone: false,
    });
  });

  it('a spent code signs nobody in and says to launch again from the course', async () => {
    renderApp({
      path: `/lti/continue#${CODE}`,
      routes: {
        [`POST ${E}/lti/complete`]: () =>
          fail(401, 'This launch has expired or was already used: launch again from your course'),
      },
    });
    expect(await screen.findByRole('heading', { name: 'The launch did not finish' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('launch again from your course');
  });

  it('without a code, nothing is asked of the server', async () => {
    const app = renderApp({ path: '/lti/continue', routes: {} });
    expect(await screen.findByRole('alert')).toHaveTextContent('Open the activity again from your LMS');
    expect(app.server.calls.some((c) => c.route.endsWith('lti/complete'))).toBe(false);
  });
});
