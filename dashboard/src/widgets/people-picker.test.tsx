import { ASSIGNABLE_PEOPLE_LIMIT, assignablePeople } from '@coach/shared/contract/assignable-people';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createStore, Provider } from 'jotai';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { applyLanguage } from '../i18n/index.ts';
import { createAppApi, setApiClient } from '../lib/api.ts';
import { sessionAtoms } from '../lib/session.ts';
import { createFakeServer, fakeToken, ok } from '../testing/fake-server.ts';
import { TEST_ORIGIN } from '../testing/render-app.tsx';
import { NO_PEOPLE, type People, PeoplePicker } from './people-picker.tsx';

const SEARCH = `${assignablePeople.forTasks.method} ${assignablePeople.forTasks.path}`;

/** A new company's first day: both of Sales Team's people are invited, none has joined yet. */
const GROUPS = [
  { _id: 'g1', name: 'Sales Team', email: null, memberCount: 0, invitedCount: 2 },
  { _id: 'g2', name: 'Warehouse', email: null, memberCount: 3, invitedCount: 0 },
  { _id: 'g3', name: 'Night Shift', email: null, memberCount: 1, invitedCount: 1 },
];

const Harness = ({ seen }: { seen: People[] }) => {
  const [value, setValue] = useState<People>(NO_PEOPLE);
  return (
    <PeoplePicker
      library="tasks"
      value={value}
      onChange={(next) => {
        seen.push(next);
        setValue(next);
      }}
    />
  );
};

const renderPicker = (seen: People[] = [], groups: typeof GROUPS = GROUPS) => {
  const store = createStore();
  store.set(sessionAtoms.enterprise, { token: fakeToken(86400), mfaDone: true, refreshDone: false });
  const server = createFakeServer({
    [SEARCH]: (query) =>
      ok(
        query.kind === 'groups'
          ? groups
          : [{ _id: 'm1', name: 'Ivy Invitee', email: 'ivy@acme.example', memberCount: null }],
      ),
  });
  setApiClient(createAppApi({ store, fetch: server.fetch, baseUrl: TEST_ORIGIN }));
  render(
    <Provider store={store}>
      <Harness seen={seen} />
    </Provider>,
  );
};

/** The line under a found group's name. */
const groupLine = async (name: string) => {
  const row = (await screen.findByRole('checkbox', { name: new RegExp(name) })).closest(
    'label',
  ) as HTMLElement;
  return row.querySelector('.people-pick__detail')?.textContent;
};

describe('the people picker of an assignment', () => {
  it('an owner assigning a task on day one sees a group of invitees as reaching its invited people', async () => {
    renderPicker();
    expect(await groupLine('Sales Team')).toBe('0 members · 2 invited, not joined yet');
    expect(await groupLine('Warehouse')).toBe('3 members');
    expect(await groupLine('Night Shift')).toBe('1 member · 1 invited, not joined yet');
  });

  it('an owner picks the group of invitees, and the invitee as a member', async () => {
    const seen: People[] = [];
    renderPicker(seen);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('checkbox', { name: /Sales Team/ }));
    await user.click(await screen.findByRole('checkbox', { name: /Ivy Invitee/ }));
    expect(seen.at(-1)).toMatchObject({
      groups: [{ _id: 'g1', name: 'Sales Team', detail: '0 members · 2 invited, not joined yet' }],
      members: [{ _id: 'm1', name: 'Ivy Invitee', detail: 'ivy@acme.example' }],
    });
  });

  it('says the invitees apart in the language on screen (Spanish)', async () => {
    await applyLanguage('es');
    try {
      renderPicker();
      expect(await groupLine('Sales Team')).toBe('0 miembros · 2 invitados que aún no se han unido');
    } finally {
      await applyLanguage('en');
    }
  });

  it('says when only the first groups are shown, so the others are searched for, not taken for missing', async () => {
    const many = Array.from({ length: ASSIGNABLE_PEOPLE_LIMIT }, (_, i) => ({
      _id: `g${i}`,
      name: `Group ${String(i).padStart(2, '0')}`,
      email: null,
      memberCount: 1,
      invitedCount: 0,
    }));
    renderPicker([], many);
    expect(
      await screen.findByText(
        `The first ${ASSIGNABLE_PEOPLE_LIMIT} are shown: type a name to find the others.`,
      ),
    ).toBeInTheDocument();
  });

  it('says nothing of the kind when every group is listed', async () => {
    renderPicker();
    await screen.findByRole('checkbox', { name: /Sales Team/ });
    expect(screen.queryByText(/are shown: type a name/)).not.toBeInTheDocument();
  });
});
