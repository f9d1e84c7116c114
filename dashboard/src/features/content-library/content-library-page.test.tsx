import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeToken, groupsPage, makeEnterpriseUser, ok } from '../../testing/fake-server.ts';
import { renderApp, verifiedSession } from '../../testing/render-app.tsx';

const C = '/api/v1/enterprise/contentlibrary';

describe('an empty content library (spec §7: videos come from the platform)', () => {
  it('tells a new company who adds videos and links to asking for them', async () => {
    renderApp({
      path: '/enterprise/content-library',
      enterprise: verifiedSession(fakeToken(86400)),
      routes: {
        'GET /api/v1/enterprise/general/auth/me': () =>
          ok(makeEnterpriseUser({ roleName: 'Admin', permissions: [], isDefaultAdmin: true })),
        'POST /api/v1/enterprise/general/user-groups': () => groupsPage(1, 1, []),
        [`GET ${C}/get-list-of-video-category`]: () => ok([]),
        [`GET ${C}/get-video-content`]: () => ok({ mode: 'sections', sections: [] }),
      },
    });
    expect(await screen.findByRole('heading', { name: 'No videos yet' })).toBeInTheDocument();
    expect(
      screen.getByText(/Our support team adds videos to the content library; there is no upload here\./),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ask for videos' })).toHaveAttribute('href', '/enterprise/help');
  });
});
