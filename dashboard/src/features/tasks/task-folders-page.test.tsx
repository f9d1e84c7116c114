import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ok } from '../../testing/fake-server.ts';
import { renderApp } from '../../testing/render-app.tsx';
import { authorSession, FOLDERS_API, makeTask, signedInAuthor } from './task-fixtures.ts';

describe('task folders (spec §2 /enterprise/tasks-library-new)', () => {
  it('an author opens a folder, removes a task from it, and is told the task stays in the library', async () => {
    let inFolder = [
      makeTask({ _id: 't1', title: 'Phone manner' }),
      makeTask({ _id: 't2', title: 'Small talk' }),
    ];
    const app = renderApp({
      path: '/enterprise/tasks-library-new',
      enterprise: authorSession(),
      routes: {
        ...signedInAuthor(),
        [`POST ${FOLDERS_API}/get-folder-contents`]: (body) => {
          const folder = { _id: 'f1', name: 'Onboarding', taskCount: inFolder.length };
          return ok(body.folderId ? { folder, tasks: inFolder } : { folders: [folder] });
        },
        [`POST ${FOLDERS_API}/delete-task-from-folder`]: (body) => {
          inFolder = inFolder.filter((task) => task._id !== body.taskId);
          return ok({});
        },
      },
    });
    const user = userEvent.setup();
    const folders = await screen.findByRole('list', { name: 'Folders' });
    expect(within(folders).getByText('2 tasks')).toBeInTheDocument();
    await user.click(within(folders).getByRole('link', { name: 'Onboarding' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Onboarding' })).toBeInTheDocument();
    expect(app.location()).toBe('/enterprise/tasks-library-new?folder=f1');

    await user.click(screen.getByRole('button', { name: 'Remove Phone manner from the folder' }));
    expect(
      await screen.findByText('“Phone manner” removed from the folder; it stays in the library'),
    ).toBeInTheDocument();
    expect(await screen.findByText('1 task in this folder.')).toBeInTheDocument();
    expect(app.server.calls.find((call) => call.route.endsWith('delete-task-from-folder'))?.body).toEqual({
      folderId: 'f1',
      taskId: 't1',
    });
  });

  it('deleting a folder says its tasks stay in the library', async () => {
    renderApp({
      path: '/enterprise/tasks-library-new',
      enterprise: authorSession(),
      routes: {
        ...signedInAuthor(),
        [`POST ${FOLDERS_API}/get-folder-contents`]: () =>
          ok({ folders: [{ _id: 'f1', name: 'Onboarding', taskCount: 3 }] }),
        [`POST ${FOLDERS_API}/delete-folder`]: () => ok({}),
      },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Actions for folder Onboarding' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('its 3 tasks stay in the library');
    await user.click(within(dialog).getByRole('button', { name: 'Delete folder' }));
    expect(await screen.findByText('Folder deleted; its tasks stay in the library')).toBeInTheDocument();
  });
});
