import { adminTasks } from '@coach/shared/contract/admin-tasks';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, fakeToken, makeAdminUser, ok } from '../../testing/fake-server.ts';
import { renderApp, verifiedSession } from '../../testing/render-app.tsx';

const route = ({ method, path }: { method: string; path: string }) => `${method} ${path}`;

const openTask = (answer: () => ReturnType<typeof fail>) =>
  renderApp({
    path: '/admin/tasks-library/view/t-gone',
    admin: verifiedSession(fakeToken(86400)),
    routes: {
      'GET /api/v1/admin/general/auth/me': () => ok(makeAdminUser()),
      [route(adminTasks.get)]: answer,
    },
  });

describe('admin task view', () => {
  it('a platform admin opening a deleted task is led back to the library, not offered Try again', async () => {
    openTask(() => fail(404, 'Task not found'));
    expect(await screen.findByText('The task could not be loaded')).toBeVisible();
    expect(screen.getByText('Task not found')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the Task Library' })).toHaveAttribute(
      'href',
      '/admin/tasks-library',
    );
  });

  it('a platform admin whose task did not load for another reason may try again', async () => {
    openTask(() => fail(500, 'Something went wrong'));
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Back to the Task Library' })).not.toBeInTheDocument();
  });
});
