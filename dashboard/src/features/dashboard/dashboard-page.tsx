import { adminGeneral } from '@coach/shared/contract/admin';
import type { AdminDashboard } from '@coach/shared/contract/admin-reports';
import { type EnterpriseDashboard, enterpriseGeneral } from '@coach/shared/contract/general';
import { compactNumber } from '@coach/shared/format/compact-number';
import { hasPermission } from '@coach/shared/permissions';
import { useAtomValue } from 'jotai';
import { lazy, Suspense, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { ADMIN_MENU, enterpriseMenuFor, type MenuEntry } from '../../config/menus.ts';
import { api } from '../../lib/api.ts';
import { isoDaysAgo } from '../../lib/date-range.ts';
import { formatUtcDayMonth } from '../../lib/dates.ts';
import { type Audience, adminUserAtom, enterpriseUserAtom } from '../../lib/session.ts';
import { selectedGroupAtom } from '../../lib/ui-state.ts';
import { useLoad } from '../../lib/use-load.ts';
import { Button } from '../../ui/button.tsx';
import { Card, PageHeader } from '../../ui/layout.tsx';
import { LoadStates } from '../../ui/load-states.tsx';
import { LoadingBlock } from '../../ui/spinner.tsx';
import { ErrorState } from '../../ui/states.tsx';
import { PendingReview } from './pending-review.tsx';
import './dashboard.css';

const greeting = (date = new Date()) => {
  const hour = date.getHours();
  if (hour < 12) return 'Good morning';
  if (hour < 18) return 'Good afternoon';
  return 'Good evening';
};

const SectionCards = ({ entries }: { entries: MenuEntry[] }) => (
  <section aria-labelledby="sections-title">
    <h2 id="sections-title" className="dashboard__subtitle">
      Where to next
    </h2>
    <ul className="dashboard__cards">
      {entries.map((entry) => (
        <li key={entry.label}>
          <Link className="dashboard__card" to={entry.to}>
            <span className="dashboard__card-title">{entry.label}</span>
            <span className="dashboard__card-text">{entry.description}</span>
            <span className="dashboard__card-arrow" aria-hidden="true">
              →
            </span>
          </Link>
        </li>
      ))}
    </ul>
  </section>
);

const ActivityChart = lazy(() => import('../../ui/activity-chart.tsx'));
const DemoVideoDialog = lazy(() => import('../../ui/video-player/demo-video-dialog.tsx'));
const RANGES = [
  { days: 7, label: '7 days' },
  { days: 30, label: '30 days' },
  { days: 90, label: '90 days' },
] as const;
const percent = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((part / whole) * 100));

const Stat = ({ label, value, note }: { label: string; value: number; note?: string }) => (
  <div className="stat">
    <dt className="stat__label">{label}</dt>
    <dd className="stat__value" title={value.toLocaleString()}>
      {compactNumber(value)}
    </dd>
    {note ? <dd className="stat__note">{note}</dd> : null}
  </div>
);

const Figures = ({ data, days }: { data: EnterpriseDashboard; days: number }) => (
  <>
    <dl className="stats" aria-label="Key figures">
      <Stat label="Members" value={data.members.total} />
      <Stat
        label="Active members"
        value={data.members.active}
        note={`${percent(data.members.active, data.members.total)}% in the last ${days} days`}
      />
      <Stat label="New members" value={data.members.joined} note={`Joined in the last ${days} days`} />
      <Stat label="Groups" value={data.groups} />
    </dl>
    <dl className="stats" aria-label="Task figures">
      <Stat
        label="Tasks assigned"
        value={data.tasks.assigned}
        note={`${data.tasks.inProgress} in progress`}
      />
      <Stat label="Tasks completed" value={data.tasks.completed} note={`In the last ${days} days`} />
      <Stat label="Overdue tasks" value={data.tasks.overdue} note="Past due, not completed" />
      <Stat label="Waiting for review" value={data.tasks.pendingReview} />
      <Stat label="Videos watched" value={data.videos.watched} note={`In the last ${days} days`} />
    </dl>
    <Card title="Active members per day" className="dashboard__chart">
      <Suspense fallback={<LoadingBlock label="Loading the chart" />}>
        <ActivityChart
          days={data.activity.map((d) => d.day)}
          series={[{ label: 'Active members', values: data.activity.map((d) => d.activeMembers) }]}
        />
      </Suspense>
      <table className="visually-hidden">
        <caption>Active members per day</caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            <th scope="col">Active members</th>
          </tr>
        </thead>
        <tbody>
          {data.activity.map((d) => (
            <tr key={d.day}>
              <td>{formatUtcDayMonth(d.day)}</td>
              <td>{d.activeMembers}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Card>
  </>
);

/** The enterprise's figures for the chosen range and the top-bar group (general/my-dashboard). */
const EnterpriseFigures = () => {
  const group = useAtomValue(selectedGroupAtom);
  const [days, setDays] = useState<number>(30);
  const query = {
    startDate: isoDaysAgo(days - 1),
    endDate: isoDaysAgo(0),
    ...(group ? { groupId: group._id } : {}),
  };
  const { state } = useLoad(JSON.stringify(query), () => api.call(enterpriseGeneral.myDashboard, query));
  return (
    <section className="dashboard__figures" aria-labelledby="figures-title">
      <div className="dashboard__figures-head">
        <h2 id="figures-title" className="dashboard__subtitle">
          {group ? `Activity in ${group.name}` : 'Activity'}
        </h2>
        <RangePicker days={days} onChange={setDays} name="dashboard-range" />
      </div>
      {state.status === 'loading' ? <LoadingBlock label="Loading the figures" /> : null}
      {state.status === 'error' ? (
        <ErrorState title="The figures could not be loaded" description={state.message} />
      ) : null}
      {state.status === 'ready' ? <Figures data={state.data} days={days} /> : null}
    </section>
  );
};

/** The period picker of both dashboards. */
const RangePicker = ({
  days,
  onChange,
  name,
}: {
  days: number;
  onChange: (days: number) => void;
  name: string;
}) => (
  <fieldset className="segmented">
    <legend className="visually-hidden">Period</legend>
    {RANGES.map((range) => (
      <label
        key={range.days}
        className={`segmented__option ${days === range.days ? 'segmented__option--on' : ''}`}
      >
        <input type="radio" name={name} checked={days === range.days} onChange={() => onChange(range.days)} />
        {range.label}
      </label>
    ))}
  </fieldset>
);

const AdminFigureView = ({ data, days }: { data: AdminDashboard; days: number }) => {
  const series = useMemo(
    () => [
      { label: 'Active learners', values: data.days.map((d) => d.activeLearners) },
      { label: 'Tasks completed', values: data.days.map((d) => d.tasksCompleted) },
      { label: 'Videos watched', values: data.days.map((d) => d.videosWatched) },
    ],
    [data],
  );
  const dayList = useMemo(() => data.days.map((d) => d.day), [data]);
  return (
    <>
      <dl className="stats" aria-label="Platform figures">
        <Stat label="Enterprises" value={data.enterprises} />
        <Stat label="Members" value={data.members} />
        <Stat label="Active learners" value={data.activeLearners} note={`In the last ${days} days`} />
        <Stat label="Tasks completed" value={data.tasksCompleted} note={`In the last ${days} days`} />
        <Stat label="Videos watched" value={data.videosWatched} note={`In the last ${days} days`} />
      </dl>
      <Card title="Learning per day" className="dashboard__chart">
        <Suspense fallback={<LoadingBlock label="Loading the chart" />}>
          <ActivityChart days={dayList} series={series} />
        </Suspense>
        <table className="visually-hidden">
          <caption>Learning per day</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col">Active learners</th>
              <th scope="col">Tasks completed</th>
              <th scope="col">Videos watched</th>
            </tr>
          </thead>
          <tbody>
            {data.days.map((d) => (
              <tr key={d.day}>
                <td>{formatUtcDayMonth(d.day)}</td>
                <td>{d.activeLearners}</td>
                <td>{d.tasksCompleted}</td>
                <td>{d.videosWatched}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Card>
    </>
  );
};

/** The platform's figures for the chosen range (admin general/my-dashboard). */
const AdminFigures = () => {
  const [days, setDays] = useState<number>(30);
  const query = { startDate: isoDaysAgo(days - 1), endDate: isoDaysAgo(0) };
  const { state, reload } = useLoad(JSON.stringify(query), () => api.call(adminGeneral.myDashboard, query));
  return (
    <section className="dashboard__figures" aria-labelledby="figures-title">
      <div className="dashboard__figures-head">
        <h2 id="figures-title" className="dashboard__subtitle">
          Platform activity
        </h2>
        <RangePicker days={days} onChange={setDays} name="admin-dashboard-range" />
      </div>
      <LoadStates state={state} reload={reload} what="the figures">
        {(data) => <AdminFigureView data={data} days={days} />}
      </LoadStates>
    </section>
  );
};

export const DashboardPage = ({ audience }: { audience: Audience }) => {
  const enterpriseUser = useAtomValue(enterpriseUserAtom);
  const adminUser = useAtomValue(adminUserAtom);
  const [demoOpen, setDemoOpen] = useState(false);

  if (audience === 'admin') {
    if (!adminUser) return <LoadingBlock label="Loading your dashboard" />;
    return (
      <div className="dashboard">
        <PageHeader
          title={`${greeting()}, ${adminUser.name.split(' ')[0]}`}
          description="Platform administration: enterprises, libraries and usage."
        />
        <AdminFigures />
        <SectionCards entries={ADMIN_MENU.filter((entry) => entry.icon !== 'dashboard')} />
      </div>
    );
  }

  if (!enterpriseUser) return <LoadingBlock label="Loading your dashboard" />;
  const entries = enterpriseMenuFor(enterpriseUser).filter((entry) => entry.icon !== 'dashboard');
  return (
    <div className="dashboard">
      <PageHeader
        title={`${greeting()}, ${enterpriseUser.name.split(' ')[0]}`}
        description={`${enterpriseUser.enterpriseId.company_name} · ${enterpriseUser.roleId.name}`}
        actions={
          <Button variant="secondary" onClick={() => setDemoOpen(true)}>
            Watch the demo
          </Button>
        }
      />
      {demoOpen ? (
        <Suspense fallback={null}>
          <DemoVideoDialog onClose={() => setDemoOpen(false)} />
        </Suspense>
      ) : null}
      {hasPermission({
        permissions: enterpriseUser.roleId.permissions,
        isDefaultAdmin: enterpriseUser.isDefaultAdmin,
        key: 'dashboard',
      }) ? (
        <EnterpriseFigures />
      ) : null}
      {hasPermission({
        permissions: enterpriseUser.roleId.permissions,
        isDefaultAdmin: enterpriseUser.isDefaultAdmin,
        key: 'task-library',
      }) ? (
        <PendingReview />
      ) : null}
      <SectionCards entries={entries} />
    </div>
  );
};
