import type {
  Assignment,
  MyTaskDetail,
  PronunciationResult,
  Task,
  TaskAttempt,
} from '@coach/shared/contract/tasks';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeToken, groupsPage, makeEnterpriseUser, ok } from '../../testing/fake-server.ts';
import { renderApp, verifiedSession } from '../../testing/render-app.tsx';

// A scored try that did not pass offers Try again; the new try opens empty and the kept try is
// listed with its score, the one that counts marked.

const T = '/api/v1/enterprise/tasks';
const task: Task = {
  _id: 't1',
  archived: false,
  likeCount: 0,
  viewCount: 0,
  assignedCount: 1,
  completedCount: 1,
  groupIds: [],
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  title: 'Read the shopping note',
  category: 'Communication',
  level: 1,
  timeMinutes: 5,
  expirySeconds: 604800,
  attachments: [],
  type: 5,
  passage: 'Please call Stella and ask her to bring these things with her from the store.',
};
const result = (score: number, passed = false): PronunciationResult => ({
  score,
  passingScore: 75,
  passed,
  method: 'speech',
  engine: 'embedded',
  accent: 'en-US',
  strictness: 'standard',
  items: [{ expected: task.type === 5 ? task.passage : '', score, heard: 'please call stella' }],
  scoredAt: '2026-01-03T10:01:00.000Z',
});
const recording = { passage: { fileUrl: '/files/try-1.webm', durationMs: 5000 } };
const firstTry = (current: boolean): TaskAttempt => ({
  number: 1,
  current,
  counts: true,
  startedAt: '2026-01-03T09:58:00.000Z',
  completedAt: '2026-01-03T10:00:00.000Z',
  result: result(68),
  recordings: recording,
  feedback: null,
  reviewedAt: null,
});
const assignment = (overrides: Partial<Assignment>): Assignment => ({
  _id: 'a1',
  taskId: 't1',
  userId: 'u1',
  source: 'group',
  taskStatus: 2,
  progress: 100,
  report: { recordings: recording },
  assignedAt: '2026-01-01T00:00:00.000Z',
  dueAt: '2099-01-08T00:00:00.000Z',
  overdue: false,
  startedAt: '2026-01-03T09:58:00.000Z',
  completedAt: '2026-01-03T10:00:00.000Z',
  reviewedAt: null,
  feedback: null,
  feedbackAt: null,
  pronunciation: result(68),
  analyses: {},
  interview: [],
  counting: result(68),
  attempts: [firstTry(true)],
  retry: { counts: 'best', maxAttempts: 10, allowed: true, reason: null },
  ...overrides,
});
const shell = {
  'GET /api/v1/enterprise/general/auth/me': () => ok(makeEnterpriseUser()),
  'POST /api/v1/enterprise/general/user-groups': () => groupsPage(1, 1, []),
};
const rule = { accent: 'en-US', passingScore: 75, strictness: 'standard' };

describe('trying a scored task again', () => {
  it('a learner who did not pass tries again: the new try opens empty and the first is kept', async () => {
    const retried: unknown[] = [];
    renderApp({
      path: '/enterprise/my-tasks/view/t1',
      enterprise: verifiedSession(fakeToken(86400)),
      routes: {
        ...shell,
        [`POST ${T}/get-my-task`]: () =>
          ok({ task, assignment: assignment({}), pronunciation: rule } satisfies MyTaskDetail),
        [`POST ${T}/retry-my-task`]: (body) => {
          retried.push(body);
          return ok(
            assignment({
              taskStatus: 1,
              progress: 0,
              report: {},
              completedAt: null,
              pronunciation: null,
              attempts: [firstTry(false)],
              retry: { counts: 'best', maxAttempts: 10, allowed: false, reason: 'open' },
            }),
            'A new try is open: your earlier tries are kept',
          );
        },
      },
    });
    const user = userEvent.setup();
    const score = await screen.findByRole('region', { name: 'Pronunciation score' });
    expect(within(score).getByText('Not passed yet')).toBeInTheDocument();
    // Submitted, not done: no success banner.
    const banner = screen.getByText(/You submitted this try on/);
    expect(banner).toHaveClass('alert--info');
    // Its status says submitted, not completed, beside "Not passed yet".
    const chip = document.querySelector('.my-task__chips .task-status');
    expect(chip).toHaveTextContent('Submitted');
    expect(chip).not.toHaveTextContent('Completed');
    expect(screen.queryByText(/You completed this task/)).not.toBeInTheDocument();
    expect(
      screen.getByText(
        'Not passed yet. You can try again (tries left: 9). Every try is kept, and your best score counts.',
      ),
    ).toBeInTheDocument();
    // Offered on the result and by the task's answers.
    const buttons = screen.getAllByRole('button', { name: 'Try again' });
    expect(buttons).toHaveLength(2);
    // One try so far: no list of tries yet.
    expect(screen.queryByRole('region', { name: 'Tries (1)' })).not.toBeInTheDocument();

    await user.click(buttons[0] as HTMLElement);
    expect(await screen.findByText('A new try is open: your earlier tries are kept')).toBeInTheDocument();
    expect(retried).toEqual([{ taskId: 't1' }]);
    expect(
      await screen.findByText(
        'Try 2: record everything again and submit. Your best score so far is 68 (passing score 75), and your best try counts.',
      ),
    ).toBeInTheDocument();
    // The recorder is open again and the task's work area has the focus.
    expect(screen.getByRole('button', { name: 'Record the passage' })).toBeEnabled();
    await waitFor(() => expect(document.activeElement).toHaveClass('my-task__work-focus'));
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    const tries = screen.getByRole('region', { name: 'Tries (1)' });
    const first = within(tries).getByRole('listitem', { name: 'Try 1, the try that counts' });
    expect(first).toHaveTextContent('68 / 100 · passing score 75');
    expect(within(first).getByLabelText('Try 1: recording of the passage')).toHaveAttribute(
      'src',
      '/files/try-1.webm',
    );
  });

  it('a passed task, or one with every try used, offers no other try', async () => {
    renderApp({
      path: '/enterprise/my-tasks/view/t1',
      enterprise: verifiedSession(fakeToken(86400)),
      routes: {
        ...shell,
        [`POST ${T}/get-my-task`]: () =>
          ok({
            task,
            assignment: assignment({
              pronunciation: result(60),
              counting: result(70),
              attempts: [
                { ...firstTry(false), result: result(70) },
                { ...firstTry(true), number: 2, counts: false, result: result(60) },
              ],
              retry: { counts: 'best', maxAttempts: 2, allowed: false, reason: 'limit' },
            }),
            pronunciation: rule,
          } satisfies MyTaskDetail),
      },
    });
    expect(
      await screen.findByText('You have had all 2 tries at this task. Your best score counts.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    const tries = screen.getByRole('region', { name: 'Tries (2)' });
    expect(within(tries).getByText('Your best try counts.')).toBeInTheDocument();
    expect(within(tries).getByRole('listitem', { name: 'Try 1, the try that counts' })).toBeInTheDocument();
    expect(within(tries).getByRole('listitem', { name: 'Try 2' })).toHaveTextContent('Not passed yet');
  });
});
