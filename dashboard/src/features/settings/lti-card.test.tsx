import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fail, fakeToken, groupsPage, makeEnterpriseUser, ok } from '../../testing/fake-server.ts';
import { renderApp, verifiedSession } from '../../testing/render-app.tsx';

const G = '/api/v1/enterprise/general/lti-settings';
const SYNC = `POST ${G}/sync-class`;
const TOOL = {
  loginUrl: 'https://coach.example/lti/login',
  launchUrl: 'https://coach.example/lti/launch',
  keysetUrl: 'https://coach.example/lti/jwks',
  deepLinkingUrl: 'https://coach.example/lti/launch',
};
const PLATFORM = {
  _id: 'p1',
  name: 'Acme Moodle',
  issuer: 'https://moodle.acme.example',
  clientId: 'coach-tool-1',
  deploymentIds: ['dep-1'],
  keysetUrl: 'https://moodle.acme.example/mod/lti/certs.php',
  authUrl: 'https://moodle.acme.example/mod/lti/auth.php',
  tokenUrl: 'https://moodle.acme.example/mod/lti/token.php',
  updatedAt: '2026-12-01T10:00:00.000Z',
};
const course = (over: Record<string, unknown> = {}) => ({
  platformId: 'p1',
  contextId: 'c1',
  title: 'English B1',
  canSync: true,
  groupId: null,
  groupName: null,
  syncedAt: null,
  ...over,
});

describe('Settings: LMS (LTI 1.3) courses', () => {
  it('the owner syncs a course’s class into its group; a course whose LMS shares no roster says so', async () => {
    let synced = false;
    let refuse = true;
    const app = renderApp({
      path: '/enterprise/settings',
      enterprise: verifiedSession(fakeToken(86400)),
      routes: {
        'GET /api/v1/enterprise/general/auth/me': () =>
          ok(makeEnterpriseUser({ roleName: 'admin', isDefaultAdmin: true })),
        'POST /api/v1/enterprise/general/user-groups': () => groupsPage(1, 1, []),
        [`GET ${G}`]: () =>
          ok({
            tool: TOOL,
            platforms: [PLATFORM],
            courses: [
              synced
                ? course({ groupId: 'g1', groupName: 'English B1', syncedAt: '2026-12-02T10:00:00.000Z' })
                : course(),
              course({ contextId: 'c2', title: 'Business French', canSync: false }),
            ],
          }),
        [SYNC]: () => {
          if (refuse)
            return fail(
              409,
              'The LMS refused the roster (HTTP 403): check that the tool may read its members',
            );
          synced = true;
          return ok({
            groupId: 'g1',
            groupName: 'English B1',
            members: 12,
            added: 12,
            removed: 0,
            created: 3,
            skipped: 1,
            syncedAt: '2026-12-02T10:00:00.000Z',
          });
        },
      },
    });
    const card = await screen.findByRole('region', { name: 'LMS (LTI 1.3)' });
    const courses = await within(card).findByRole('table', { name: 'Courses' });
    expect(within(courses).getAllByText('Not synced yet')).toHaveLength(2);
    expect(within(courses).getByText("The LMS does not share this course's members.")).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(within(courses).getByRole('button', { name: 'Sync the class of English B1' }));
    expect(
      await screen.findByText(
        'The LMS refused the roster (HTTP 403): check that the tool may read its members',
      ),
    ).toBeInTheDocument();
    refuse = false;
    await user.click(within(courses).getByRole('button', { name: 'Sync the class of English B1' }));
    expect(await screen.findByText('Class synced: 12 members in English B1')).toBeInTheDocument();
    expect(app.server.calls.filter((call) => call.route === SYNC).at(-1)?.body).toEqual({
      platformId: 'p1',
      contextId: 'c1',
    });
    expect(
      await within(courses).findByText('English B1', { selector: 'td[data-label="Group"]' }),
    ).toBeInTheDocument();
    expect(within(courses).queryByRole('button', { name: 'Sync the class of Business French' })).toBeNull();
  });
});
