import { adminGeneral } from '@coach/shared/contract/admin';
import type { AdminDashboard } from '@coach/shared/contract/admin-reports';
import type { EnterpriseUser } from '@coach/shared/contract/auth';
import { type EnterpriseDashboard, enterpriseGeneral, type SetupSteps } from '@coach/shared/contract/general';
import { myCourses } from '@coach/shared/contract/my-courses';
import { tasks } from '@coach/shared/contract/tasks';
import { seesCompanyFigures } from '@coach/shared/permissions';
import { useAtomValue } from 'jotai';
import { lazy, Suspense, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ADMIN_MENU, enterpriseMenuFor, type MenuEntry, needsCourseEnrolments } from '../../config/menus.ts';
import { formatNumber, shortNumber, withNumbers } from '../../i18n/format.ts';
import { useCan } from '../../lib/can.tsx';
import { isoDaysAgo } from '../../lib/date-range.ts';
import { formatUtcDayMonth } from '../../lib/dates.ts';
import { type Audience, adminUserAtom, enterpriseUserAtom } from '../../lib/session.ts';
import { selectedGroupAtom } from '../../lib/ui-state.ts';
import { useCall } from '../../lib/use-call.ts';
import { Button } from '../../ui/button.tsx';
import { Card, PageHeader } from '../../ui/layout.tsx';
import { LoadStates } from '../../ui/load-states.tsx';
import { LoadingBlock } from '../../ui/spinner.tsx';
import { ErrorState } from '../../ui/states.tsx';
import { GettingStarted } from './getting-started.tsx';
import { MyProgressSection } from './my-progress.tsx';
import { PendingReview } from './pending-review.tsx';
import './dashboard.css';

/** The greeting's key in dashboard.json for the hour of the day. */
const greetingKey = (date = new Date()) => {
  const hour = date.getHours();
  if (hour < 12) return 'greeting.morning';
  if (hour < 18) return 'greeting.afternoon';
  return 'greeting.evening';
};

/** A menu entry's key in common.json, as the side menu finds it: its English label in kebab case. */
const menuKey = (label: string) =>
  label
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

const SectionCards = ({ entries, audience }: { entries: MenuEntry[]; audience: Audience }) => {
  const { t } = useTranslation('dashboard');
  return (
    <section aria-labelledby="sections-title">
      <h2 id="sections-title" className="dashboard__subtitle">
        {t('sections')}
      </h2>
      <ul className="dashboard__cards">
        {entries.map((entry) => {
          const key = `menus:menu.${audience}.${menuKey(entry.label)}`;
          return (
            <li key={entry.label}>
              <Link className="dashboard__card" to={entry.to}>
                <span className="dashboard__card-title">
                  {t(`${key}.label`, { defaultValue: entry.label })}
                </span>
                <span className="dashboard__card-text">
                  {t(`${key}.description`, { defaultValue: entry.description ?? '' })}
                </span>
                <span className="dashboard__card-arrow" aria-hidden="true">
                  →
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
};

const ActivityChart = lazy(() => import('../../ui/activity-chart.tsx'));
const DemoVideoDialog = lazy(() => import('../../ui/video-player/demo-video-dialog.tsx'));
const RANGES = [7, 30, 90] as const;
const percent = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((part / whole) * 100));

const Stat = ({ label, value, note }: { label: string; value: number; note?: string }) => (
  <div className="stat">
    <dt className="stat__label">{label}</dt>
    <dd className="stat__value" title={formatNumber(value)}>
      {shortNumber(value)}
    </dd>
    {note ? <dd className="stat__note">{note}</dd> : null}
  </div>
);

const Figures = ({ data, days }: { data: EnterpriseDashboard; days: number }) => {
  const { t } = useTranslation('dashboard');
  const lastDays = t('figures.lastDays', withNumbers({ count: days }));
  return (
    <>
      <dl className="stats" aria-label={t('figures.key')}>
        {/* Invitees are not members until they accept: counted apart, never in the total or the new members. */}
        <Stat
          label={t('figures.members')}
          value={data.members.total}
          note={
            data.members.invited > 0
              ? t('figures.invitedApart', withNumbers({ count: data.members.invited }))
              : undefined
          }
        />
        <Stat
          label={t('figures.activeMembers')}
          value={data.members.active}
          note={t(
            'figures.activeShare',
            withNumbers({
              percent: formatNumber(percent(data.members.active, data.members.total) / 100, {
                style: 'percent',
              }),
              count: days,
            }),
          )}
        />
        <Stat
          label={t('figures.newMembers')}
          value={data.members.joined}
          note={t('figures.joined', withNumbers({ count: days }))}
        />
        <Stat label={t('figures.groups')} value={data.groups} />
      </dl>
      <dl className="stats" aria-label={t('figures.tasks')}>
        <Stat
          label={t('figures.tasksAssigned')}
          value={data.tasks.assigned}
          note={t('figures.inProgress', withNumbers({ count: data.tasks.inProgress }))}
        />
        <Stat label={t('figures.tasksCompleted')} value={data.tasks.completed} note={lastDays} />
        <Stat label={t('figures.overdue')} value={data.tasks.overdue} note={t('figures.overdueNote')} />
        <Stat label={t('figures.pendingReview')} value={data.tasks.pendingReview} />
        <Stat label={t('figures.assignedVideosWatched')} value={data.videos.watched} note={lastDays} />
      </dl>
      <Card title={t('figures.perDay')} className="dashboard__chart">
        <Suspense fallback={<LoadingBlock label={t('chartLoading')} />}>
          <ActivityChart
            days={data.activity.map((d) => d.day)}
            series={[
              { label: t('figures.activeMembers'), values: data.activity.map((d) => d.activeMembers) },
            ]}
          />
        </Suspense>
        <table className="visually-hidden">
          <caption>{t('figures.perDay')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('figures.day')}</th>
              <th scope="col">{t('figures.activeMembers')}</th>
            </tr>
          </thead>
          <tbody>
            {data.activity.map((d) => (
              <tr key={d.day}>
                <td>{formatUtcDayMonth(d.day)}</td>
                <td>{formatNumber(d.activeMembers)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Card>
    </>
  );
};

/**
 * The enterprise's figures for the chosen range and the top-bar group (general/my-dashboard), after the Getting started
 * checklist its answer ticks (the company's first steps, the same whatever the range or group: kept while another
 * range loads).
 */
const EnterpriseFigures = ({ user }: { user: EnterpriseUser }) => {
  const { t } = useTranslation('dashboard');
  const group = useAtomValue(selectedGroupAtom);
  const [days, setDays] = useState<number>(30);
  const query = {
    startDate: isoDaysAgo(days - 1),
    endDate: isoDaysAgo(0),
    ...(group ? { groupId: group._id } : {}),
  };
  const { state } = useCall(enterpriseGeneral.myDashboard, query);
  const [setup, setSetup] = useState<SetupSteps | undefined>(undefined);
  const answered = state.status === 'ready' ? state.data.setup : undefined;
  if (answered && JSON.stringify(answered) !== JSON.stringify(setup)) setSetup(answered);
  const heading = useRef<HTMLHeadingElement>(null);
  return (
    <>
      {setup ? (
        <GettingStarted user={user} setup={setup} onDismissed={() => heading.current?.focus()} />
      ) : null}
      <section className="dashboard__figures" aria-labelledby="figures-title">
        <div className="dashboard__figures-head">
          {/* Focusable by script only: where the focus goes when the Getting started card is hidden. */}
          <h2 id="figures-title" className="dashboard__subtitle" ref={heading} tabIndex={-1}>
            {group ? t('company.titleIn', { group: group.name }) : t('company.title')}
          </h2>
          <RangePicker days={days} onChange={setDays} name="dashboard-range" />
        </div>
        {state.status === 'loading' ? <LoadingBlock label={t('figures.loading')} /> : null}
        {state.status === 'error' ? (
          <ErrorState title={t('figures.loadError')} description={state.message} />
        ) : null}
        {state.status === 'ready' ? <Figures data={state.data} days={days} /> : null}
      </section>
    </>
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
}) => {
  const { t } = useTranslation('dashboard');
  return (
    <fieldset className="segmented">
      <legend className="visually-hidden">{t('period')}</legend>
      {RANGES.map((range) => (
        <label key={range} className={`segmented__option ${days === range ? 'segmented__option--on' : ''}`}>
          <input type="radio" name={name} checked={days === range} onChange={() => onChange(range)} />
          {t('days', withNumbers({ count: range }))}
        </label>
      ))}
    </fieldset>
  );
};

const AdminFigureView = ({ data, days }: { data: AdminDashboard; days: number }) => {
  const { t } = useTranslation('dashboard');
  const series = useMemo(
    () => [
      { label: t('figures.activeLearners'), values: data.days.map((d) => d.activeLearners) },
      { label: t('figures.tasksCompleted'), values: data.days.map((d) => d.tasksCompleted) },
      { label: t('figures.videosWatched'), values: data.days.map((d) => d.videosWatched) },
    ],
    [data, t],
  );
  const lastDays = t('figures.lastDays', withNumbers({ count: days }));
  const dayList = useMemo(() => data.days.map((d) => d.day), [data]);
  return (
    <>
      <dl className="stats" aria-label={t('figures.platform')}>
        <Stat label={t('figures.enterprises')} value={data.enterprises} />
        <Stat label={t('figures.members')} value={data.members} />
        <Stat label={t('figures.activeLearners')} value={data.activeLearners} note={lastDays} />
        <Stat label={t('figures.tasksCompleted')} value={data.tasksCompleted} note={lastDays} />
        <Stat label={t('figures.videosWatched')} value={data.videosWatched} note={lastDays} />
      </dl>
      <Card title={t('figures.learningPerDay')} className="dashboard__chart">
        <Suspense fallback={<LoadingBlock label={t('chartLoading')} />}>
          <ActivityChart days={dayList} series={series} />
        </Suspense>
        <table className="visually-hidden">
          <caption>{t('figures.learningPerDay')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('figures.day')}</th>
              <th scope="col">{t('figures.activeLearners')}</th>
              <th scope="col">{t('figures.tasksCompleted')}</th>
              <th scope="col">{t('figures.videosWatched')}</th>
            </tr>
          </thead>
          <tbody>
            {data.days.map((d) => (
              <tr key={d.day}>
                <td>{formatUtcDayMonth(d.day)}</td>
                <td>{formatNumber(d.activeLearners)}</td>
                <td>{formatNumber(d.tasksCompleted)}</td>
                <td>{formatNumber(d.videosWatched)}</td>
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
  const { t } = useTranslation('dashboard');
  const [days, setDays] = useState<number>(30);
  const query = { startDate: isoDaysAgo(days - 1), endDate: isoDaysAgo(0) };
  const { state, reload } = useCall(adminGeneral.myDashboard, query);
  return (
    <section className="dashboard__figures" aria-labelledby="figures-title">
      <div className="dashboard__figures-head">
        <h2 id="figures-title" className="dashboard__subtitle">
          {t('platform.title')}
        </h2>
        <RangePicker days={days} onChange={setDays} name="admin-dashboard-range" />
      </div>
      <LoadStates state={state} reload={reload} what={t('figures.what')}>
        {(data) => <AdminFigureView data={data} days={days} />}
      </LoadStates>
    </section>
  );
};

export const DashboardPage = ({ audience }: { audience: Audience }) => {
  const { t } = useTranslation('dashboard');
  const enterpriseUser = useAtomValue(enterpriseUserAtom);
  const adminUser = useAtomValue(adminUserAtom);
  const [demoOpen, setDemoOpen] = useState(false);
  // What waits for review shows to whoever may list it (the task library's reviewers).
  const reviews = useCan(tasks.getCompletedTasksPendingReview) === true;
  // With the MarketPlace feature off, My Courses is for someone with courses of their own only: asked then alone.
  const asksCourses =
    audience === 'enterprise' && enterpriseUser !== null && needsCourseEnrolments(enterpriseUser);
  const { state: courses } = useCall(myCourses.list, {}, { enabled: asksCourses });
  const hasCourses = courses.status === 'ready' && courses.data.length > 0;

  if (audience === 'admin') {
    if (!adminUser) return <LoadingBlock label={t('loading')} />;
    return (
      <div className="dashboard">
        <PageHeader
          title={t(greetingKey(), { name: adminUser.name.split(' ')[0] })}
          description={t('platform.description')}
        />
        <AdminFigures />
        <SectionCards audience="admin" entries={ADMIN_MENU.filter((entry) => entry.icon !== 'dashboard')} />
      </div>
    );
  }

  if (!enterpriseUser) return <LoadingBlock label={t('loading')} />;
  const entries = enterpriseMenuFor(enterpriseUser, { hasCourses }).filter(
    (entry) => entry.icon !== 'dashboard',
  );
  // The company's figures need more than their call's key (shared/permissions.ts): the server's rule, shared.
  const companyFirst = seesCompanyFigures({
    permissions: enterpriseUser.roleId.permissions,
    isDefaultAdmin: enterpriseUser.isDefaultAdmin,
  });
  return (
    <div className="dashboard">
      <PageHeader
        // A platform admin logged in as the company is "Platform Admin" to it (the server's `me`): greeted by no
        // name rather than "Good morning, Platform"; the banner above says who they are.
        // An account named as its company (an institution's "You Study International College") is greeted by no
        // name either: its first word read "Good afternoon, You".
        title={
          enterpriseUser.loggedInAsAdmin ||
          enterpriseUser.name.trim().toLowerCase() ===
            enterpriseUser.enterpriseId.company_name.trim().toLowerCase()
            ? t(`${greetingKey()}Alone`)
            : t(greetingKey(), { name: enterpriseUser.name.split(' ')[0] })
        }
        description={`${enterpriseUser.enterpriseId.company_name} · ${enterpriseUser.roleId.name}`}
        actions={
          <Button variant="secondary" onClick={() => setDemoOpen(true)}>
            {t('demo')}
          </Button>
        }
      />
      {demoOpen ? (
        <Suspense fallback={null}>
          <DemoVideoDialog onClose={() => setDemoOpen(false)} />
        </Suspense>
      ) : null}
      {companyFirst ? (
        // Someone who runs the company sees its activity first, then what waits for their review, and their
        // own progress only when they have some.
        <>
          <EnterpriseFigures user={enterpriseUser} />
          {reviews ? <PendingReview /> : null}
          <MyProgressSection onlyWhenAny />
        </>
      ) : (
        <>
          <MyProgressSection />
          {reviews ? <PendingReview /> : null}
        </>
      )}
      <SectionCards audience="enterprise" entries={entries} />
    </div>
  );
};
