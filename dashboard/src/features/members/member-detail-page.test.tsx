import type { MemberDetail } from '@coach/shared/contract/members';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeToken, groupsPage, makeEnterpriseUser, ok } from '../../testing/fake-server.ts';
import { renderApp, verifiedSession } from '../../testing/render-app.tsx';

vi.mock('../../ui/trend-chart.tsx', () => ({ default: () => null }));

const base: MemberDetail = {
  _id: 'm1',
  name: 'Ivy Invited',
  email: 'ivy@acme.example',
  role: { _id: 'r1', name: 'Learner' },
  groups: [],
  status: 'Active',
  lastActiveAt: null,
  isDefaultAdmin: false,
  invitePending: true,
  mobile: null,
  avatarUrl: null,
  createdAt: '2026-12-06T09:00:00.000Z',
  joinedAt: null,
  invitedAt: '2026-12-06T09:00:00.000Z',
  activity: [],
  tasks: { assigned: 0, inProgress: 0, completed: 0, overdue: 0, pendingReview: 0 },
  videos: { assigned: 0, watched: 0 },
};

const openMember = (member: MemberDetail) =>
  renderApp({
    path: '/enterprise/member/detail/m1',
    enterprise: verifiedSession(fakeToken(86400)),
    routes: {
      'GET /api/v1/enterprise/general/auth/me': () => ok(makeEnterpriseUser({ permissions: ['members'] })),
      'POST /api/v1/enterprise/general/user-groups': () => groupsPage(1, 1, []),
      'GET /api/v1/enterprise/members/get-member-by-id': () => ok(member),
      'GET /api/v1/enterprise/members/get-member-speech-trend': () => ok({ days: 90, points: [] }),
    },
  });

const profile = async () =>
  (await screen.findByRole('heading', { name: 'Profile' })).closest('section') as HTMLElement;

describe("a member's page says invited until they join", () => {
  it('a manager opening an invitee who has not accepted reads "Invited" with the date, never "Joined"', async () => {
    openMember(base);
    const card = await profile();
    expect(within(card).getByText('Invited')).toBeInTheDocument();
    expect(within(card).getByText('Dec 6, 2026')).toBeInTheDocument();
    expect(within(card).queryByText('Joined')).not.toBeInTheDocument();
  });

  it('a manager opening a member who accepted reads the day they joined, not the day they were invited', async () => {
    openMember({
      ...base,
      name: 'Ada Accepted',
      invitePending: false,
      joinedAt: '2026-12-09T10:00:00.000Z',
    });
    const card = await profile();
    expect(within(card).getByText('Joined')).toBeInTheDocument();
    expect(within(card).getByText('Dec 9, 2026')).toBeInTheDocument();
    expect(within(card).queryByText('Invited')).not.toBeInTheDocument();
  });

  it('a manager sends an invitee the invitation again from their page', async () => {
    const view = openMember(base);
    view.server.routes['POST /api/v1/enterprise/members/resend-invite'] = () => ok({ _id: 'm1' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Resend invitation' }));
    expect(await screen.findByText('Invitation sent again to ivy@acme.example')).toBeInTheDocument();
    expect(view.server.calls.find((call) => call.route.endsWith('resend-invite'))?.body).toEqual({
      memberId: 'm1',
    });
  });
});
