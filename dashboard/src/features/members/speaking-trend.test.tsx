import type { MemberDetail, SpeechTrendPoint } from '@coach/shared/contract/members';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import {
  type FakeHandler,
  fail,
  fakeToken,
  groupsPage,
  makeEnterpriseUser,
  ok,
} from '../../testing/fake-server.ts';
import { renderApp, verifiedSession } from '../../testing/render-app.tsx';

// uPlot draws on a canvas jsdom has not got: the charts are pictures (aria-hidden) and are replaced by a stub
// that shows what they were given.
vi.mock('../../ui/trend-chart.tsx', () => ({
  default: ({ label, values }: { label: string; values: (number | null)[] }) => (
    <div data-testid="trend-chart">{`${label}: ${values.join(',')}`}</div>
  ),
}));

const TREND = 'GET /api/v1/enterprise/members/get-member-speech-trend';

const member: MemberDetail = {
  _id: 'm1',
  name: 'Lena Learner',
  email: 'learner@acme.example',
  role: { _id: 'r1', name: 'Learner' },
  groups: [],
  status: 'Active',
  lastActiveAt: null,
  isDefaultAdmin: false,
  invitePending: false,
  mobile: null,
  avatarUrl: null,
  createdAt: '2026-01-05T09:00:00.000Z',
  joinedAt: '2026-01-05T09:00:00.000Z',
  invitedAt: null,
  activity: [],
  tasks: { assigned: 3, inProgress: 1, completed: 2, overdue: 0, pendingReview: 1 },
  videos: { assigned: 0, watched: 0 },
};

const points: SpeechTrendPoint[] = [
  { date: '2026-03-02', recordings: 1, wordsPerMinute: 92, fillersPer100Words: 6.3, pronunciation: null },
  { date: '2026-03-05', recordings: 2, wordsPerMinute: 116, fillersPer100Words: 2.5, pronunciation: 76 },
  { date: '2026-03-09', recordings: 3, wordsPerMinute: 172, fillersPer100Words: 0.5, pronunciation: 88 },
];

const openMember = (trend: FakeHandler) =>
  renderApp({
    path: '/enterprise/member/detail/m1',
    enterprise: verifiedSession(fakeToken(86400)),
    routes: {
      'GET /api/v1/enterprise/general/auth/me': () => ok(makeEnterpriseUser({ permissions: ['members'] })),
      'POST /api/v1/enterprise/general/user-groups': () => groupsPage(1, 1, ['Sales']),
      'GET /api/v1/enterprise/members/get-member-by-id': () => ok(member),
      [TREND]: trend,
    },
  });

const trendCard = async () =>
  (await screen.findByRole('heading', { name: 'Speaking trend' })).closest('section') as HTMLElement;

describe("the speaking trend on a member's page", () => {
  it('a manager sees pace, fillers and pronunciation per day, with the figures as text', async () => {
    const app = openMember(() => ok({ days: 90, points }));
    const card = await trendCard();
    expect(await within(card).findByText('172 wpm · Too fast')).toBeInTheDocument();
    expect(within(card).getByText('0.5 per 100 words')).toBeInTheDocument();
    expect(within(card).getByText('88 / 100')).toBeInTheDocument();
    expect(
      within(card).getByText(
        '6 recordings heard on 3 days in the last 90 days. Latest (Mar 9, 2026): 172 words per minute, 0.5 fillers per 100 words, pronunciation 88 out of 100.',
      ),
    ).toBeInTheDocument();
    // Three charts, each given its own measure; a day with no read-aloud is a gap, not a zero.
    const charts = await within(card).findAllByTestId('trend-chart');
    expect(charts.map((chart) => chart.textContent)).toEqual([
      'Pace: 92,116,172',
      'Fillers: 6.3,2.5,0.5',
      'Pronunciation: ,76,88',
    ]);
    // The same figures in a table for screen readers.
    const table = within(card).getByRole('table', { name: 'Speaking trend per day' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(4);
    expect(within(rows[1] as HTMLElement).getByText('No read-aloud')).toBeInTheDocument();
    expect(app.server.calls.find((call) => call.route === TREND)?.body).toEqual({ memberId: 'm1' });
  });

  it('a day of one-word items has no pace: the summary takes the latest day that has one', async () => {
    const items: SpeechTrendPoint = {
      date: '2026-03-10',
      recordings: 5,
      wordsPerMinute: null,
      fillersPer100Words: null,
      pronunciation: 94,
    };
    openMember(() => ok({ days: 90, points: [...points, items] }));
    const card = await trendCard();
    expect(
      await within(card).findByText(
        '11 recordings heard on 4 days in the last 90 days. Latest (Mar 9, 2026): 172 words per minute, 0.5 fillers per 100 words, pronunciation 94 out of 100.',
      ),
    ).toBeInTheDocument();
    expect(within(card).getByText('172 wpm · Too fast')).toBeInTheDocument();
    const charts = await within(card).findAllByTestId('trend-chart');
    expect(charts.map((chart) => chart.textContent)).toEqual([
      'Pace: 92,116,172,',
      'Fillers: 6.3,2.5,0.5,',
      'Pronunciation: ,76,88,94',
    ]);
    const rows = within(within(card).getByRole('table', { name: 'Speaking trend per day' })).getAllByRole(
      'row',
    );
    expect(within(rows[4] as HTMLElement).getAllByText('—')).toHaveLength(2);
  });

  it('only one-word items heard: the summary gives the pronunciation alone', async () => {
    openMember(() =>
      ok({
        days: 90,
        points: [
          {
            date: '2026-03-10',
            recordings: 2,
            wordsPerMinute: null,
            fillersPer100Words: null,
            pronunciation: 81,
          },
        ],
      }),
    );
    const card = await trendCard();
    expect(
      await within(card).findByText(
        '2 recordings heard on 1 day in the last 90 days. Latest pronunciation: 81 out of 100.',
      ),
    ).toBeInTheDocument();
  });

  it('a member with no recordings heard shows that instead of empty charts', async () => {
    openMember(() => ok({ days: 90, points: [] }));
    const card = await trendCard();
    expect(await within(card).findByText('No recordings heard yet')).toBeInTheDocument();
    expect(within(card).queryByTestId('trend-chart')).not.toBeInTheDocument();
  });

  it('a failed load says so and tries again on request', async () => {
    let calls = 0;
    openMember(() => (++calls === 1 ? fail(500, 'The database is resting') : ok({ days: 90, points })));
    const card = await trendCard();
    expect(await within(card).findByRole('alert')).toHaveTextContent(
      'The speaking trend could not be loaded',
    );
    // The rest of the page stays usable.
    expect(screen.getByRole('heading', { name: 'Lena Learner' })).toBeInTheDocument();
    await userEvent.setup().click(within(card).getByRole('button', { name: 'Try again' }));
    expect(await within(card).findByText('172 wpm · Too fast')).toBeInTheDocument();
  });
});
