import type { Assignment, ChoiceResult, LearnerTask, MyTaskDetail } from '@coach/shared/contract/tasks';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { formatNumber } from '../../i18n/format.ts';
import { applyLanguage, i18n } from '../../i18n/index.ts';
import { fakeToken, groupsPage, makeEnterpriseUser, ok } from '../../testing/fake-server.ts';
import { renderApp, verifiedSession } from '../../testing/render-app.tsx';

// A submitted Multiple Choice task marked by the server (assignment.choiceResult): the learner sees which answers
// were right, the right answer where they were wrong, and the total, in words as well as colour.

const T = '/api/v1/enterprise/tasks';

const quiz: LearnerTask = {
  _id: 't8',
  archived: false,
  likeCount: 0,
  viewCount: 0,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  title: 'Meeting manners',
  category: 'Communication',
  level: 1,
  timeMinutes: 10,
  expirySeconds: 604800,
  attachments: [],
  type: 8,
  questions: [
    {
      id: 'q1',
      type: 'multiple-choice',
      text: 'When should the agenda go out?',
      options: [
        { text: 'At least a day before', value: 'day-before' },
        { text: 'When the meeting starts', value: 'at-start' },
      ],
      hasOther: false,
      multipleSelection: false,
      required: true,
    },
    {
      id: 'q2',
      type: 'multiple-choice',
      text: 'Which roles help a meeting?',
      options: [
        { text: 'Facilitator', value: 'facilitator' },
        { text: 'Timekeeper', value: 'timekeeper' },
        { text: 'Heckler', value: 'heckler' },
      ],
      hasOther: true,
      otherText: 'Another role',
      multipleSelection: true,
      required: true,
    },
    {
      id: 'q3',
      type: 'multiple-choice',
      text: 'How did the last meeting feel?',
      options: [
        { text: 'Useful', value: 'useful' },
        { text: 'Too long', value: 'long' },
      ],
      hasOther: false,
      multipleSelection: false,
      required: true,
    },
    {
      id: 'q4',
      type: 'multiple-choice',
      text: 'Who takes the notes?',
      options: [
        { text: 'A named note taker', value: 'named' },
        { text: 'Whoever is free', value: 'anyone' },
      ],
      hasOther: false,
      multipleSelection: false,
      required: false,
    },
  ],
};

const choices = {
  q1: { values: ['day-before'] },
  q2: { values: ['facilitator'], other: 'A scribe' },
  q3: { values: ['long'] },
};
/** q1 right; q2 wrong (one of the two roles); q3 has no expected answer; q4 optional, left unanswered. */
const result: ChoiceResult = {
  right: 1,
  total: 3,
  questions: [
    { questionId: 'q1', right: true, expected: ['day-before'] },
    { questionId: 'q2', right: false, expected: ['facilitator', 'timekeeper'] },
    { questionId: 'q4', right: false, expected: ['named'] },
  ],
};

const assignment = (overrides: Partial<Assignment> = {}): Assignment => ({
  _id: 'a8',
  taskId: 't8',
  userId: 'u1',
  source: 'direct',
  taskStatus: 1,
  progress: 75,
  report: { choices },
  assignedAt: '2026-01-01T00:00:00.000Z',
  dueAt: '2099-01-08T00:00:00.000Z',
  overdue: false,
  startedAt: '2026-01-02T00:00:00.000Z',
  completedAt: null,
  reviewedAt: null,
  feedback: null,
  feedbackAt: null,
  pronunciation: null,
  analyses: {},
  interview: [],
  choiceResult: null,
  ...overrides,
});
const submitted = assignment({
  taskStatus: 2,
  progress: 100,
  completedAt: '2026-01-03T10:00:00.000Z',
  choiceResult: result,
});

const openTask = (first: Assignment) =>
  renderApp({
    path: '/enterprise/my-tasks/view/t8',
    enterprise: verifiedSession(fakeToken(86400)),
    routes: {
      'GET /api/v1/enterprise/general/auth/me': () => ok(makeEnterpriseUser()),
      'POST /api/v1/enterprise/general/user-groups': () => groupsPage(1, 1, []),
      [`POST ${T}/get-my-task`]: () =>
        ok({ task: quiz, assignment: first, pronunciation: null } satisfies MyTaskDetail),
      [`POST ${T}/update-my-task`]: (body) =>
        body.taskStatus === 2 ? ok(submitted, 'Task completed successfully') : ok(first),
    },
  });

/** The list item of the question headed `text`. */
const questionItem = (text: string) =>
  screen.getByRole('heading', { level: 3, name: new RegExp(text) }).closest('li') as HTMLElement;
/** The option (or "other" answer) of a question that reads `text`. */
const optionIn = (item: HTMLElement, text: string) =>
  within(item).getByText(text).closest('li') as HTMLElement;

describe('a Multiple Choice task marked once submitted', () => {
  it('a learner who submits sees the total first, then each answer marked with the right one where they missed it', async () => {
    openTask(assignment());
    const user = userEvent.setup();
    // The first screen of the file loads the app's modules: slow on a busy machine.
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Meeting manners' }, { timeout: 15_000 }),
    ).toBeInTheDocument();
    // Nothing is marked while the learner can still change their answers.
    expect(screen.queryByText(/You got/)).not.toBeInTheDocument();
    expect(screen.queryByText('Right answer')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Submit task' }));
    const card = (await screen.findByRole('heading', { name: 'Your answers' })).closest(
      'section',
    ) as HTMLElement;
    // The total at the top of the answers, before the first question.
    const total = within(card).getByText('You got 1 of 3 right.');
    const firstQuestion = within(card).getAllByRole('heading', { level: 3 })[0] as HTMLElement;
    expect(total.compareDocumentPosition(firstQuestion) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    // Right: a tick and the word, the learner's choice named as theirs.
    const q1 = questionItem('When should the agenda go out');
    expect(within(q1).getByText('Right')).toHaveTextContent('✓ Right');
    expect(optionIn(q1, 'At least a day before')).toHaveTextContent('At least a day before Your answer');
    expect(within(q1).queryByText('Right answer')).not.toBeInTheDocument();

    // Wrong: a cross and the word; both right roles pointed out, the learner's "other" text shown, not marked.
    const q2 = questionItem('Which roles help a meeting');
    expect(within(q2).getByText('Wrong')).toHaveTextContent('✗ Wrong');
    expect(optionIn(q2, 'Facilitator')).toHaveTextContent('Facilitator Your answer Right answer');
    expect(optionIn(q2, 'Timekeeper')).toHaveTextContent('Timekeeper Right answer');
    expect(optionIn(q2, 'Heckler')).toHaveTextContent(/^Heckler$/);
    expect(optionIn(q2, 'A scribe')).toHaveTextContent('Another role: A scribe Your answer');

    // No expected answer: not marked, and not counted in the total.
    const q3 = questionItem('How did the last meeting feel');
    expect(within(q3).getByText('Not marked')).toBeInTheDocument();
    expect(within(q3).queryByText(/^(Right|Wrong)$/)).not.toBeInTheDocument();

    // An optional question left unanswered: said so, with the right answer.
    const q4 = questionItem('Who takes the notes');
    expect(within(q4).getByText('Not answered')).toHaveTextContent('✗ Not answered');
    expect(optionIn(q4, 'A named note taker')).toHaveTextContent('A named note taker Right answer');
    expect(within(q4).queryByText('Your answer')).not.toBeInTheDocument();

    // A screen reader hears the words, not the symbols: every tick and cross is hidden from it.
    for (const icon of within(card).getAllByText(/^[✓✗–]$/))
      expect(icon).toHaveAttribute('aria-hidden', 'true');
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
  });

  it('a learner who opens a quiz submitted earlier sees it marked in Arabic, right to left', async () => {
    await applyLanguage('ar');
    openTask(submitted);
    const t = i18n.getFixedT('ar', 'my-tasks');
    expect(
      await screen.findByText(
        t('marks.total', { right: formatNumber(1), total: formatNumber(3) }),
        {},
        { timeout: 15_000 },
      ),
    ).toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    const q2 = questionItem('Which roles help a meeting');
    expect(within(q2).getByText(t('marks.wrong'))).toHaveTextContent(`✗ ${t('marks.wrong')}`);
    expect(optionIn(q2, 'Timekeeper')).toHaveTextContent(t('marks.rightAnswer'));
    // The author's English keeps its own direction inside the right-to-left page.
    expect(within(q2).getByText('Timekeeper')).toHaveAttribute('dir', 'auto');
    expect(within(q2).getByText('Which roles help a meeting?')).toHaveAttribute('dir', 'auto');
  });
});
