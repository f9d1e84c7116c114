import type { LanguageCode } from '@coach/shared/constants/languages';
import type { EnterpriseDashboard } from '@coach/shared/contract/general';
import type { MyProgress } from '@coach/shared/contract/my-progress';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { shortNumber, withNumbers } from '../../i18n/format.ts';
import { applyLanguage, i18n } from '../../i18n/index.ts';
import { languageTag } from '../../i18n/languages.ts';
import { fakeToken, groupsPage, makeEnterpriseUser, ok } from '../../testing/fake-server.ts';
import { renderApp, verifiedSession } from '../../testing/render-app.tsx';

// uPlot draws on a canvas jsdom has not got; the charts are pictures (aria-hidden) beside tables of their values.
vi.mock('../../ui/activity-chart.tsx', () => ({ default: () => null }));
vi.mock('../../ui/trend-chart.tsx', () => ({ default: () => null }));

const company: EnterpriseDashboard = {
  range: { startDate: '2026-02-09', endDate: '2026-03-10' },
  members: { total: 1290, invited: 0, active: 87, joined: 12 },
  groups: 4,
  tasks: { assigned: 356, inProgress: 23, completed: 140, overdue: 9, pendingReview: 5 },
  videos: { assigned: 40, watched: 18 },
  activity: [
    { day: '2026-03-09', activeMembers: 31 },
    { day: '2026-03-10', activeMembers: 27 },
  ],
};

const progress: MyProgress = {
  timeZone: 'UTC',
  today: '2026-03-10',
  tasks: {
    open: 7,
    inProgress: 1,
    overdue: 2,
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
    ],
  },
  scores: [
    {
      taskId: 't9',
      title: 'Vowel sounds',
      score: 82,
      passingScore: 70,
      passed: false,
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
    toAnswer: 3,
    list: [
      {
        surveyId: 's1',
        title: 'Team communication pulse',
        status: 'Active',
        questionCount: 12,
        dueAt: '2026-03-20T09:00:00.000Z',
        open: true,
        submittedAt: null,
        updatedAt: null,
      },
    ],
  },
};

/** An admin's home: the company's figures first, their own progress after them. */
const openHome = (
  figures: EnterpriseDashboard = company,
  me = makeEnterpriseUser({ permissions: ['dashboard', 'members'] }),
) =>
  renderApp({
    path: '/enterprise/dashboard',
    enterprise: verifiedSession(fakeToken(86400)),
    routes: {
      'GET /api/v1/enterprise/general/auth/me': () => ok(me),
      'POST /api/v1/enterprise/general/user-groups': () => groupsPage(1, 1, ['Sales']),
      'GET /api/v1/enterprise/general/my-dashboard': () => ok(figures),
      'GET /api/v1/enterprise/general/my-progress': () => ok(progress),
    },
  });

/** The ten digits Intl writes in a language (0-9, ٠-٩ or ۰-۹). */
const digitsOf = (code: LanguageCode) =>
  new Intl.NumberFormat(languageTag(code), { useGrouping: false }).format(1234567890);

/** Every digit in the text that is not one of the language's own. */
const foreignDigits = (text: string, code: LanguageCode) => {
  const own = digitsOf(code);
  return [...text.matchAll(/\p{Nd}/gu)].map(([digit]) => digit).filter((digit) => !own.includes(digit));
};

/** The text of the company's figures (stat cards, their notes, the period picker, the day table) and My progress. */
const dashboardText = async () => {
  await waitFor(() => expect(document.querySelectorAll('.dashboard__figures .stat')).toHaveLength(9));
  await waitFor(() => expect(document.querySelectorAll('.my-progress .stat')).toHaveLength(5));
  return [...document.querySelectorAll('.dashboard__figures, .my-progress')]
    .map((section) => section.textContent ?? '')
    .join('\n');
};

describe('the dashboard writes every number in one digit system', () => {
  it('a Dari-speaking admin sees the stat cards, their notes and durations in Persian digits only', async () => {
    await applyLanguage('fa');
    openHome();
    const text = await dashboardText();
    expect(text).not.toMatch(/[0-9]/);
    // The compact figure, a count inside a sentence, a percentage, a duration and the period picker.
    const figures = document.querySelector('.dashboard__figures') as HTMLElement;
    expect(screen.getByTitle('۱٬۲۹۰').textContent).toBe(shortNumber(1290));
    expect(shortNumber(1290)).toMatch(/^۱٫۲\sهزار$/);
    expect(figures).toHaveTextContent(i18n.t('dashboard:figures.inProgress', withNumbers({ count: 23 })));
    expect(figures).toHaveTextContent('۲۳');
    expect(figures).toHaveTextContent('۷٪');
    for (const radio of screen.getAllByRole('radio', { name: /۳۰/ })) expect(radio).toBeChecked();
    const mine = document.querySelector('.my-progress') as HTMLElement;
    expect(mine).toHaveTextContent('۱۳');
    expect(mine).toHaveTextContent('۸۲ / ۱۰۰');
  });

  it('a Pashto-speaking admin sees Persian digits only, and an Arabic-speaking one only the digits Intl gives Arabic', async () => {
    await applyLanguage('ps');
    const ps = openHome();
    const pashto = await dashboardText();
    expect(pashto).not.toMatch(/[0-9]/);
    expect(foreignDigits(pashto, 'ps')).toEqual([]);
    ps.unmount();

    await applyLanguage('ar');
    openHome();
    const arabic = await dashboardText();
    expect(foreignDigits(arabic, 'ar')).toEqual([]);
  });

  it('a count keeps choosing its plural form while it is written in the language digits', async () => {
    await applyLanguage('fa');
    expect(withNumbers({ count: 3, name: 'Sales' })).toEqual({
      count: 3,
      name: 'Sales',
      replace: { count: '۳', name: 'Sales' },
    });
    await applyLanguage('en');
    expect(i18n.t('dashboard:figures.inProgress', withNumbers({ count: 1 }))).toBe(
      i18n.t('dashboard:figures.inProgress', { count: 1 }),
    );
    expect(i18n.t('dashboard:days', withNumbers({ count: 1290 }))).toBe('1,290 days');
  });
});

describe('the company figures count invitees apart', () => {
  it('an admin who has invited six people sees one member and six invited, not seven new members', async () => {
    await applyLanguage('en');
    openHome({ ...company, members: { total: 1, invited: 6, active: 1, joined: 1 } });
    const members = (await screen.findByText('Members', { selector: '.stat__label' })).closest('.stat');
    expect(members).toHaveTextContent('1');
    expect(members).toHaveTextContent('6 invited, not joined yet');
    const fresh = screen.getByText('New members', { selector: '.stat__label' }).closest('.stat');
    expect(fresh).toHaveTextContent('1Joined in the last 30 days');
  });

  it('an admin with no pending invitation sees no invited note', async () => {
    await applyLanguage('en');
    openHome();
    const members = (await screen.findByText('Members', { selector: '.stat__label' })).closest('.stat');
    expect(members).not.toHaveTextContent('invited');
  });
});

describe('the greeting', () => {
  it('greets a member by their first name', async () => {
    await applyLanguage('en');
    openHome();
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(
      /^Good (morning|afternoon|evening), Olivia$/,
    );
  });

  it('greets a platform admin logged in as the company by no name, not as "Platform"', async () => {
    await applyLanguage('en');
    // What the server's `me` says of a log-in-as session (profile.ts).
    const acting = {
      ...makeEnterpriseUser({ permissions: ['dashboard', 'members'], name: 'Platform Admin' }),
      loggedInAsAdmin: true,
    };
    openHome(company, acting);
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(
      /^Good (morning|afternoon|evening)$/,
    );
  });

  it('greets an account named as its company (an institution) by no name, not by its first word', async () => {
    await applyLanguage('en');
    const institution = makeEnterpriseUser({
      permissions: ['dashboard'],
      name: 'You Study International College',
    });
    openHome(company, {
      ...institution,
      enterpriseId: { ...institution.enterpriseId, company_name: 'You Study International College' },
    });
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(
      /^Good (morning|afternoon|evening)$/,
    );
  });
});
