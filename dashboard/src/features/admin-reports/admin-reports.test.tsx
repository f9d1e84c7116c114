import { adminGeneral } from '@coach/shared/contract/admin';
import { type AppUserCounts, adminReports, type MemberUsage } from '@coach/shared/contract/admin-reports';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { isoDaysAgo } from '../../lib/date-range.ts';
import { fakeToken, makeAdminUser, ok } from '../../testing/fake-server.ts';
import { renderApp, verifiedSession } from '../../testing/render-app.tsx';

// uPlot draws on a canvas jsdom has not got: the chart is stubbed.
vi.mock('../../ui/activity-chart.tsx', () => ({ default: () => <div data-testid="activity-chart" /> }));

const route = ({ method, path }: { method: string; path: string }) => `${method} ${path}`;
const USAGE = route(adminReports.allMembersUsage);
const COUNTS = route(adminReports.appUserCounts);
const REVERSED = 'The start date must not be after the end date';
const FUTURE = 'Dates after today have no data yet: choose today or an earlier day';
const tomorrow = isoDaysAgo(-1);

const member: MemberUsage = {
  _id: 'm1',
  name: 'Mia Member',
  email: 'mia@acme.example',
  enterpriseId: 'e1',
  enterpriseName: 'Acme Learning',
  tasksCompleted: 3,
  minutesPractised: 20,
  videosWatched: 1,
  lastActiveDay: '2026-01-29',
};

const counts: AppUserCounts = {
  from: '2026-01-01',
  to: '2026-01-30',
  totals: { web: 1, ios: 2, android: 3 },
  days: [],
  enterprises: [
    { enterpriseId: 'e1', enterpriseName: 'Acme Learning', total: 6, web: 1, ios: 2, android: 3 },
  ],
};

const openReport = (path: string) =>
  renderApp({
    path,
    admin: verifiedSession(fakeToken(86400)),
    routes: {
      'GET /api/v1/admin/general/auth/me': () => ok(makeAdminUser()),
      [route(adminGeneral.getEnterpriseList)]: () => ok({ currentPage: 1, totalPages: 1, listdata: [] }),
      [USAGE]: () => ok({ currentPage: 1, totalPages: 1, listdata: [member] }),
      [COUNTS]: () => ok(counts),
    },
  });

describe('admin reports range', () => {
  it('an admin who sets From after To on all members usage sees only the message; the members stay', async () => {
    const app = openReport('/admin/reports/all-members-usage');
    await screen.findByText('Mia Member');
    // A good range first (the last 30 days to 3 days ago), then a From after it.
    fireEvent.change(screen.getByLabelText('To'), { target: { value: isoDaysAgo(3) } });
    await waitFor(() =>
      expect(app.server.calls.filter((call) => call.route === USAGE).at(-1)?.body).toMatchObject({
        endDate: isoDaysAgo(3),
      }),
    );
    const asked = app.server.calls.filter((call) => call.route === USAGE).length;
    fireEvent.change(screen.getByLabelText('From'), { target: { value: isoDaysAgo(0) } });

    expect(await screen.findByText(REVERSED)).toBeVisible();
    expect(screen.getByLabelText('To')).toHaveAccessibleDescription(REVERSED);
    expect(screen.queryByText('Members could not be loaded')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    expect(await screen.findByText('Mia Member')).toBeInTheDocument();
    expect(app.server.calls.filter((call) => call.route === USAGE).length).toBe(asked);
  });

  it('an admin who picks a From after today is told so and nothing is asked', async () => {
    const app = openReport('/admin/reports/all-members-usage');
    await screen.findByText('Mia Member');
    const asked = app.server.calls.filter((call) => call.route === USAGE).length;

    expect(screen.getByLabelText('From')).toHaveAttribute('max', isoDaysAgo(0));
    expect(screen.getByLabelText('To')).toHaveAttribute('max', isoDaysAgo(0));
    fireEvent.change(screen.getByLabelText('To'), { target: { value: tomorrow } });
    fireEvent.change(screen.getByLabelText('From'), { target: { value: tomorrow } });

    await waitFor(() => expect(screen.getAllByText(FUTURE)).toHaveLength(2));
    expect(screen.getByLabelText('From')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Mia Member')).toBeInTheDocument();
    expect(app.server.calls.filter((call) => call.route === USAGE).length).toBe(asked);
  });

  it('an admin who sets From after To on app user counts keeps the counts and is asked nothing', async () => {
    const app = openReport('/admin/reports/app-user-counts');
    await screen.findByText('Acme Learning');
    // The header row is in capitals; iOS keeps its own.
    expect(
      screen.getByRole('columnheader', { name: 'iOS' }).querySelector('.table__as-written'),
    ).toHaveTextContent(/^iOS$/);
    // A good range first (the last 30 days to 3 days ago), then a From after it.
    fireEvent.change(screen.getByLabelText('To'), { target: { value: isoDaysAgo(3) } });
    await waitFor(() =>
      expect(app.server.calls.filter((call) => call.route === COUNTS).at(-1)?.body).toMatchObject({
        endDate: isoDaysAgo(3),
      }),
    );
    const asked = app.server.calls.filter((call) => call.route === COUNTS).length;
    fireEvent.change(screen.getByLabelText('From'), { target: { value: isoDaysAgo(0) } });

    expect(await screen.findByText(REVERSED)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    expect(await screen.findByText('Acme Learning')).toBeInTheDocument();
    expect(app.server.calls.filter((call) => call.route === COUNTS).length).toBe(asked);

    // Put right, the counts are asked for the new period.
    fireEvent.change(screen.getByLabelText('From'), { target: { value: isoDaysAgo(5) } });
    await waitFor(() =>
      expect(app.server.calls.filter((call) => call.route === COUNTS).at(-1)?.body).toEqual({
        startDate: isoDaysAgo(5),
        endDate: isoDaysAgo(3),
      }),
    );
  });
});

describe('admin report filters in the address', () => {
  it('an admin who reloads a shared link gets its range and enterprise back; the filters they change go into it', async () => {
    const from = isoDaysAgo(10);
    const to = isoDaysAgo(4);
    const app = openReport(`/admin/reports/app-user-counts?enterprise=e1&from=${from}&to=${to}`);
    await screen.findByText('Acme Learning');
    expect(screen.getByLabelText('From')).toHaveValue(from);
    expect(screen.getByLabelText('To')).toHaveValue(to);
    expect(app.server.calls.filter((call) => call.route === COUNTS)[0]?.body).toEqual({
      enterpriseId: 'e1',
      startDate: from,
      endDate: to,
    });

    fireEvent.change(screen.getByLabelText('From'), { target: { value: isoDaysAgo(6) } });
    await waitFor(() => expect(app.location()).toContain(`from=${isoDaysAgo(6)}`));
    expect(app.location()).toContain(`to=${to}`);
    expect(app.location()).toContain('enterprise=e1');
    // A range with a problem stays out of the address (it keeps the last good one).
    fireEvent.change(screen.getByLabelText('From'), { target: { value: isoDaysAgo(0) } });
    expect(await screen.findByText(REVERSED)).toBeVisible();
    expect(app.location()).toContain(`from=${isoDaysAgo(6)}`);
  });

  it('an admin opening a link with invalid filters gets the last 30 days for every enterprise', async () => {
    const app = openReport(
      `/admin/reports/all-members-usage?enterprise=%3Cscript%3E&from=2026-02-31&to=${tomorrow}`,
    );
    await screen.findByText('Mia Member');
    expect(screen.getByLabelText('From')).toHaveValue(isoDaysAgo(29));
    expect(screen.getByLabelText('To')).toHaveValue(isoDaysAgo(0));
    expect(screen.queryByText(FUTURE)).not.toBeInTheDocument();
    const body = app.server.calls.filter((call) => call.route === USAGE)[0]?.body;
    expect(body).toMatchObject({ startDate: isoDaysAgo(29), endDate: isoDaysAgo(0) });
    expect(body).not.toHaveProperty('enterpriseId');
  });
});
