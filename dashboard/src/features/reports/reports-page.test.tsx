import type { EnterpriseReport, MemberReportRow } from '@coach/shared/contract/reports';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { applyLanguage } from '../../i18n/index.ts';
import { isoDaysAgo } from '../../lib/date-range.ts';
import { selectedGroupAtom } from '../../lib/ui-state.ts';
import {
  type FakeHandler,
  fail,
  fakeToken,
  groupsPage,
  makeEnterpriseUser,
  ok,
} from '../../testing/fake-server.ts';
import { renderApp, verifiedSession } from '../../testing/render-app.tsx';

// uPlot draws on a canvas jsdom has not got: the chart is a picture (its figures are in a table) and is stubbed.
vi.mock('../../ui/activity-chart.tsx', () => ({
  default: ({ series }: { series: { label: string; values: number[] }[] }) => (
    <div data-testid="activity-chart">
      {series.map((s) => `${s.label}: ${s.values.join(',')}`).join(' | ')}
    </div>
  ),
}));

const OVERVIEW = 'GET /api/v1/enterprise/reports/get-enterprise-report';
const MEMBERS = 'GET /api/v1/enterprise/reports/get-member-report';
const EXPORT = 'POST /api/v1/enterprise/reports/export-report';

const report = (over: Partial<EnterpriseReport> = {}): EnterpriseReport => ({
  from: '2026-03-01',
  to: '2026-03-02',
  members: 1500,
  activeMembers: 1234,
  tasksAssigned: 12,
  tasksCompleted: 9,
  tasksOverdue: 2,
  videosWatched: 999,
  speech: { recordings: 4, pronunciation: 81, wordsPerMinute: 132, fillersPer100Words: 2.5 },
  tasksByType: [
    { type: 2, assigned: 5, completed: 4, overdue: 1 },
    { type: 8, assigned: 7, completed: 5, overdue: 1 },
  ],
  scoresByType: [
    {
      type: 2,
      scoredAttempts: 4,
      averageScore: 77,
      recordings: 4,
      pronunciation: 81,
      wordsPerMinute: 132,
      fillersPer100Words: 2.5,
    },
    {
      type: 8,
      scoredAttempts: 0,
      averageScore: null,
      recordings: 0,
      pronunciation: null,
      wordsPerMinute: null,
      fillersPer100Words: null,
    },
  ],
  surveys: [
    { _id: 's1', title: 'March pulse', status: 'Active', assigned: 4, responded: 3, rate: 75 },
    { _id: 's2', title: 'Nobody has it', status: 'Closed', assigned: 0, responded: 0, rate: null },
  ],
  days: [
    { day: '2026-03-01', activeMembers: 3, tasksCompleted: 1, videosWatched: 0 },
    { day: '2026-03-02', activeMembers: 5, tasksCompleted: 2, videosWatched: 4 },
  ],
  ...over,
});

const member = (n: number): MemberReportRow => ({
  _id: `m${n}`,
  name: `Member ${n}`,
  email: `member${n}@acme.example`,
  activeDays: n,
  tasksAssigned: 3,
  tasksCompleted: 2,
  tasksOverdue: 1,
  videosWatched: 2500,
  lastActiveDay: '2026-03-02',
});

const openReports = (routes: Record<string, FakeHandler> = {}) =>
  renderApp({
    path: '/enterprise/reports',
    enterprise: verifiedSession(fakeToken(86400)),
    routes: {
      'GET /api/v1/enterprise/general/auth/me': () => ok(makeEnterpriseUser({ permissions: ['reports'] })),
      'POST /api/v1/enterprise/general/user-groups': () => groupsPage(1, 1, ['Sales']),
      [OVERVIEW]: () => ok(report()),
      [MEMBERS]: (query) =>
        ok({
          currentPage: Number(query.currentPage ?? 1),
          totalPages: 1,
          totalCount: 2,
          listdata: [member(1), member(2)],
        }),
      ...routes,
    },
  });

afterEach(() => {
  vi.restoreAllMocks();
});

describe('enterprise reports', () => {
  it('shows the figures short over 999, the tables, and the members linking to their page', {
    timeout: 15_000,
  }, async () => {
    const app = openReports();
    const figures = await screen.findByLabelText('Key figures', {}, { timeout: 4000 });
    expect(within(figures).getByText('1.2k')).toHaveAttribute('title', '1,234');
    expect(within(figures).getByText('999')).toBeInTheDocument();
    expect(within(figures).getByText('of 1,500 members')).toBeInTheDocument();
    // Invitees' tasks wait for them: the figure says whose it counts (a task's own page counts everyone).
    expect(within(figures).getByText('To members who have joined')).toBeInTheDocument();
    expect(await screen.findByTestId('activity-chart')).toHaveTextContent('Active members: 3,5');
    // Named as on the platform admin's usage report and in the CSV exports.
    expect(within(figures).getByText('Videos watched')).toBeInTheDocument();
    expect(screen.getByTestId('activity-chart')).toHaveTextContent('Videos watched: 0,4');

    const cells = (table: string, type: string) =>
      within(
        within(screen.getByRole('table', { name: table }))
          .getByRole('rowheader', { name: type })
          .closest('tr') as HTMLElement,
      )
        .getAllByRole('cell')
        .map((cell) => cell.textContent);
    expect(cells('Tasks by type', 'Multiple Choice Question')).toEqual(['7', '5', '1']);
    expect(cells('Scores by task type', 'Pronunciation')).toEqual(['77 (4)', '4', '81', '132', '2.5']);
    expect(cells('Scores by task type', 'Multiple Choice Question')).toEqual(['—', '0', '—', '—', '—']);
    expect(cells('Survey response rates', 'March pulse')).toEqual(['Active', '4', '3', '75%']);
    expect(cells('Survey response rates', 'Nobody has it')).toEqual(['Closed', '0', '0', '—']);

    const link = await screen.findByRole('link', { name: 'Member 2' });
    expect(link).toHaveAttribute('href', '/enterprise/member/detail/m2');
    expect(screen.getAllByText('2.5k')[0]).toHaveAttribute('title', '2,500');
    // The last 30 days at first, no group.
    const first = app.server.calls.find((call) => call.route === OVERVIEW);
    expect(first?.body).toEqual({ startDate: isoDaysAgo(29), endDate: isoDaysAgo(0) });
  });

  it('writes a count in full-width brackets without a space before them in Chinese', async () => {
    await applyLanguage('zh-Hans');
    try {
      openReports();
      const table = await screen.findByRole('table', { name: '按任务类型统计的分数' }, { timeout: 4000 });
      const row = within(table).getByRole('rowheader', { name: '发音' }).closest('tr') as HTMLElement;
      expect(within(row).getAllByRole('cell')[0]?.textContent).toBe('77（4）');
    } finally {
      await applyLanguage('en');
    }
  });

  it('asks again for a preset, a custom range and the top-bar group; a reversed range asks nothing', async () => {
    const app = openReports();
    const user = userEvent.setup();
    await screen.findByTestId('activity-chart');
    const overviewCalls = () => app.server.calls.filter((call) => call.route === OVERVIEW).map((c) => c.body);

    await user.click(screen.getByRole('radio', { name: 'Last 7 days' }));
    await waitFor(() =>
      expect(overviewCalls().at(-1)).toEqual({ startDate: isoDaysAgo(6), endDate: isoDaysAgo(0) }),
    );

    act(() => app.store.set(selectedGroupAtom, { _id: 'g-Sales', name: 'Sales' }));
    await waitFor(() =>
      expect(overviewCalls().at(-1)).toMatchObject({ groupId: 'g-Sales', startDate: isoDaysAgo(6) }),
    );
    expect(screen.getByText(/members of Sales/)).toBeInTheDocument();
    await waitFor(() =>
      expect(app.server.calls.filter((call) => call.route === MEMBERS).at(-1)?.body).toMatchObject({
        groupId: 'g-Sales',
      }),
    );

    await user.click(screen.getByRole('radio', { name: 'Custom' }));
    const from = screen.getByLabelText('From');
    fireEvent.change(from, { target: { value: '2026-02-01' } });
    await waitFor(() =>
      expect(overviewCalls().at(-1)).toEqual({
        groupId: 'g-Sales',
        startDate: '2026-02-01',
        endDate: isoDaysAgo(0),
      }),
    );
    fireEvent.change(from, { target: { value: '2999-01-01' } });
    expect(await screen.findAllByText('The start date must not be after the end date')).not.toHaveLength(0);
    expect(overviewCalls().some((body) => body.startDate === '2999-01-01')).toBe(false);
    expect(
      app.server.calls
        .filter((call) => call.route === MEMBERS)
        .some((c) => c.body.startDate === '2999-01-01'),
    ).toBe(false);
  });

  it('an admin who sets From after To sees only the message; the last good report stays', async () => {
    const app = openReports();
    const user = userEvent.setup();
    await screen.findByRole('link', { name: 'Member 1' });
    const overviewCalls = () => app.server.calls.filter((call) => call.route === OVERVIEW).length;

    await user.click(screen.getByRole('radio', { name: 'Custom' }));
    const asked = overviewCalls();
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2999-01-01' } });

    const message = await screen.findByText('The start date must not be after the end date');
    for (const field of [screen.getByLabelText('From'), screen.getByLabelText('To')]) {
      expect(field).toHaveAttribute('aria-invalid', 'true');
      expect(field).toHaveAccessibleDescription('The start date must not be after the end date');
    }
    expect(message).toBeVisible();
    // The rows left on screen are said to be the period before.
    expect(
      screen.getByText('Until the dates are put right, the report below shows the period before.'),
    ).toBeVisible();
    expect(screen.queryByText('The report could not be loaded')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    expect(screen.getByTestId('activity-chart')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Member 1' })).toBeInTheDocument();
    expect(overviewCalls()).toBe(asked);

    // Put right, the report is asked for the new period.
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-02-01' } });
    await waitFor(() =>
      expect(app.server.calls.filter((call) => call.route === OVERVIEW).at(-1)?.body).toEqual({
        startDate: '2026-02-01',
        endDate: isoDaysAgo(0),
      }),
    );
    expect(screen.queryByText('The start date must not be after the end date')).not.toBeInTheDocument();
  });

  it('an admin choosing more than a year is told so under the dates, and nothing is asked', async () => {
    const app = openReports();
    const user = userEvent.setup();
    await screen.findByRole('link', { name: 'Member 1' });
    await user.click(screen.getByRole('radio', { name: 'Custom' }));
    const asked = app.server.calls.length;
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2024-01-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-12-06' } });

    expect(await screen.findByText('Choose a period of one year or less')).toBeVisible();
    for (const field of [screen.getByLabelText('From'), screen.getByLabelText('To')]) {
      expect(field).toHaveAttribute('aria-invalid', 'true');
      expect(field).toHaveAccessibleDescription('Choose a period of one year or less');
    }
    // The last good report stays; neither panel asks for (nor fails on) the long period.
    expect(app.server.calls.slice(asked).some((call) => call.body.startDate === '2024-01-01')).toBe(false);
    expect(screen.queryByText('The report could not be loaded')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Member 1' })).toBeInTheDocument();
  });

  it("shows the server's reason for a refused report without the field's name", async () => {
    openReports({
      [OVERVIEW]: () => fail(422, 'startDate: A report covers at most 366 days', { field: 'startDate' }),
      [MEMBERS]: () => fail(422, 'startDate: A report covers at most 366 days', { field: 'startDate' }),
    });
    expect(await screen.findByText('The report could not be loaded')).toBeInTheDocument();
    expect(await screen.findAllByText('A report covers at most 366 days')).toHaveLength(2);
    expect(screen.queryByText(/startDate/)).not.toBeInTheDocument();
  });

  it('an admin choosing a period still to come is told there is nothing to show yet', async () => {
    const app = openReports();
    const user = userEvent.setup();
    await screen.findByRole('link', { name: 'Member 1' });
    await user.click(screen.getByRole('radio', { name: 'Custom' }));
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2999-01-31' } });
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2999-01-01' } });

    expect(await screen.findByText('Nothing to show yet')).toBeInTheDocument();
    expect(
      screen.getByText('This period starts on Jan 1, 2999: its figures appear once it begins.'),
    ).toBeVisible();
    expect(screen.queryByLabelText('Key figures')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Member 1' })).not.toBeInTheDocument();
    expect(app.server.calls.some((call) => call.body.startDate === '2999-01-01')).toBe(false);
  });

  it('sorts and searches the members, and exports the table as shown', async () => {
    const app = openReports({
      [EXPORT]: (body) =>
        ok(
          { filename: `report-${String(body.table)}.csv`, csv: 'Member\r\n', rows: 2, truncated: false },
          '2 rows exported',
        ),
    });
    const created = vi.fn(() => 'blob:report');
    Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() });
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const user = userEvent.setup();
    await screen.findByRole('link', { name: 'Member 1' });
    const memberCalls = () => app.server.calls.filter((call) => call.route === MEMBERS).map((c) => c.body);

    await user.click(screen.getByRole('button', { name: /Completed/ }));
    await waitFor(() =>
      expect(memberCalls().at(-1)).toMatchObject({ sortBy: 'tasksCompleted', sortOrder: 'asc' }),
    );
    await user.click(screen.getByRole('button', { name: /Completed/ }));
    await waitFor(() =>
      expect(memberCalls().at(-1)).toMatchObject({ sortBy: 'tasksCompleted', sortOrder: 'desc' }),
    );
    await user.type(screen.getByRole('searchbox', { name: 'Search members' }), 'ann');
    await waitFor(() => expect(memberCalls().at(-1)).toMatchObject({ searchInput: 'ann' }), {
      timeout: 2000,
    });

    await user.click(screen.getByRole('button', { name: 'Export CSV of members' }));
    await waitFor(() => expect(clicked).toHaveBeenCalled());
    expect(app.server.calls.find((call) => call.route === EXPORT)?.body).toMatchObject({
      table: 'members',
      searchInput: 'ann',
      sortBy: 'tasksCompleted',
      sortOrder: 'desc',
      startDate: isoDaysAgo(29),
      // The file's headers in the language of the screen.
      language: 'en',
    });
    expect(await screen.findByText('2 rows exported')).toBeInTheDocument();
  });

  it('says when the report cannot be loaded, and tries again', async () => {
    let failing = true;
    openReports({ [OVERVIEW]: () => (failing ? fail(500, 'The database is resting') : ok(report())) });
    expect(await screen.findByText('The report could not be loaded')).toBeInTheDocument();
    expect(screen.getByText('The database is resting')).toBeInTheDocument();
    failing = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('activity-chart')).toBeInTheDocument();
  });

  it('says when the period had no activity instead of drawing an empty chart', async () => {
    openReports({
      [OVERVIEW]: () =>
        ok(
          report({
            surveys: [],
            days: [{ day: '2026-03-01', activeMembers: 0, tasksCompleted: 0, videosWatched: 0 }],
          }),
        ),
    });
    expect(await screen.findByText('No activity in this period')).toBeInTheDocument();
    expect(screen.queryByTestId('activity-chart')).not.toBeInTheDocument();
    expect(screen.getByText('No survey was open in this period')).toBeInTheDocument();
  });
});
