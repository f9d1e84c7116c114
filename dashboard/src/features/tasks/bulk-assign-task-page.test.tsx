import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fail, ok } from '../../testing/fake-server.ts';
import { renderApp } from '../../testing/render-app.tsx';
import { assignablePeople, authorSession, makeTask, signedInAuthor, TASKS_API } from './task-fixtures.ts';

describe('bulk assign (spec §2 /enterprise/bulk-assign-task)', () => {
  it('an author picks tasks on two pages and a group, and the choice survives paging', async () => {
    const app = renderApp({
      path: '/enterprise/bulk-assign-task',
      enterprise: authorSession(),
      routes: {
        ...signedInAuthor(),
        [`GET ${TASKS_API}/get-enterprise-tasks`]: (query) => {
          const page = Number(query.currentPage);
          return ok({
            currentPage: page,
            totalPages: 2,
            totalCount: 26,
            listdata: [makeTask({ _id: `t${page}`, title: `Task on page ${page}` })],
          });
        },
        [`GET ${TASKS_API}/get-assignable-people`]: assignablePeople({
          groups: [{ _id: 'g1', name: 'Sales', memberCount: 4 }],
        }),
        [`POST ${TASKS_API}/assign-task-group-users`]: () => ok({ assigned: 8, groupMembers: 4 }),
      },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Assign' }));
    expect(
      await screen.findByText('Choose the tasks, and the groups or members to assign them to.'),
    ).toBeInTheDocument();

    await user.click(await screen.findByRole('checkbox', { name: /Task on page 1/ }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(await screen.findByRole('checkbox', { name: /Task on page 2/ }));
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(await screen.findByRole('checkbox', { name: /Task on page 1/ })).toBeChecked();
    expect(screen.getByText('2 tasks chosen')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Assign' }));
    expect(await screen.findByText('Choose at least one group or member.')).toBeInTheDocument();
    const groups = screen.getByRole('group', { name: 'Groups' });
    await user.click(await within(groups).findByRole('checkbox', { name: /Sales/ }));
    await user.click(screen.getByRole('button', { name: 'Assign' }));
    expect(await screen.findByText('8 new assignments made')).toBeInTheDocument();
    expect(app.server.calls.find((call) => call.route.endsWith('assign-task-group-users'))?.body).toEqual({
      taskIds: ['t1', 't2'],
      groupIds: ['g1'],
    });
    expect(app.server.calls.some((call) => call.route.endsWith('assign-task-users'))).toBe(false);
  });

  it('an author assigns to a group and a member: two calls, one toast; a refusal of the second keeps the choice', async () => {
    let refuse = true;
    const app = renderApp({
      path: '/enterprise/bulk-assign-task',
      enterprise: authorSession(),
      routes: {
        ...signedInAuthor(),
        [`GET ${TASKS_API}/get-enterprise-tasks`]: () =>
          ok({
            currentPage: 1,
            totalPages: 1,
            totalCount: 1,
            listdata: [makeTask({ _id: 't1', title: 'Team briefing' })],
          }),
        [`GET ${TASKS_API}/get-assignable-people`]: assignablePeople({
          groups: [{ _id: 'g1', name: 'Sales', memberCount: 4 }],
          members: [{ _id: 'm1', name: 'Mia Member', email: 'mia@acme.example' }],
        }),
        [`POST ${TASKS_API}/assign-task-group-users`]: () => ok({ assigned: 4, groupMembers: 4 }),
        [`POST ${TASKS_API}/assign-task-users`]: () =>
          refuse ? fail(404, 'Member not found') : ok({ assigned: 1, alreadyAssigned: 0 }),
      },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('checkbox', { name: /Team briefing/ }));
    await user.click(await screen.findByRole('checkbox', { name: /Sales/ }));
    await user.click(await screen.findByRole('checkbox', { name: /Mia Member/ }));
    await user.click(screen.getByRole('button', { name: 'Assign' }));

    // The server's sentence above the form, the choice kept for another try.
    expect(await screen.findByText('Member not found')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: /Team briefing/ })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Assign' })).toBeEnabled();

    refuse = false;
    await user.click(screen.getByRole('button', { name: 'Assign' }));
    expect(await screen.findByText('5 new assignments made')).toBeInTheDocument();
    expect(screen.queryByText('Member not found')).toBeNull();
    expect(screen.getByText('Nothing chosen yet.')).toBeInTheDocument();
    const bodies = (end: string) =>
      app.server.calls.filter((call) => call.route.endsWith(end)).map((call) => call.body);
    expect(bodies('assign-task-group-users')).toEqual([
      { taskIds: ['t1'], groupIds: ['g1'] },
      { taskIds: ['t1'], groupIds: ['g1'] },
    ]);
    expect(bodies('assign-task-users')).toEqual([
      { taskIds: ['t1'], userIds: ['m1'] },
      { taskIds: ['t1'], userIds: ['m1'] },
    ]);
  });
});
