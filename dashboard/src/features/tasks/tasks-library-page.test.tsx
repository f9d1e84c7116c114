import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeEnterpriseUser, ok } from '../../testing/fake-server.ts';
import { renderApp } from '../../testing/render-app.tsx';
import { assignablePeople, authorSession, makeTask, signedInAuthor, TASKS_API } from './task-fixtures.ts';

const LIST = `GET ${TASKS_API}/get-list-of-tasks`;
const reads = (count: number) =>
  Array.from({ length: count }, (_, index) =>
    makeTask({ _id: `read-${index + 1}`, title: `Read ${index + 1}` }),
  );

describe('tasks library (spec §2 /enterprise/tasks-library)', () => {
  it('an author sees a section per type, opens the Read section with View all and closes it again', async () => {
    const app = renderApp({
      path: '/enterprise/tasks-library',
      enterprise: authorSession(),
      routes: {
        ...signedInAuthor(),
        [LIST]: (query) =>
          ok({
            mode: 'sections',
            sections: [
              { type: 1, totalCount: 6, listdata: reads(query.viewallread === 'true' ? 6 : 4) },
              {
                type: 3,
                totalCount: 1,
                listdata: [
                  makeTask({
                    _id: 'video-1',
                    title: 'Welcome video',
                    type: 3,
                    contentId: 'c1',
                    description: 'x'.repeat(150),
                    assignedCount: 12,
                    completedCount: 5,
                  }),
                ],
              },
            ],
          }),
      },
    });
    const user = userEvent.setup();
    const readTasks = await screen.findByRole('list', { name: 'Read tasks' });
    expect(within(readTasks).getAllByRole('listitem')).toHaveLength(4);
    const video = within(screen.getByRole('list', { name: 'Video tasks' })).getByRole('article');
    expect(within(video).getByText(`${'x'.repeat(100)}...`)).toBeInTheDocument();
    expect(within(video).getByText('Communication · Beginner · 10 min')).toBeInTheDocument();
    expect(video).toHaveTextContent('12 assigned');
    expect(video).toHaveTextContent('5 completed');

    await user.click(screen.getByRole('button', { name: 'View all 6 Read tasks' }));
    await waitFor(() =>
      expect(within(screen.getByRole('list', { name: 'Read tasks' })).getAllByRole('listitem')).toHaveLength(
        6,
      ),
    );
    expect(app.server.calls.at(-1)?.body).toMatchObject({ viewallread: 'true', sortBy: 'latest' });

    const asked = app.server.calls.length;
    await user.click(screen.getByRole('button', { name: 'Show less' }));
    await waitFor(() =>
      expect(within(screen.getByRole('list', { name: 'Read tasks' })).getAllByRole('listitem')).toHaveLength(
        4,
      ),
    );
    // The sections come from the query cache or are asked for again, never with the Read section widened.
    for (const call of app.server.calls.slice(asked)) expect(call.body).not.toHaveProperty('viewallread');
  });

  it('an author opens the Video tab, pages through it, and sorts by most liked', async () => {
    const app = renderApp({
      path: '/enterprise/tasks-library',
      enterprise: authorSession(),
      routes: {
        ...signedInAuthor(),
        [LIST]: (query) =>
          query.tasktype
            ? ok({
                mode: 'list',
                currentPage: Number(query.currentPage),
                totalPages: 2,
                totalCount: 30,
                listdata: [
                  makeTask({
                    _id: `v${query.currentPage}`,
                    title: `Video page ${query.currentPage}`,
                    type: 3,
                  }),
                ],
              })
            : ok({ mode: 'sections', sections: [] }),
      },
    });
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { name: 'No tasks yet' })).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Video' }));
    expect(await screen.findByText('Video page 1')).toBeInTheDocument();
    expect(app.location()).toBe('/enterprise/tasks-library?type=3');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Video page 2')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Sort by'), 'Most Liked');
    expect(await screen.findByText('Video page 1')).toBeInTheDocument();
    expect(app.server.calls.at(-1)?.body).toMatchObject({ tasktype: '3', currentPage: '1', sortBy: 'liked' });
  });

  it('an author whose enterprise has Interview Ready off filters by every category but IVR', async () => {
    renderApp({
      path: '/enterprise/tasks-library',
      enterprise: authorSession(),
      routes: {
        ...signedInAuthor(),
        'GET /api/v1/enterprise/general/auth/me': () =>
          ok(
            makeEnterpriseUser({
              permissions: ['task-library'],
              enterprise: { enableInterviewReadyFeature: false },
            }),
          ),
        [LIST]: () => ok({ mode: 'sections', sections: [] }),
      },
    });
    const category = await screen.findByLabelText('Category');
    expect(
      within(category)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['All categories', 'Communication', 'Audio']);
  });

  it('deleting a task that members have shows that it was archived', async () => {
    const app = renderApp({
      path: '/enterprise/tasks-library?type=1',
      enterprise: authorSession(),
      routes: {
        ...signedInAuthor(),
        [LIST]: () =>
          ok({
            mode: 'list',
            currentPage: 1,
            totalPages: 1,
            totalCount: 1,
            listdata: [makeTask({ _id: 't1', title: 'Team briefing', assignedCount: 3 })],
          }),
        [`POST ${TASKS_API}/delete-task`]: () =>
          ok({}, 'The task has assignments, so it was archived to keep the learners’ history'),
      },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Actions for Team briefing' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete “Team briefing”?' });
    expect(dialog).toHaveTextContent('assigned to 3 members, so it will be archived');
    await user.click(within(dialog).getByRole('button', { name: 'Archive task' }));
    expect(
      await screen.findByText('The task has assignments, so it was archived to keep the learners’ history'),
    ).toBeInTheDocument();
    expect(app.server.calls.find((call) => call.route.endsWith('delete-task'))?.body).toEqual({
      taskId: 't1',
    });
  });

  it('an author assigns a task to a group and a member and sees how many new assignments were made', async () => {
    const app = renderApp({
      path: '/enterprise/tasks-library?type=1',
      enterprise: authorSession(),
      routes: {
        ...signedInAuthor(),
        [LIST]: () =>
          ok({
            mode: 'list',
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
        [`POST ${TASKS_API}/assign-task-users`]: () => ok({ assigned: 1 }),
      },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Actions for Team briefing' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Assign' }));
    const dialog = await screen.findByRole('dialog', { name: 'Assign task' });
    await user.click(within(dialog).getByRole('button', { name: 'Assign' }));
    expect(
      await within(dialog).findByText('Choose at least one group or member to assign to.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByText(/join a chosen group later get these tasks too/)).toBeInTheDocument();

    await user.click(await within(dialog).findByRole('checkbox', { name: /Sales/ }));
    await user.click(await within(dialog).findByRole('checkbox', { name: /Mia Member/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Assign' }));
    expect(await screen.findByText('5 new assignments made')).toBeInTheDocument();
    const body = (end: string) => app.server.calls.find((call) => call.route.endsWith(end))?.body;
    expect(body('assign-task-group-users')).toEqual({ taskIds: ['t1'], groupIds: ['g1'] });
    expect(body('assign-task-users')).toEqual({ taskIds: ['t1'], userIds: ['m1'] });
  });
});
