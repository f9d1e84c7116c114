import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createStore, Provider } from 'jotai';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { createAppApi, setApiClient } from '../../lib/api.ts';
import { sessionAtoms } from '../../lib/session.ts';
import { createFakeServer, fakeToken, ok } from '../../testing/fake-server.ts';
import { TEST_ORIGIN } from '../../testing/render-app.tsx';
import { type Coach, CoachPicker } from './coach-picker.tsx';

const LIST = 'POST /api/v1/admin/users/get-coachs';
const ADD = 'POST /api/v1/admin/users/add-coach';

const Harness = ({ onPick }: { onPick: (coach: Coach | null) => void }) => {
  const [coach, setCoach] = useState<Coach | null>(null);
  return (
    <CoachPicker
      value={coach}
      onChange={(next) => {
        setCoach(next);
        onPick(next);
      }}
    />
  );
};

const renderPicker = () => {
  const store = createStore();
  store.set(sessionAtoms.admin, { token: fakeToken(86400), mfaDone: true, refreshDone: false });
  const coaches = [
    { _id: 'c1', name: 'Amelia Chen' },
    { _id: 'c2', name: 'Marcus Lee' },
  ];
  const server = createFakeServer({
    [LIST]: (body) => {
      const search = String(body.search ?? '').toLowerCase();
      return ok(coaches.filter((c) => c.name.toLowerCase().includes(search)));
    },
    [ADD]: (body) => {
      const coach = { _id: 'c3', name: String(body.name) };
      coaches.push(coach);
      return ok(coach, 'Coach added');
    },
  });
  setApiClient(createAppApi({ store, fetch: server.fetch, baseUrl: TEST_ORIGIN }));
  const picks: (Coach | null)[] = [];
  render(
    <Provider store={store}>
      <Harness onPick={(coach) => picks.push(coach)} />
    </Provider>,
  );
  return { server, picks };
};

describe('coach picker', () => {
  it('lists the coaches, picks one, and the trigger shows it', async () => {
    const { picks } = renderPicker();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Coach No coach' }));
    const list = await screen.findByRole('list', { name: 'Coaches' });
    await user.click(await within(list).findByRole('button', { name: 'Marcus Lee' }));
    expect(picks).toEqual([{ _id: 'c2', name: 'Marcus Lee' }]);
    expect(screen.getByRole('button', { name: 'Coach Marcus Lee' })).toBeInTheDocument();
  });

  it('searches, and adds a name that is not listed yet, picking the new coach', async () => {
    const { server, picks } = renderPicker();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Coach No coach' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search coaches' }), 'Zoe Adeyemi');
    const add = await screen.findByRole('button', { name: 'Add coach “Zoe Adeyemi”' });
    await waitFor(() =>
      expect(server.calls.some((c) => c.route === LIST && c.body.search === 'Zoe Adeyemi')).toBe(true),
    );
    await user.click(add);
    await waitFor(() => expect(picks).toEqual([{ _id: 'c3', name: 'Zoe Adeyemi' }]));
    expect(server.calls.find((c) => c.route === ADD)?.body).toEqual({ name: 'Zoe Adeyemi' });
    expect(screen.getByRole('button', { name: 'Coach Zoe Adeyemi' })).toBeInTheDocument();
  });

  it('offers no add button for a name already listed', async () => {
    renderPicker();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Coach No coach' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search coaches' }), 'amelia chen');
    const list = screen.getByRole('list', { name: 'Coaches' });
    await waitFor(() => expect(within(list).getAllByRole('button')).toHaveLength(2));
    expect(within(list).getByRole('button', { name: 'Amelia Chen' })).toBeInTheDocument();
    expect(within(list).queryByRole('button', { name: /^Add coach/ })).toBeNull();
  });
});
