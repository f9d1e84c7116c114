import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fail, ok } from '../../testing/fake-server.ts';
import { renderApp } from '../../testing/render-app.tsx';
import { authorSession, makeTask, signedInAuthor, TASKS_API } from './task-fixtures.ts';

const row = (overrides: Record<string, unknown>) => ({
  source: 'direct',
  taskStatus: 0,
  progress: 0,
  dueAt: '2026-04-01T00:00:00.000Z',
  overdue: false,
  completedAt: null,
  reviewedAt: null,
  ...overrides,
});

describe('task details (spec §2 /enterprise/tasks-library/view/{id})', () => {
  it('an author sees a multiple-choice task with its options, attachments and who has it', async () => {
    renderApp({
      path: '/enterprise/tasks-library/view/t8',
      enterprise: authorSession(),
      routes: {
        ...signedInAuthor(),
        [`GET ${TASKS_API}/get-task-by-id`]: () =>
          ok(
            makeTask({
              _id: 't8',
              title: 'Customer call check',
              type: 8,
              questions: [
                {
                  id: 'q1',
                  type: 'multiple-choice',
                  text: 'How do you open a call?',
                  options: [
                    { text: 'Greet and introduce yourself', value: 'greet' },
                    { text: 'Ask for the account number', value: 'account' },
                  ],
                  hasOther: true,
                  multipleSelection: false,
                  required: true,
                  answer: 'greet',
                },
              ],
              attachments: [
                {
                  fileType: 'application/pdf',
                  fileUrl: '/files/script.pdf',
                  fileName: 'call-script-for-new-starters.pdf',
                  fileSize: 1536,
                },
              ],
            }),
          ),
        [`POST ${TASKS_API}/get-members-by-taskid`]: () =>
          ok({
            currentPage: 1,
            totalPages: 1,
            totalCount: 5,
            listdata: [
              row({
                _id: 'u1',
                name: 'Ann Done',
                email: 'ann@acme.example',
                taskStatus: 2,
                progress: 100,
                completedAt: '2026-03-05T00:00:00.000Z',
                reviewedAt: '2026-03-06T00:00:00.000Z',
              }),
              row({ _id: 'u2', name: 'Ben Busy', email: 'ben@acme.example', taskStatus: 1, progress: 40 }),
              row({ _id: 'u3', name: 'Cat Late', email: 'cat@acme.example', overdue: true, source: 'group' }),
              row({ _id: 'u4', name: 'Dan New', email: 'dan@acme.example' }),
              row({
                _id: 'u5',
                name: 'Eve Below',
                email: 'eve@acme.example',
                taskStatus: 2,
                progress: 100,
                completedAt: '2026-03-05T00:00:00.000Z',
                passed: false,
              }),
            ],
          }),
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Customer call check' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Customer call check' })).toHaveAttribute(
      'dir',
      'auto',
    );
    // What the author typed runs in its own direction: in Arabic an English question keeps its ? at its end.
    expect(screen.getByText('How do you open a call?')).toHaveAttribute('dir', 'auto');
    const expected = screen.getByText('Greet and introduce yourself');
    expect(expected).toHaveAttribute('dir', 'auto');
    expect(expected.closest('li')).toHaveTextContent('Expected answer');
    expect(screen.getByText('Other (free text)')).toBeInTheDocument();
    const attachment = screen.getByRole('link', { name: 'call-script-' });
    expect(attachment).toHaveAttribute('href', '/files/script.pdf');
    expect(screen.getByRole('link', { name: 'Edit' })).toHaveAttribute(
      'href',
      '/enterprise/tasks-library/edit/t8',
    );

    const table = await screen.findByRole('table', { name: 'Members' });
    const rowOf = (name: string) => within(table).getByText(name).closest('tr') as HTMLElement;
    expect(within(rowOf('Ann Done')).getByText('Completed')).toBeInTheDocument();
    expect(within(rowOf('Ann Done')).getByText('Reviewed')).toBeInTheDocument();
    expect(
      within(rowOf('Ann Done')).getByRole('link', { name: "Review Ann Done's answers" }),
    ).toHaveAttribute('href', '/enterprise/member-task/view/t8?member=u1');
    expect(within(rowOf('Ben Busy')).getByText('In progress')).toBeInTheDocument();
    expect(within(rowOf('Cat Late')).getByText('Overdue')).toBeInTheDocument();
    expect(within(rowOf('Dan New')).getByText('Not started')).toBeInTheDocument();
    expect(within(rowOf('Dan New')).queryByRole('link')).toBeNull();
    // A try below its passing score reads as the member's own page says it: submitted, not passed yet.
    expect(within(rowOf('Eve Below')).getByText('Submitted, not passed yet')).toBeInTheDocument();
    expect(within(rowOf('Eve Below')).queryByText('Completed')).toBeNull();
  });
  it('an author opening a task that is not there is led back to the library, with nothing to try again', async () => {
    const app = renderApp({
      path: '/enterprise/tasks-library/view/elsewhere',
      enterprise: authorSession(),
      routes: {
        ...signedInAuthor(),
        [`GET ${TASKS_API}/get-task-by-id`]: () => fail(404, 'Task not found'),
      },
    });
    expect(await screen.findByText('The task could not be loaded')).toBeInTheDocument();
    expect(screen.getByText('Task not found')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('link', { name: 'Back to the Tasks Library' }));
    await waitFor(() => expect(app.location()).toBe('/enterprise/tasks-library'));
  });
});
