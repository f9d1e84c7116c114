import type { VideoContent } from '@coach/shared/contract/content';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createStore, Provider } from 'jotai';
import { describe, expect, it, vi } from 'vitest';
import { AppToaster } from '../../app/toaster.tsx';
import { createAppApi, setApiClient } from '../../lib/api.ts';
import { sessionAtoms } from '../../lib/session.ts';
import { createFakeServer, type FakeHandler, fail, fakeToken, ok } from '../../testing/fake-server.ts';
import { TEST_ORIGIN, verifiedSession } from '../../testing/render-app.tsx';
import { AssignVideoDialog } from './content-dialogs.tsx';

const C = '/api/v1/enterprise/contentlibrary';
const VIDEO = { _id: 'v1', title: 'Active listening' } as VideoContent;

const renderDialog = (routes: Record<string, FakeHandler>) => {
  const store = createStore();
  store.set(sessionAtoms.enterprise, verifiedSession(fakeToken(86400)));
  const server = createFakeServer({
    [`GET ${C}/get-assignable-people`]: (query) =>
      ok(
        query.kind === 'groups'
          ? [{ _id: 'g1', name: 'Sales', email: null, memberCount: 4 }]
          : [{ _id: 'u1', name: 'Ann Lee', email: 'ann@example.com', memberCount: null }],
      ),
    ...routes,
  });
  setApiClient(createAppApi({ store, fetch: server.fetch, baseUrl: TEST_ORIGIN }));
  const onClose = vi.fn();
  render(
    <Provider store={store}>
      <AssignVideoDialog video={VIDEO} onClose={onClose} />
      <AppToaster />
    </Provider>,
  );
  return { server, onClose };
};

describe('assigning a video sends through the contract form', () => {
  it('asks for someone first, then sends both calls and toasts their total', async () => {
    const { server, onClose } = renderDialog({
      [`POST ${C}/assign-content-group-users`]: () => ok({ assigned: 4, groupMembers: 4 }),
      [`POST ${C}/assign-content-users`]: () => ok({ assigned: 1 }),
    });
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog', { name: 'Assign video' });
    await user.click(within(dialog).getByRole('button', { name: 'Assign' }));
    expect(
      await within(dialog).findByText('Choose at least one group or member to assign to.'),
    ).toBeInTheDocument();
    expect(server.calls.some((call) => call.route.includes('assign-content'))).toBe(false);

    await user.click(await within(dialog).findByRole('checkbox', { name: /Sales/ }));
    await user.click(await within(dialog).findByRole('checkbox', { name: /Ann Lee/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Assign' }));
    expect(await screen.findByText('Video assigned to 5 members.')).toBeInTheDocument();
    expect(onClose).toHaveBeenCalled();
    const sent = server.calls.filter((call) => call.route.includes('assign-content'));
    expect(sent.map((call) => call.body)).toEqual([
      { contentIds: ['v1'], groupIds: ['g1'] },
      { contentIds: ['v1'], userIds: ['u1'] },
    ]);
  });

  it('an admin assigning a video to an empty group (a course buyers group) is told nobody is in it yet', async () => {
    renderDialog({
      [`POST ${C}/assign-content-group-users`]: () => ok({ assigned: 0, groupMembers: 0 }),
    });
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog', { name: 'Assign video' });
    await user.click(await within(dialog).findByRole('checkbox', { name: /Sales/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Assign' }));
    expect(
      await screen.findByText(
        'Nobody is in the chosen groups yet: nothing was assigned now. People who join them will get this video.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText('Everyone chosen already had this video.')).not.toBeInTheDocument();
  });

  it('a refused call shows above the form and the dialog stays open', async () => {
    const { onClose } = renderDialog({
      [`POST ${C}/assign-content-users`]: () => fail(409, 'That member has left'),
    });
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog', { name: 'Assign video' });
    await user.click(await within(dialog).findByRole('checkbox', { name: /Ann Lee/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Assign' }));
    expect(await within(dialog).findByText('That member has left')).toBeInTheDocument();
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Assign' })).toBeEnabled());
    expect(onClose).not.toHaveBeenCalled();
  });
});
