import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ok } from '../../testing/fake-server.ts';
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
        [`POST ${TASKS_API}/assign-task-group-users`]: () => ok({ assigned: 8 }),
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
});
