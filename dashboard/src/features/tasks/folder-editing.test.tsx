import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fail, ok } from '../../testing/fake-server.ts';
import { renderApp } from '../../testing/render-app.tsx';
import { authorSession, FOLDERS_API, makeTask, signedInAuthor, TASKS_API } from './task-fixtures.ts';

const FOLDER = { _id: 'f1', name: 'Onboarding', taskCount: 0 };

describe('folder dialogs send through the contract form', () => {
  it('a new folder needs a name, is sent trimmed, and a refusal shows under the name', async () => {
    let refuse = true;
    const app = renderApp({
      path: '/enterprise/tasks-library-new',
      enterprise: authorSession(),
      routes: {
        ...signedInAuthor(),
        [`POST ${FOLDERS_API}/get-folder-contents`]: () => ok({ folders: [FOLDER] }),
        [`POST ${FOLDERS_API}/create-folder`]: (body) =>
          refuse ? fail(409, 'That name is taken') : ok({ _id: 'f2', name: body.name, taskCount: 0 }),
      },
    });
    const user = userEvent.setup();
    await screen.findByRole('list', { name: 'Folders' });
    await user.click(screen.getAllByRole('button', { name: 'New folder' })[0] as HTMLElement);
    const dialog = await screen.findByRole('dialog', { name: 'New folder' });
    const name = within(dialog).getByLabelText('Folder name');
    expect(name).toHaveAttribute('maxLength', '100');
    await user.click(within(dialog).getByRole('button', { name: 'Create folder' }));
    expect(await within(dialog).findByText('Please enter a folder name')).toBeInTheDocument();
    expect(app.server.calls.some((call) => call.route.endsWith('create-folder'))).toBe(false);

    await user.type(name, '  Drills  ');
    await user.click(within(dialog).getByRole('button', { name: 'Create folder' }));
    expect(await within(dialog).findByText('That name is taken')).toBeInTheDocument();

    refuse = false;
    await user.click(within(dialog).getByRole('button', { name: 'Create folder' }));
    expect(await screen.findByText('Folder created')).toBeInTheDocument();
    expect(app.server.calls.filter((call) => call.route.endsWith('create-folder')).at(-1)?.body).toEqual({
      name: 'Drills',
    });
  });

  it('adding tasks asks for a choice first and names the count in the toast', async () => {
    const app = renderApp({
      path: '/enterprise/tasks-library-new?folder=f1',
      enterprise: authorSession(),
      routes: {
        ...signedInAuthor(),
        [`POST ${FOLDERS_API}/get-folder-contents`]: (body) =>
          ok(body.folderId ? { folder: FOLDER, tasks: [] } : { folders: [FOLDER] }),
        [`GET ${TASKS_API}/get-enterprise-tasks`]: () =>
          ok({
            listdata: [makeTask({ _id: 't1', title: 'Phone manner' })],
            currentPage: 1,
            totalPages: 1,
            totalCount: 1,
          }),
        [`POST ${FOLDERS_API}/assign-task-folder`]: () => ok({ ...FOLDER, taskCount: 1 }),
      },
    });
    const user = userEvent.setup();
    await screen.findByRole('heading', { level: 1, name: 'Onboarding' });
    await user.click(screen.getAllByRole('button', { name: 'Add tasks' })[0] as HTMLElement);
    const dialog = await screen.findByRole('dialog', { name: 'Add tasks' });
    await user.click(within(dialog).getByRole('button', { name: 'Add to folder' }));
    expect(await within(dialog).findByText('Choose at least one task to add.')).toBeInTheDocument();
    expect(app.server.calls.some((call) => call.route.endsWith('assign-task-folder'))).toBe(false);

    await user.click(await within(dialog).findByRole('checkbox', { name: /Phone manner/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Add to folder' }));
    expect(await screen.findByText('1 task added to Onboarding')).toBeInTheDocument();
    expect(app.server.calls.find((call) => call.route.endsWith('assign-task-folder'))?.body).toEqual({
      folderId: 'f1',
      taskIds: ['t1'],
    });
  });
});
