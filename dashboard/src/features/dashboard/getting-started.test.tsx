import type { EnterpriseUser } from '@coach/shared/contract/auth';
import type { EnterpriseDashboard, SetupSteps } from '@coach/shared/contract/general';
import type { MyCourse } from '@coach/shared/contract/my-courses';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { applyLanguage } from '../../i18n/index.ts';
import { createQueryClient, setQueryClient } from '../../lib/query-client.ts';
import { fail, fakeToken, groupsPage, makeEnterpriseUser, ok } from '../../testing/fake-server.ts';
import { renderApp, verifiedSession } from '../../testing/render-app.tsx';
import { gettingStartedDismissedKey } from './getting-started.tsx';

vi.mock('../../ui/activity-chart.tsx', () => ({ default: () => null }));
vi.mock('../../ui/trend-chart.tsx', () => ({ default: () => null }));

const COMPANY = 'GET /api/v1/enterprise/general/my-dashboard';
const MY_COURSES = 'GET /api/v1/enterprise/general/my-courses';

const NOTHING_DONE: SetupSteps = { people: false, group: false, taskAssigned: false, branded: false };

/** A brand-new company's figures: zeros, and which first steps it has taken. */
const firstDay = (setup?: SetupSteps): EnterpriseDashboard => ({
  range: { startDate: '2026-02-09', endDate: '2026-03-10' },
  members: { total: 1, invited: 0, active: 1, joined: 1 },
  groups: 0,
  tasks: { assigned: 0, inProgress: 0, completed: 0, overdue: 0, pendingReview: 0 },
  videos: { assigned: 0, watched: 0 },
  activity: [{ day: '2026-03-10', activeMembers: 1 }],
  ...(setup ? { setup } : {}),
});

/** Another visit to the dashboard, reading the server again rather than the answers of the test's first visit. */
const freshAnswers = () => setQueryClient(createQueryClient({ retry: false }));

/** The company's owner: the default admin of the Admin role, every permission. */
const owner = makeEnterpriseUser({ roleName: 'Admin', isDefaultAdmin: true, permissions: [] });

const openHome = ({
  user = owner,
  setup = NOTHING_DONE,
  courses = [],
}: {
  user?: EnterpriseUser;
  /** null: the server says nothing of the steps (an older server). */
  setup?: SetupSteps | null;
  courses?: MyCourse[];
} = {}) =>
  renderApp({
    path: '/enterprise/dashboard',
    enterprise: verifiedSession(fakeToken(86400)),
    routes: {
      'GET /api/v1/enterprise/general/auth/me': () => ok(user),
      'POST /api/v1/enterprise/general/user-groups': () => groupsPage(1, 1, []),
      [COMPANY]: () => ok(firstDay(setup ?? undefined)),
      'GET /api/v1/enterprise/general/my-progress': () => fail(500, 'Not in this test'),
      'GET /api/v1/enterprise/tasks/get-completed-tasks-pending-review': () =>
        ok({ currentPage: 1, totalPages: 0, totalCount: 0, listdata: [] }),
      [MY_COURSES]: () => ok(courses),
    },
  });

/** The card, once the dashboard's lazily loaded screen is in (slow on a cold, busy run: a timing is not what is tested). */
const card = async () =>
  (await screen.findByRole('heading', { name: 'Getting started' }, { timeout: 12_000 })).closest(
    'section',
  ) as HTMLElement;

const stepOf = (section: HTMLElement, title: string) =>
  within(section)
    .getAllByRole('listitem')
    .find((item) => item.textContent?.includes(title)) as HTMLElement;

describe('Getting started: a new company’s first steps on the dashboard', () => {
  it('shows the owner of a brand-new company the four steps in order, each linking to where it is done, the first to take standing out', async () => {
    await applyLanguage('en');
    openHome();
    const section = await card();
    expect(section).toHaveTextContent('0 of 4 done');
    const steps = within(section).getAllByRole('listitem');
    expect(steps.map((step) => step.querySelector('.getting-started__step-title')?.textContent)).toEqual([
      'To do: Invite your people',
      'To do: Make a group',
      'To do: Create a task and assign it',
      'To do: Set your logo and colours',
    ]);
    const links = within(section).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Invite people', '/enterprise/members'],
      ['Create a group', '/enterprise/groups/manage'],
      ['Open the Tasks Library', '/enterprise/tasks-library'],
      ['Open Settings', '/enterprise/settings'],
    ]);
    expect(links[0]).toHaveClass('btn', 'btn--primary');
    expect(links[1]).toHaveClass('btn', 'btn--secondary');
    expect(within(section).getByRole('progressbar', { name: 'Getting started progress' })).toHaveAttribute(
      'aria-valuenow',
      '0',
    );
    // It comes before the company's figures.
    const figures = screen.getByRole('heading', { name: 'Company activity' });
    expect(section.compareDocumentPosition(figures) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('ticks the steps the server says are done and points at the next one', async () => {
    await applyLanguage('en');
    openHome({ setup: { people: true, group: true, taskAssigned: false, branded: false } });
    const section = await card();
    expect(section).toHaveTextContent('2 of 4 done');
    const invite = stepOf(section, 'Invite your people');
    expect(invite).toHaveClass('getting-started__step--done');
    expect(within(invite).getByText('Done:')).toHaveClass('visually-hidden');
    expect(within(invite).queryByRole('link')).not.toBeInTheDocument();
    expect(within(section).queryByRole('link', { name: 'Create a group' })).not.toBeInTheDocument();
    expect(within(section).getByRole('link', { name: 'Open the Tasks Library' })).toHaveClass('btn--primary');
    expect(within(section).getByRole('link', { name: 'Open Settings' })).toHaveClass('btn--secondary');
    expect(within(section).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '50');
  });

  it('is gone once every step is done', async () => {
    await applyLanguage('en');
    openHome({ setup: { people: true, group: true, taskAssigned: true, branded: true } });
    await screen.findByText('Members', { selector: '.stat__label' });
    expect(screen.queryByRole('heading', { name: 'Getting started' })).not.toBeInTheDocument();
  });

  it('shows nothing when the server does not say which steps are done', async () => {
    await applyLanguage('en');
    openHome({ setup: null });
    await screen.findByText('Members', { selector: '.stat__label' });
    expect(screen.queryByRole('heading', { name: 'Getting started' })).not.toBeInTheDocument();
  });

  it('shows a member only the steps their role lets them take, and goes once those are done', async () => {
    await applyLanguage('en');
    // Staff who may see the company and manage members, but not groups, tasks or the Settings (not the admin role).
    const staff = makeEnterpriseUser({ roleName: 'Staff', permissions: ['dashboard', 'members'] });
    const first = openHome({ user: staff });
    const section = await card();
    expect(section).toHaveTextContent('0 of 1 done');
    expect(within(section).getAllByRole('listitem')).toHaveLength(1);
    expect(within(section).getByRole('link', { name: 'Invite people' })).toBeInTheDocument();
    expect(within(section).queryByText('Make a group')).not.toBeInTheDocument();
    expect(within(section).queryByText('Set your logo and colours')).not.toBeInTheDocument();
    first.unmount();
    freshAnswers();

    // The company has people now: nothing left that is theirs to do, though its logo is not set.
    openHome({ user: staff, setup: { ...NOTHING_DONE, people: true } });
    await screen.findByText('Members', { selector: '.stat__label' });
    expect(screen.queryByRole('heading', { name: 'Getting started' })).not.toBeInTheDocument();
  });

  it('never shows to a learner, whose home has no company figures', async () => {
    await applyLanguage('en');
    const app = openHome({ user: makeEnterpriseUser({ roleName: 'Learner', permissions: ['dashboard'] }) });
    await screen.findByRole('heading', { name: 'Where to next' });
    expect(screen.queryByRole('heading', { name: 'Getting started' })).not.toBeInTheDocument();
    expect(app.server.calls.map((call) => call.route)).not.toContain(COMPANY);
  });

  it('can be hidden for good by the keyboard: the choice is kept for this person, and the focus moves on', async () => {
    await applyLanguage('en');
    const user = userEvent.setup();
    const first = openHome();
    const section = await card();
    const invite = within(section).getByRole('link', { name: 'Invite people' });
    const hide = within(section).getByRole('button', { name: "Don't show again" });
    // Every control of the card is in the tab order: the hide button, then the steps' links.
    for (let i = 0; i < 30 && document.activeElement !== hide; i++) await user.tab();
    expect(hide).toHaveFocus();
    await user.tab();
    expect(invite).toHaveFocus();
    await user.tab({ shift: true });
    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(screen.queryByRole('heading', { name: 'Getting started' })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('heading', { name: 'Company activity' })).toHaveFocus();
    expect(localStorage.getItem(gettingStartedDismissedKey(owner._id))).toBe('1');
    first.unmount();
    freshAnswers();

    // Back on the dashboard: still hidden for them, while another admin of the company still sees it.
    const again = openHome();
    await screen.findByText('Members', { selector: '.stat__label' });
    expect(screen.queryByRole('heading', { name: 'Getting started' })).not.toBeInTheDocument();
    again.unmount();
    openHome({ user: { ...owner, _id: 'u2', name: 'Ali Admin' } });
    expect(await card()).toBeInTheDocument();
  });

  it('numbers the steps in the language’s digits, right to left', async () => {
    await applyLanguage('fa');
    openHome();
    const section = (await screen.findByRole('heading', { name: 'آغاز کار' })).closest(
      'section',
    ) as HTMLElement;
    const marks = [...section.querySelectorAll('.getting-started__mark')].map((mark) => mark.textContent);
    expect(marks).toEqual(['۱', '۲', '۳', '۴']);
    expect(section).toHaveTextContent('۰ از ۴ انجام شد');
    expect(section).not.toHaveTextContent(/[0-9]/);
    await applyLanguage('en');
  });
});

const course: MyCourse = {
  courseId: 'c1',
  enrolmentId: 'en1',
  name: 'Presenting with confidence',
  institutionName: 'Pacific Training Group',
  category: 'Public Speaking',
  level: 'Beginner',
  duration: '4 weeks',
  imageUrl: null,
  enrolledAt: '2026-03-01T00:00:00.000Z',
  tasks: { total: 2, completed: 0 },
  videos: { total: 0, watched: 0 },
  progress: 0,
  next: null,
  items: [],
};

const whereToNext = async () =>
  (await screen.findByRole('heading', { name: 'Where to next' })).closest('section') as HTMLElement;

describe('My Courses in Where to next follows the MarketPlace feature', () => {
  const learner = (enableCourseFeature: boolean) =>
    makeEnterpriseUser({
      roleName: 'Learner',
      permissions: ['dashboard'],
      enterprise: { enableCourseFeature },
    });

  it('is not offered to a learner of a company with MarketPlace off and no courses', async () => {
    await applyLanguage('en');
    const app = openHome({ user: learner(false), courses: [] });
    await waitFor(() => expect(app.server.calls.map((call) => call.route)).toContain(MY_COURSES));
    const section = await whereToNext();
    await waitFor(() => expect(within(section).getByRole('link', { name: /My Tasks/ })).toBeInTheDocument());
    expect(within(section).queryByRole('link', { name: /My Courses/ })).not.toBeInTheDocument();
    expect(
      within(screen.getByRole('navigation', { name: 'Main menu' })).queryByRole('link', {
        name: 'My Courses',
      }),
    ).toBeNull();
  });

  it('is offered with MarketPlace off to a buyer who has courses of their own, here and in the side menu', async () => {
    await applyLanguage('en');
    openHome({ user: learner(false), courses: [course] });
    const section = await whereToNext();
    expect(await within(section).findByRole('link', { name: /My Courses/ })).toHaveAttribute(
      'href',
      '/enterprise/my-courses',
    );
    expect(
      await within(screen.getByRole('navigation', { name: 'Main menu' })).findByRole('link', {
        name: 'My Courses',
      }),
    ).toHaveAttribute('href', '/enterprise/my-courses');
  });

  it('is offered with MarketPlace on, without asking for the courses', async () => {
    await applyLanguage('en');
    const app = openHome({ user: learner(true) });
    const section = await whereToNext();
    expect(within(section).getByRole('link', { name: /My Courses/ })).toBeInTheDocument();
    expect(app.server.calls.map((call) => call.route)).not.toContain(MY_COURSES);
  });
});
