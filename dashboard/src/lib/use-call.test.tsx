import { groups } from '@coach/shared/contract/groups';
import { act, render, screen } from '@testing-library/react';
import { createStore } from 'jotai';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { createFakeServer, type FakeHandler, fail, fakeToken, ok } from '../testing/fake-server.ts';
import { TEST_ORIGIN, verifiedSession } from '../testing/render-app.tsx';
import { api, createAppApi, setApiClient } from './api.ts';
import {
  createQueryClient,
  forgetAnswersOnSessionChange,
  invalidateCalls,
  queryClient,
  setQueryClient,
} from './query-client.ts';
import { sessionAtoms } from './session.ts';
import { callQuery, useCall } from './use-call.ts';

const LIST = `GET ${groups.list.path}`;
const ADD = `POST ${groups.add.path}`;

const page = (names: string[]) =>
  ok({ currentPage: 1, totalPages: 1, listdata: names.map((name) => ({ _id: name, name, memberCount: 0 })) });

/** A signed-in enterprise session talking to a fake server. */
const serve = (routes: Record<string, FakeHandler>) => {
  const store = createStore();
  store.set(sessionAtoms.enterprise, verifiedSession(fakeToken(3600)));
  const server = createFakeServer(routes);
  setApiClient(createAppApi({ store, fetch: server.fetch, baseUrl: TEST_ORIGIN }));
  const asked = (route: string) => server.calls.filter((call) => call.route === route).length;
  return { store, server, asked };
};

const GroupNames = ({ label }: { label: string }) => {
  const { state } = useCall(groups.list, { searchInput: 'team' });
  if (state.status === 'loading') return <p>{label} loading</p>;
  if (state.status === 'error') return <p role="alert">{state.message}</p>;
  return (
    <ul aria-label={label}>
      {state.data.listdata.map((group) => (
        <li key={group._id}>{group.name}</li>
      ))}
    </ul>
  );
};

describe('the query layer', () => {
  it('two parts of a screen asking for the same list make one request', async () => {
    const { asked } = serve({ [LIST]: () => page(['Sales team']) });
    render(
      <>
        <GroupNames label="sidebar" />
        <GroupNames label="main" />
      </>,
    );
    expect(await screen.findAllByText('Sales team')).toHaveLength(2);
    expect(asked(LIST)).toBe(1);
  });

  it('a list named by a write shows what the write added', async () => {
    const names = ['Sales team'];
    serve({
      [LIST]: () => page(names),
      [ADD]: (body) => {
        names.push(String(body.name));
        return ok({ _id: 'new', name: body.name, memberCount: 0 });
      },
    });
    render(<GroupNames label="groups" />);
    await screen.findByText('Sales team');
    await act(async () => {
      await api.call(groups.add, { name: 'Support team', memberIds: [] });
      await invalidateCalls(groups.list);
    });
    expect(await screen.findByText('Support team')).toBeInTheDocument();
  });

  it('a screen opened again after a write asks the server instead of showing the cached list', async () => {
    const names = ['Sales team'];
    const { asked } = serve({
      [LIST]: () => page(names),
      [ADD]: (body) => {
        names.push(String(body.name));
        return ok({ _id: 'new', name: body.name, memberCount: 0 });
      },
    });
    const Toggle = () => {
      const [open, setOpen] = useState(true);
      return (
        <>
          <button type="button" onClick={() => setOpen((value) => !value)}>
            toggle
          </button>
          {open && <GroupNames label="groups" />}
        </>
      );
    };
    render(<Toggle />);
    await screen.findByText('Sales team');
    // Closed and opened again within 30 s with nothing written: the cached answer, no request.
    act(() => screen.getByRole('button', { name: 'toggle' }).click());
    act(() => screen.getByRole('button', { name: 'toggle' }).click());
    expect(screen.getByText('Sales team')).toBeInTheDocument();
    expect(asked(LIST)).toBe(1);

    act(() => screen.getByRole('button', { name: 'toggle' }).click());
    await act(async () => {
      await api.call(groups.add, { name: 'Support team', memberIds: [] });
    });
    act(() => screen.getByRole('button', { name: 'toggle' }).click());
    // The list from before the write is not shown as current: the screen waits for the server's answer.
    expect(screen.queryByText('Sales team')).not.toBeInTheDocument();
    expect(await screen.findByText('Support team')).toBeInTheDocument();
    expect(asked(LIST)).toBe(2);
  });

  it('a refused read (4xx) is not retried, a server error is', async () => {
    const client = createQueryClient();
    client.setDefaultOptions({
      ...client.getDefaultOptions(),
      queries: { ...client.getDefaultOptions().queries, retryDelay: 0 },
    });
    setQueryClient(client);
    let status = 403;
    const { asked } = serve({ [LIST]: () => fail(status, 'You do not have permission') });
    await expect(client.fetchQuery(callQuery(groups.list, {}))).rejects.toMatchObject({ status: 403 });
    expect(asked(LIST)).toBe(1);

    status = 503;
    await expect(client.fetchQuery(callQuery(groups.list, { searchInput: 'x' }))).rejects.toMatchObject({
      status: 503,
    });
    // The first try and two retries.
    expect(asked(LIST)).toBe(4);
  });

  it("signing out forgets the session's cached answers, and a renewed token keeps them", async () => {
    const { store } = serve({ [LIST]: () => page(['Sales team']) });
    const stop = forgetAnswersOnSessionChange(store);
    await queryClient().fetchQuery(callQuery(groups.list, {}));
    const cached = () => queryClient().getQueryData(callQuery(groups.list, {}).queryKey);

    const session = store.get(sessionAtoms.enterprise);
    if (!session) throw new Error('The test signed in above');
    store.set(sessionAtoms.enterprise, { token: fakeToken(7200), mfaDone: true, refreshDone: true });
    expect(cached()).toBeDefined();

    store.set(sessionAtoms.enterprise, null);
    expect(cached()).toBeUndefined();
    stop();
  });

  it('another account signing in does not see the last one’s answers', async () => {
    const { store } = serve({ [LIST]: () => page(['Sales team']) });
    const stop = forgetAnswersOnSessionChange(store);
    await queryClient().fetchQuery(callQuery(groups.list, {}));
    store.set(sessionAtoms.enterprise, verifiedSession(fakeToken(3600, 'user-2')));
    expect(queryClient().getQueryData(callQuery(groups.list, {}).queryKey)).toBeUndefined();
    stop();
  });
});
