import { groups } from '@coach/shared/contract/groups';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createStore, Provider } from 'jotai';
import { describe, expect, it } from 'vitest';
import { api, createAppApi, setApiClient } from '../../lib/api.ts';
import { enterpriseUserAtom, sessionAtoms } from '../../lib/session.ts';
import { selectedGroupAtom } from '../../lib/ui-state.ts';
import {
  createFakeServer,
  fakeToken,
  groupsPage,
  makeEnterpriseUser,
  ok,
} from '../../testing/fake-server.ts';
import { TEST_ORIGIN } from '../../testing/render-app.tsx';
import { GroupFilter, groupFilterShown } from './group-filter.tsx';

const GROUPS = 'POST /api/v1/enterprise/general/user-groups';

const names = (prefix: string, from: number, count: number) =>
  Array.from({ length: count }, (_, index) => `${prefix} ${from + index}`);

const MANAGER = makeEnterpriseUser({ permissions: ['dashboard', 'members', 'groups', 'reports'] });

const renderFilter = ({
  user = MANAGER,
  firstPage,
}: {
  user?: ReturnType<typeof makeEnterpriseUser>;
  firstPage?: string[];
} = {}) => {
  const store = createStore();
  store.set(sessionAtoms.enterprise, { token: fakeToken(86400), mfaDone: true, refreshDone: false });
  store.set(enterpriseUserAtom, user);
  const server = createFakeServer({
    [GROUPS]: (body) => {
      const page = Number(body.currentPage);
      const search = String(body.searchQuery ?? '');
      if (search) return groupsPage(1, 1, [`${search} team`]);
      if (firstPage) return groupsPage(1, 1, firstPage);
      return groupsPage(page, 3, names('Group', (page - 1) * 10 + 1, 10));
    },
  });
  setApiClient(createAppApi({ store, fetch: server.fetch, baseUrl: TEST_ORIGIN }));
  render(
    <Provider store={store}>
      <GroupFilter />
    </Provider>,
  );
  return {
    store,
    server,
    groupCalls: () => server.calls.filter((call) => call.route === GROUPS).map((call) => call.body),
  };
};

const scrollToBottom = (list: HTMLElement) => {
  Object.defineProperty(list, 'scrollHeight', { configurable: true, value: 1000 });
  Object.defineProperty(list, 'clientHeight', { configurable: true, value: 300 });
  list.scrollTop = 690;
  fireEvent.scroll(list);
};

describe('top-bar group filter (spec §2, §4)', () => {
  it('a manager scrolling to the bottom of the list gets the next page appended, and paging stops at the last page', async () => {
    const { groupCalls } = renderFilter();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Group filter: All Groups' }));
    const list = await screen.findByRole('list', { name: 'Groups' });
    expect(await within(list).findByRole('button', { name: 'Group 10' })).toBeInTheDocument();

    scrollToBottom(screen.getByTestId('group-filter-list'));
    expect(await within(list).findByRole('button', { name: 'Group 20' })).toBeInTheDocument();
    expect(within(list).getByRole('button', { name: 'Group 1' })).toBeInTheDocument();

    scrollToBottom(screen.getByTestId('group-filter-list'));
    expect(await within(list).findByRole('button', { name: 'Group 30' })).toBeInTheDocument();
    scrollToBottom(screen.getByTestId('group-filter-list'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(groupCalls().map((body) => body.currentPage)).toEqual([1, 2, 3]);
  });

  it('a manager searching waits for the typing pause, then sees page 1 of the matches only', async () => {
    const { groupCalls } = renderFilter();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Group filter: All Groups' }));
    await screen.findByRole('button', { name: 'Group 10' });
    scrollToBottom(screen.getByTestId('group-filter-list'));
    await screen.findByRole('button', { name: 'Group 20' });

    await user.type(screen.getByPlaceholderText('Search groups...'), 'Sales');
    // Still within the 500 ms delay: no search request yet.
    expect(groupCalls().some((body) => body.searchQuery === 'Sales')).toBe(false);
    expect(await screen.findByRole('button', { name: 'Sales team' }, { timeout: 2000 })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Group 1' })).not.toBeInTheDocument();
    const searches = groupCalls().filter((body) => body.searchQuery !== '');
    expect(searches).toEqual([{ searchQuery: 'Sales', currentPage: 1 }]);
  });

  it('a manager picks a group and then clears the filter with All Groups', async () => {
    const { store } = renderFilter();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Group filter: All Groups' }));
    await user.click(await screen.findByRole('button', { name: 'Group 3' }));
    expect(store.get(selectedGroupAtom)).toEqual({ _id: 'g-Group 3', name: 'Group 3' });
    expect(screen.getByRole('button', { name: 'Group filter: Group 3' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Group filter: Group 3' }));
    await user.click(await screen.findByRole('button', { name: 'All Groups' }));
    expect(store.get(selectedGroupAtom)).toBeNull();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Group filter: All Groups' })).toBeInTheDocument(),
    );
  });

  it('a manager sees a Loading... row while the next page is on its way', async () => {
    const { server } = renderFilter();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Group filter: All Groups' }));
    await screen.findByRole('button', { name: 'Group 10' });
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    server.routes[GROUPS] = async () => {
      await gate;
      return groupsPage(2, 3, names('Group', 11, 10));
    };
    scrollToBottom(screen.getByTestId('group-filter-list'));
    expect(await screen.findByText('Loading...')).toBeInTheDocument();
    release();
    expect(await screen.findByRole('button', { name: 'Group 11' })).toBeInTheDocument();
    expect(screen.queryByText('Loading...')).not.toBeInTheDocument();
  });

  it('a learner, whose screens no group narrows, is shown no picker', async () => {
    const { groupCalls } = renderFilter({ user: makeEnterpriseUser({ permissions: ['dashboard'] }) });
    await waitFor(() => expect(groupCalls()).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByRole('button', { name: /Group filter/ })).not.toBeInTheDocument();
  });

  it('a member in a single group of their own is shown no picker; in two, they are', async () => {
    const staff = makeEnterpriseUser({ permissions: ['dashboard', 'members'] });
    const single = renderFilter({ user: staff, firstPage: ['Sales'] });
    await waitFor(() => expect(single.groupCalls()).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByRole('button', { name: /Group filter/ })).not.toBeInTheDocument();
    expect(groupFilterShown({ user: staff, groupCount: 2 })).toBe(true);
    expect(groupFilterShown({ user: staff, groupCount: 1 })).toBe(false);
    // Someone who sees every group has a choice with one group: everyone, or that group.
    expect(groupFilterShown({ user: MANAGER, groupCount: 1 })).toBe(true);
    expect(groupFilterShown({ user: MANAGER, groupCount: 0 })).toBe(false);
    expect(groupFilterShown({ user: MANAGER, groupCount: null })).toBe(false);
  });
});

describe('top-bar group filter after group writes in the same tab', () => {
  /** A company whose groups the group writes change as the server would (ids stay, names change). */
  const renderCompany = (names: string[]) => {
    const store = createStore();
    store.set(sessionAtoms.enterprise, { token: fakeToken(86400), mfaDone: true, refreshDone: false });
    store.set(enterpriseUserAtom, MANAGER);
    let company = names.map((name) => ({ _id: `g-${name}`, name }));
    const server = createFakeServer({
      [GROUPS]: () => ok({ currentPage: 1, totalPages: 1, listdata: company }),
      [`POST ${groups.add.path}`]: (body) => {
        const group = { _id: `g-${String(body.name)}`, name: String(body.name) };
        company = [...company, group];
        return ok({ ...group, memberCount: 0 });
      },
      [`POST ${groups.edit.path}`]: (body) => {
        company = company.map((group) =>
          group._id === body.groupId ? { ...group, name: String(body.name) } : group,
        );
        return ok({ _id: body.groupId, name: body.name, memberCount: 0 });
      },
      [`POST ${groups.remove.path}`]: (body) => {
        company = company.filter((group) => group._id !== body.groupId);
        return ok({ _id: body.groupId });
      },
    });
    setApiClient(createAppApi({ store, fetch: server.fetch, baseUrl: TEST_ORIGIN }));
    render(
      <Provider store={store}>
        <GroupFilter />
      </Provider>,
    );
    return { store, groupCalls: () => server.calls.filter((call) => call.route === GROUPS) };
  };

  it("a new company's admin creating its first group sees All Groups appear at once, and a second group in it", async () => {
    const { groupCalls } = renderCompany([]);
    await waitFor(() => expect(groupCalls()).toHaveLength(1));
    expect(screen.queryByRole('button', { name: /Group filter/ })).not.toBeInTheDocument();

    await api.call(groups.add, { name: 'Sales', memberIds: [] });
    const trigger = await screen.findByRole('button', { name: 'Group filter: All Groups' });

    await api.call(groups.add, { name: 'Support', memberIds: [] });
    await waitFor(() => expect(groupCalls()).toHaveLength(3));
    await userEvent.setup().click(trigger);
    const list = await screen.findByRole('list', { name: 'Groups' });
    expect(await within(list).findByRole('button', { name: 'Support' })).toBeInTheDocument();
    expect(within(list).getByRole('button', { name: 'Sales' })).toBeInTheDocument();
  });

  it('an admin renaming the chosen group sees the new name, and deleting it falls back to All Groups', async () => {
    const { store } = renderCompany(['Sales', 'Support']);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Group filter: All Groups' }));
    await user.click(await screen.findByRole('button', { name: 'Sales' }));

    await api.call(groups.edit, { groupId: 'g-Sales', name: 'Field Sales', memberIds: [] });
    expect(await screen.findByRole('button', { name: 'Group filter: Field Sales' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Group filter: Field Sales' }));
    const list = await screen.findByRole('list', { name: 'Groups' });
    expect(await within(list).findByRole('button', { name: 'Field Sales' })).toBeInTheDocument();
    expect(within(list).queryByRole('button', { name: 'Sales' })).not.toBeInTheDocument();

    await api.call(groups.remove, { groupId: 'g-Sales' });
    await waitFor(() => expect(store.get(selectedGroupAtom)).toBeNull());
    await waitFor(() =>
      expect(within(list).queryByRole('button', { name: 'Field Sales' })).not.toBeInTheDocument(),
    );
  });
});
