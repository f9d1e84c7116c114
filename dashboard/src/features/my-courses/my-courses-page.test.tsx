import type { MyCourse } from '@coach/shared/contract/my-courses';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { applyLanguage } from '../../i18n/index.ts';
import {
  type FakeHandler,
  fail,
  fakeToken,
  groupsPage,
  makeEnterpriseUser,
  makeVideo,
  ok,
} from '../../testing/fake-server.ts';
import { renderApp, verifiedSession } from '../../testing/render-app.tsx';

// My courses lists a learner's marketplace courses with their progress and where to continue.

const MY_COURSES = 'GET /api/v1/enterprise/general/my-courses';
const learner: Record<string, FakeHandler> = {
  'GET /api/v1/enterprise/general/auth/me': () => ok(makeEnterpriseUser({ roleName: 'Learner' })),
  'POST /api/v1/enterprise/general/user-groups': () => groupsPage(1, 1, []),
};

const COURSE: MyCourse = {
  courseId: 'c1',
  enrolmentId: 'e1',
  name: 'Interview Skills in Four Weeks',
  institutionName: 'Pacific Training Group',
  category: 'Interview Skills',
  level: 'Intermediate',
  duration: '4 weeks',
  imageUrl: null,
  enrolledAt: '2026-03-01T09:00:00.000Z',
  tasks: { total: 2, completed: 1 },
  videos: { total: 2, watched: 0 },
  progress: 25,
  next: { kind: 'task', taskId: 't2', title: 'Course start: what you want to practise' },
  items: [
    { kind: 'task', taskId: 't1', title: 'Introduce yourself', status: 2 },
    {
      kind: 'video',
      watched: false,
      video: makeVideo('v1', {
        title: 'Answering with a story',
        description: 'Situation, task, action, result.',
        coach: 'Ana Coach',
        category: 'interview',
        categoryLabel: 'Interview',
        videoUrl: '/files/v1.mp4',
        durationSeconds: 90,
      }),
    },
    { kind: 'task', taskId: 't2', title: 'Course start: what you want to practise', status: 1 },
  ],
};

const open = (routes: Record<string, FakeHandler>) =>
  renderApp({
    path: '/enterprise/my-courses',
    enterprise: verifiedSession(fakeToken(86400)),
    routes: { ...learner, ...routes },
  });

vi.setConfig({ testTimeout: 20_000 });

describe('My courses', () => {
  it('lists a course with its progress, and Continue opens its next task', async () => {
    const view = open({ [MY_COURSES]: () => ok([COURSE]) });
    const list = await screen.findByRole('list', { name: 'My courses' }, { timeout: 10_000 });
    const card = within(list).getByRole('listitem');
    expect(card).toHaveTextContent('Interview Skills in Four Weeks');
    expect(card).toHaveTextContent('By Pacific Training Group');
    expect(card).toHaveTextContent('1 of 2 tasks done');
    expect(card).toHaveTextContent('0 of 2 videos watched');
    expect(
      within(card).getByRole('progressbar', { name: 'Progress in Interview Skills in Four Weeks' }),
    ).toHaveAttribute('aria-valuenow', '25');
    await userEvent
      .setup()
      .click(within(card).getByRole('link', { name: 'Continue Interview Skills in Four Weeks' }));
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/enterprise/my-tasks/view/t2'));
  });

  it("shows the course's contents on demand, each lesson with its state, and opens any of them", async () => {
    const view = open({ [MY_COURSES]: () => ok([COURSE]) });
    const user = userEvent.setup();
    const card = within(
      await screen.findByRole('list', { name: 'My courses' }, { timeout: 10_000 }),
    ).getByRole('listitem');
    const toggle = within(card).getByRole('button', { name: 'Show course contents' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(within(card).queryByRole('list', { name: /Contents of/ })).toBeNull();
    await user.click(toggle);
    expect(within(card).getByRole('button', { name: 'Hide course contents' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    const lessons = within(
      within(card).getByRole('list', { name: 'Contents of Interview Skills in Four Weeks' }),
    ).getAllByRole('listitem');
    expect(lessons.map((l) => l.textContent)).toEqual([
      expect.stringMatching(/Task.*Introduce yourself.*Completed/),
      expect.stringMatching(/Video.*Answering with a story.*Not watched/),
      expect.stringMatching(/Task.*Course start: what you want to practise.*In progress/),
    ]);
    expect(
      within(lessons[1] as HTMLElement).getByRole('button', { name: 'Play Answering with a story' }),
    ).toBeVisible();
    await user.click(
      within(lessons[0] as HTMLElement).getByRole('link', { name: 'Open Introduce yourself' }),
    );
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/enterprise/my-tasks/view/t1'));
  });

  it('says so when there are no courses, and offers the marketplace', async () => {
    open({ [MY_COURSES]: () => ok([]) });
    expect(await screen.findByRole('heading', { name: 'No courses yet' }, { timeout: 10_000 })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Browse courses' })).toHaveAttribute('href', '/marketplace/home');
  });

  it('offers the marketplace in the language the member reads', async () => {
    await applyLanguage('ar');
    try {
      open({ [MY_COURSES]: () => ok([]) });
      expect(await screen.findByRole('link', { name: 'تصفّح الدورات' }, { timeout: 10_000 })).toHaveAttribute(
        'href',
        '/ar/marketplace/home',
      );
    } finally {
      await applyLanguage('en');
    }
  });

  it('shows an error with a way to try again', async () => {
    let calls = 0;
    open({
      [MY_COURSES]: () => {
        calls += 1;
        return calls === 1 ? fail(500, 'The server is unavailable') : ok([COURSE]);
      },
    });
    expect(
      await screen.findByRole('heading', { name: 'Your courses could not be loaded' }, { timeout: 10_000 }),
    ).toBeVisible();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('list', { name: 'My courses' }, { timeout: 10_000 })).toBeVisible();
  });
});
