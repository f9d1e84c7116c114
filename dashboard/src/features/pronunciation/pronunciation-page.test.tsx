import {
  DEFAULT_PRONUNCIATION_SETTINGS,
  type GroupPronunciation,
  pronunciationConfig,
} from '@coach/shared/contract/pronunciation';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeToken, makeEnterpriseUser, ok } from '../../testing/fake-server.ts';
import { renderApp, verifiedSession } from '../../testing/render-app.tsx';

const route = ({ method, path }: { method: string; path: string }) => `${method} ${path}`;

const group = (groupId: string, groupName: string, counts: { memberCount: number; invitedCount: number }) =>
  ({
    groupId,
    groupName,
    ...counts,
    ...DEFAULT_PRONUNCIATION_SETTINGS,
    isDefault: true,
  }) satisfies GroupPronunciation;

describe('pronunciation settings of groups with invitees', () => {
  it('an enterprise admin sees each group count its members who joined, and its invitees apart', async () => {
    renderApp({
      path: '/enterprise/config/pronunciation',
      enterprise: verifiedSession(fakeToken(86400)),
      routes: {
        'GET /api/v1/enterprise/general/auth/me': () => ok(makeEnterpriseUser({ permissions: ['groups'] })),
        'POST /api/v1/enterprise/general/user-groups': () =>
          ok({ currentPage: 1, totalPages: 1, listdata: [] }),
        [route(pronunciationConfig.list)]: () =>
          ok({
            currentPage: 1,
            totalPages: 1,
            listdata: [
              group('g1', 'Night Shift', { memberCount: 1, invitedCount: 1 }),
              group('g2', 'Sydney Office', { memberCount: 4, invitedCount: 0 }),
            ],
          }),
      },
    });
    const nightRow = (await screen.findByText('Night Shift')).closest('tr');
    if (!nightRow) throw new Error('the Night Shift group has no row');
    const members = screen.getByText('1 invited, not joined yet').closest('td');
    expect(nightRow).toContainElement(members);
    expect(members).toHaveTextContent(/^1\s*1 invited, not joined yet$/);
    const sydneyRow = screen.getByText('Sydney Office').closest('tr');
    if (!sydneyRow) throw new Error('the Sydney Office group has no row');
    expect(sydneyRow).not.toHaveTextContent('invited');
  });
});
