import type { MyProgress } from '@coach/shared/contract/my-progress';
import type { PermissionKey } from '@coach/shared/permissions';
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
import { practiceTime } from './my-progress.tsx';

// uPlot draws on a canvas jsdom has not got: the charts are pictures (aria-hidden), stubbed with their values.
vi.mock('../../ui/trend-chart.tsx', () => ({
  default: ({ label, values }: { label: string; values: (number | null)[] }) => (
    <div data-testid="trend-chart">{`${label}: ${values.join(',')}`}</div>
  ),
}));

const PROGRESS = 'GET /api/v1/enterprise/general/my-progress';
const COMPANY = 'GET /api/v1/enterprise/general/my-dashboard';

const progress = (overrides: Partial<MyProgress> = {}): MyProgress => ({
  timeZone: 'UTC',
  today: '2026-03-10',
  tasks: {
    open: 7,
    inProgress: 1,
    overdue: 1,
    next: [
      {
        taskId: 't1',
        title: 'Introduce yourself',
        type: 4,
        taskStatus: 0,
        progress: 0,
        dueAt: '2026-03-08T09:00:00.000Z',
        overdue: true,
      },
      {
        taskId: 't2',
        title: 'Read the safety briefing',
        type: 5,
        taskStatus: 1,
        progress: 50,
        dueAt: '2026-03-12T09:00:00.000Z',
        overdue: false,
      },
    ],
  },
  scores: [
    {
      taskId: 't9',
      title: 'Vowel sounds',
      score: 82,
      passingScore: 70,
      passed: true,
      scoredAt: '2026-03-09T10:00:00.000Z',
    },
  ],
  speech: {
    days: 30,
    points: [
      { date: '2026-03-02', recordings: 1, wordsPerMinute: 96, fillersPer100Words: 5, pronunciation: 64 },
      { date: '2026-03-09', recordings: 2, wordsPerMinute: 118, fillersPer100Words: 2.5, pronunciation: 76 },
    ],
  },
  practice: { secondsLast7Days: 754, secondsLast30Days: 3900, streakDays: 3, practisedToday: false },
  videos: { toWatch: 0, list: [] },
  surveys: {
    toAnswer: 1,
    list: [
      {
        surveyId: 's1',
        title: 'Team communication pulse',
        status: 'Active',
        questionCount: 3,
        dueAt: null,
        open: true,
        submittedAt: null,
        updatedAt: null,
      },
    ],
  },
  ...overrides,
});

const openHome = ({ permissions, mine }: { permissions: PermissionKey[]; mine: FakeHandler }) =>
  renderApp({
    path: '/enterprise/dashboard',
    enterprise: verifiedSession(fakeToken(86400)),
    routes: {
      'GET /api/v1/enterprise/general/auth/me': () => ok(makeEnterpriseUser({ permissions })),
      'POST /api/v1/enterprise/general/user-groups': () => groupsPage(1, 1, ['Sales']),
      [COMPANY]: () => fail(500, 'Not in this test'),
      [PROGRESS]: mine,
    },
  });

describe("a member's home: My progress", () => {
  it('a learner sees their tasks nearest due first with the overdue one marked, practice, streak and scores, and no company figures', async () => {
    const app = openHome({ permissions: ['dashboard'], mine: () => ok(progress()) });
    const section = (await screen.findByRole('heading', { name: 'My progress' })).closest(
      'section',
    ) as HTMLElement;
    const tasks = (await within(section).findByRole('heading', { name: 'Tasks to do' })).closest(
      'section',
    ) as HTMLElement;
    const links = within(tasks).getAllByRole('link');
    expect(links[0]).toHaveTextContent('Introduce yourself');
    expect(links[0]).toHaveAttribute('href', '/enterprise/my-tasks/view/t1');
    expect(within(tasks).getByText(/^Overdue since/)).toHaveClass('my-progress__due--overdue');
    expect(within(tasks).getByText(/^Due /)).not.toHaveClass('my-progress__due--overdue');
    expect(within(tasks).getByRole('link', { name: /All 7 tasks in My Tasks/ })).toBeInTheDocument();

    const figures = within(section).getByLabelText('Your practice');
    expect(within(figures).getByText('13 min')).toBeInTheDocument();
    expect(within(figures).getByText('1 h 5 min in the last 30 days')).toBeInTheDocument();
    expect(within(figures).getByText('3 days')).toBeInTheDocument();
    expect(within(figures).getByText('Practise today to keep it going')).toBeInTheDocument();
    // The one started counts among the tasks to do, and is said to be in progress (My Tasks' In progress tab).
    expect(within(figures).getByText('1 in progress · 1 overdue')).toBeInTheDocument();

    expect(within(section).getByText('76 / 100')).toBeInTheDocument();
    expect(within(section).getByText('up 12 since Mar 2')).toHaveClass('my-progress__change--better');
    expect(within(section).getByText('down 2.5 since Mar 2')).toHaveClass('my-progress__change--better');
    expect(within(section).getByText('82 / 100')).toBeInTheDocument();
    expect(within(section).getByText('Passed')).toBeInTheDocument();
    expect(within(section).getByText(/No videos waiting/)).toBeInTheDocument();
    const surveys = within(section)
      .getByRole('heading', { name: 'Surveys to answer' })
      .closest('section') as HTMLElement;
    expect(within(surveys).getByRole('link', { name: 'Team communication pulse' })).toHaveAttribute(
      'href',
      '/enterprise/my-tasks/survey/s1',
    );
    expect(within(surveys).getByText('3 questions')).toBeInTheDocument();

    // The learner's role holds `dashboard` without `members`: no company figures, and no call for them.
    expect(screen.queryByRole('heading', { name: 'Company activity' })).not.toBeInTheDocument();
    expect(app.server.calls.some((call) => call.route === COMPANY)).toBe(false);
  });

  it("an admin's home opens on the company activity, their own progress after it", async () => {
    openHome({ permissions: ['dashboard', 'members'], mine: () => ok(progress()) });
    const company = await screen.findByRole('heading', { name: 'Company activity' });
    const own = await screen.findByRole('heading', { name: 'My progress' });
    // The company's heading comes first in the page.
    expect(company.compareDocumentPosition(own) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('an admin with nothing of their own to do or show is not shown zeroed practice figures', async () => {
    const app = openHome({
      permissions: ['dashboard', 'members'],
      mine: () =>
        ok(
          progress({
            tasks: { open: 0, inProgress: 0, overdue: 0, next: [] },
            scores: [],
            speech: { days: 30, points: [] },
            practice: { secondsLast7Days: 0, secondsLast30Days: 0, streakDays: 0, practisedToday: false },
            videos: { toWatch: 0, list: [] },
            surveys: { toAnswer: 0, list: [] },
          }),
        ),
    });
    expect(await screen.findByRole('heading', { name: 'Company activity' })).toBeInTheDocument();
    await waitFor(() => expect(app.server.calls.some((call) => call.route === PROGRESS)).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('heading', { name: 'My progress' })).not.toBeInTheDocument();
    expect(screen.queryByText('Practised this week')).not.toBeInTheDocument();
  });

  it('a new member sees what each part will hold, and the trend period can change', async () => {
    const app = openHome({
      permissions: ['dashboard'],
      mine: (query) =>
        ok(
          progress({
            tasks: { open: 0, inProgress: 0, overdue: 0, next: [] },
            scores: [],
            speech: { days: Number(query.days ?? 30), points: [] },
            practice: { secondsLast7Days: 0, secondsLast30Days: 0, streakDays: 0, practisedToday: false },
          }),
        ),
    });
    const user = userEvent.setup();
    expect(await screen.findByText(/Nothing to do right now/)).toBeInTheDocument();
    expect(screen.getByText(/No recordings heard in the last 30 days/)).toBeInTheDocument();
    expect(screen.getByText(/Complete a Pronunciation task/)).toBeInTheDocument();
    expect(screen.getByText('Record, complete a task or watch a video to start one')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: '7 days' }));
    expect(await screen.findByText(/No recordings heard in the last 7 days/)).toBeInTheDocument();
    await waitFor(() =>
      expect(app.server.calls.filter((call) => call.route === PROGRESS).at(-1)?.body).toEqual({ days: '7' }),
    );
  });

  it('says when the progress could not be loaded, and tries again', async () => {
    let calls = 0;
    openHome({
      permissions: ['dashboard'],
      mine: () => {
        calls += 1;
        return calls === 1 ? fail(500, 'Something broke') : ok(progress());
      },
    });
    const user = userEvent.setup();
    expect(await screen.findByText('Your progress could not be loaded')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Tasks to do' })).toBeInTheDocument();
  });
});

const video = makeVideo;

describe("a learner's videos to watch", () => {
  it('in Arabic a learner sees each category in Arabic and each length as one isolated, plural-correct phrase', async () => {
    await applyLanguage('ar');
    const list = [
      video('v1', { category: 'communication', categoryLabel: 'Communication', durationSeconds: 60 }),
      video('v2', { category: 'interview', categoryLabel: 'Interview Skills', durationSeconds: 300 }),
      video('v3', { category: 'emotional', categoryLabel: 'Emotional Intelligence', durationSeconds: 120 }),
    ];
    openHome({ permissions: [], mine: () => ok(progress({ videos: { toWatch: 3, list } })) });
    const facts = await waitFor(() => {
      const found = [...document.querySelectorAll('.my-progress__video .my-progress__due')];
      expect(found).toHaveLength(3);
      return found;
    });
    const pieces = facts.map((fact) => [...fact.querySelectorAll('bdi')].map((bdi) => bdi.textContent));
    expect(pieces).toEqual([
      ['التواصل', 'دقيقة واحدة'],
      ['مهارات المقابلات', '5 دقائق'],
      ['الذكاء العاطفي', 'دقيقتان'],
    ]);
    expect(document.body).not.toHaveTextContent('Interview Skills');
  });

  it('in English a learner sees the category and the length in minutes', async () => {
    const list = [video('v1', { durationSeconds: 60 }), video('v2', { durationSeconds: 300 })];
    openHome({ permissions: [], mine: () => ok(progress({ videos: { toWatch: 2, list } })) });
    expect(await screen.findByText('1 minute')).toBeInTheDocument();
    expect(screen.getByText('5 minutes')).toBeInTheDocument();
    expect(screen.getAllByText('Communication')).toHaveLength(2);
  });
});

describe('practice time', () => {
  it('reads as seconds, minutes or hours and minutes', () => {
    expect(practiceTime(0)).toBe('0 min');
    expect(practiceTime(45)).toBe('45 s');
    expect(practiceTime(754)).toBe('13 min');
    expect(practiceTime(3900)).toBe('1 h 5 min');
  });

  it('uses short units in Arabic, right for every number (not "5 دقيقة")', async () => {
    await applyLanguage('ar');
    try {
      const five = new Intl.NumberFormat('ar').format(5);
      expect(practiceTime(300)).toBe(`${five} د`);
      expect(practiceTime(3900)).toBe(`${new Intl.NumberFormat('ar').format(1)} س ${five} د`);
    } finally {
      await applyLanguage('en');
    }
  });
});
