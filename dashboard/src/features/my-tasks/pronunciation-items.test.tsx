import type { SpeechAnalysis } from '@coach/shared/contract/speech';
import type { Assignment, MyTaskDetail, PronunciationResult, Task } from '@coach/shared/contract/tasks';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeToken, groupsPage, makeEnterpriseUser, ok } from '../../testing/fake-server.ts';
import { renderApp, verifiedSession } from '../../testing/render-app.tsx';
import { noSpeechAnalysis } from '../../testing/speech-fixtures.ts';

// Each Pronunciation item is told against the passing score from its own analysis; the task's total stays the
// server's (the items' mean), so an item far below the mark is not averaged out of sight.

const T = '/api/v1/enterprise/tasks';
const task: Task = {
  _id: 't1',
  archived: false,
  likeCount: 0,
  viewCount: 0,
  assignedCount: 1,
  completedCount: 0,
  groupIds: [],
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  title: 'Say the greetings',
  category: 'Audio',
  level: 1,
  timeMinutes: 5,
  expirySeconds: 604800,
  attachments: [],
  type: 2,
  items: ['Good morning.', 'Thank you for calling.', 'How can I help?'],
};
const rule = { accent: 'en-US', passingScore: 75, strictness: 'standard' };
const scored = (pronunciation: number): SpeechAnalysis => ({
  status: 'done',
  transcript: 'words',
  durationSeconds: 2,
  wordsPerMinute: 120,
  pauses: [],
  longestPauseSeconds: 0,
  fillers: { count: 0, per100Words: 0, words: [] },
  words: null,
  scores: { accuracy: pronunciation, completeness: 100, fluency: 90, pronunciation },
});
const recordings = {
  '0': { fileUrl: '/files/0.webm' },
  '1': { fileUrl: '/files/1.webm' },
  '2': { fileUrl: '/files/2.webm' },
};
const assignment = (overrides: Partial<Assignment> = {}): Assignment => ({
  _id: 'a1',
  taskId: 't1',
  userId: 'u1',
  source: 'direct',
  taskStatus: 1,
  progress: 99,
  report: { recordings },
  assignedAt: '2026-01-01T00:00:00.000Z',
  dueAt: '2099-01-08T00:00:00.000Z',
  overdue: false,
  startedAt: '2026-01-02T00:00:00.000Z',
  completedAt: null,
  reviewedAt: null,
  feedback: null,
  feedbackAt: null,
  pronunciation: null,
  analyses: { '0': scored(92), '1': scored(25), '2': scored(80) },
  interview: [],
  ...overrides,
});
const result: PronunciationResult = {
  score: 77,
  passingScore: 75,
  passed: true,
  method: 'speech',
  engine: 'embedded',
  accent: 'en-US',
  strictness: 'standard',
  items: [
    { expected: 'Good morning.', score: 92, heard: 'good morning' },
    { expected: 'Thank you for calling.', score: 25, heard: 'thank you' },
    { expected: 'How can I help?', score: 80, heard: 'how can I help' },
  ],
  scoredAt: '2026-01-03T10:00:00.000Z',
};
const shell = {
  'GET /api/v1/enterprise/general/auth/me': () => ok(makeEnterpriseUser()),
  'POST /api/v1/enterprise/general/user-groups': () => groupsPage(1, 1, []),
};

describe('pronunciation items against the passing score', () => {
  it('a learner sees each item passed or below the mark, and is asked before submitting one below it', async () => {
    const completions: unknown[] = [];
    const app = renderApp({
      path: '/enterprise/my-tasks/view/t1',
      enterprise: verifiedSession(fakeToken(86400)),
      routes: {
        ...shell,
        [`POST ${T}/get-my-task`]: () =>
          ok({ task, assignment: assignment(), pronunciation: rule } satisfies MyTaskDetail),
        [`POST ${T}/update-my-task`]: (body) => {
          if (body.taskStatus === 2) completions.push(body);
          return ok(
            body.taskStatus === 2
              ? assignment({ taskStatus: 2, progress: 100, completedAt: '2026-01-03T10:00:00.000Z' })
              : assignment(),
          );
        },
      },
    });
    const user = userEvent.setup();
    expect(await screen.findByText('92 / 100 · passed')).toHaveClass('chip--success');
    expect(screen.getByText('25 / 100 · below the passing score of 75')).toHaveClass('chip--danger');
    expect(screen.getByText('80 / 100 · passed')).toBeInTheDocument();
    expect(screen.queryByText('Recorded')).not.toBeInTheDocument();
    // Every item is recorded, but not everything is "done": the one below the mark is named, with a retry.
    const progress = screen.getByRole('region', { name: 'Progress and submit' });
    expect(progress).toHaveTextContent(
      'Below the passing score of 75: Item 2. Record these again for a better score, or submit as they are.',
    );
    expect(progress).not.toHaveTextContent('Everything is done');
    // The recorder of the item below the mark still offers another take.
    expect(screen.getByRole('button', { name: 'Record again item 2' })).toBeEnabled();

    await user.click(within(progress).getByRole('button', { name: 'Submit task' }));
    const dialog = await screen.findByRole('dialog', { name: 'Submit with items below the passing score?' });
    expect(dialog).toHaveTextContent('Below the passing score of 75: Item 2.');
    await user.click(within(dialog).getByRole('button', { name: 'Record again first' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(completions).toHaveLength(0);

    await user.click(within(progress).getByRole('button', { name: 'Submit task' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Submit anyway' }),
    );
    await waitFor(() => expect(completions).toHaveLength(1));
    expect(app.server.calls.some((call) => call.route.endsWith('update-my-task'))).toBe(true);
  });

  it('a learner whose items all reach the mark submits without being asked', async () => {
    const completions: unknown[] = [];
    renderApp({
      path: '/enterprise/my-tasks/view/t1',
      enterprise: verifiedSession(fakeToken(86400)),
      routes: {
        ...shell,
        [`POST ${T}/get-my-task`]: () =>
          ok({
            task,
            assignment: assignment({ analyses: { '0': scored(92), '1': scored(75), '2': scored(80) } }),
            pronunciation: rule,
          } satisfies MyTaskDetail),
        [`POST ${T}/update-my-task`]: (body) => {
          if (body.taskStatus === 2) completions.push(body);
          return ok(assignment({ taskStatus: 2, progress: 100, completedAt: '2026-01-03T10:00:00.000Z' }));
        },
      },
    });
    const user = userEvent.setup();
    expect(await screen.findByText('75 / 100 · passed')).toBeInTheDocument();
    const progress = screen.getByRole('region', { name: 'Progress and submit' });
    expect(progress).toHaveTextContent('Everything is done. Submit when you are happy with your answers.');
    await user.click(within(progress).getByRole('button', { name: 'Submit task' }));
    await waitFor(() => expect(completions).toHaveLength(1));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('after submitting, the score keeps the server total and marks the item below the passing score', async () => {
    renderApp({
      path: '/enterprise/my-tasks/view/t1',
      enterprise: verifiedSession(fakeToken(86400)),
      routes: {
        ...shell,
        [`POST ${T}/get-my-task`]: () =>
          ok({
            task,
            assignment: assignment({
              taskStatus: 2,
              progress: 100,
              completedAt: '2026-01-03T10:00:00.000Z',
              pronunciation: result,
            }),
            pronunciation: rule,
          } satisfies MyTaskDetail),
      },
    });
    const score = await screen.findByRole('region', { name: 'Pronunciation score' });
    expect(within(score).getByText('77')).toBeInTheDocument();
    const rows = within(within(score).getByRole('table')).getAllByRole('row');
    expect(rows[2]).toHaveTextContent('25 Below 75');
    expect(within(rows[2] as HTMLElement).getByText('Below 75')).toHaveClass('chip--danger');
    expect(rows[1]).toHaveTextContent('92 Passed');
    // The answers read back each item against the mark too.
    expect(screen.getByText('25 / 100 · below the passing score of 75')).toBeInTheDocument();
  });

  /** A Read & Record task whose passage was recorded and analysed as given; the completions it sent. */
  const openPassage = (analysis: SpeechAnalysis) => {
    const completions: unknown[] = [];
    const passageTask: Task = {
      ...task,
      title: 'Read the notice',
      type: 5,
      passage: 'The library closes early on Friday.',
    } as Task;
    const readAssignment = (overrides: Partial<Assignment> = {}) =>
      assignment({
        report: { recordings: { passage: { fileUrl: '/files/p.webm' } } },
        analyses: { passage: analysis },
        ...overrides,
      });
    renderApp({
      path: '/enterprise/my-tasks/view/t1',
      enterprise: verifiedSession(fakeToken(86400)),
      routes: {
        ...shell,
        [`POST ${T}/get-my-task`]: () =>
          ok({ task: passageTask, assignment: readAssignment(), pronunciation: rule } satisfies MyTaskDetail),
        [`POST ${T}/update-my-task`]: (body) => {
          if (body.taskStatus === 2) completions.push(body);
          return ok(readAssignment(body.taskStatus === 2 ? { taskStatus: 2, progress: 100 } : {}));
        },
      },
    });
    return completions;
  };

  it('a Read & Record passage below the mark says so, and submitting asks first', async () => {
    const completions = openPassage(scored(40));
    const user = userEvent.setup();
    expect(await screen.findByText('40 / 100 · below the passing score of 75')).toHaveClass('chip--danger');
    expect(screen.getByText(/Scored for .* with a passing score of 75/)).toBeInTheDocument();
    const progress = screen.getByRole('region', { name: 'Progress and submit' });
    expect(progress).toHaveTextContent(
      'Your reading is below the passing score of 75. Record it again for a better score, or submit it as it is.',
    );
    await user.click(within(progress).getByRole('button', { name: 'Submit task' }));
    const dialog = await screen.findByRole('dialog', { name: 'Submit a reading below the passing score?' });
    await user.click(within(dialog).getByRole('button', { name: 'Submit anyway' }));
    await waitFor(() => expect(completions).toHaveLength(1));
  });

  it('a passage in which nothing was heard is asked about before submitting, and can be recorded again first', async () => {
    const completions = openPassage(noSpeechAnalysis());
    const user = userEvent.setup();
    const progress = await screen.findByRole('region', { name: 'Progress and submit' });
    await user.click(within(progress).getByRole('button', { name: 'Submit task' }));
    const ask = await screen.findByRole('dialog', { name: 'Submit recordings we could not hear?' });
    await user.click(within(ask).getByRole('button', { name: 'Record again first' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(completions).toHaveLength(0);
    await user.click(within(progress).getByRole('button', { name: 'Submit task' }));
    const again = await screen.findByRole('dialog', { name: 'Submit recordings we could not hear?' });
    await user.click(within(again).getByRole('button', { name: 'Submit anyway' }));
    await waitFor(() => expect(completions).toHaveLength(1));
  });
});
