import { adminGeneral } from '@coach/shared/contract/admin';
import { ENTERPRISE_PAGE_SIZE } from '@coach/shared/contract/admin-enterprises';
import { adminTasks, PLATFORM_TASK_PAGE_SIZE } from '@coach/shared/contract/admin-tasks';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type FakeReply, fail, fakeToken, makeAdminUser, ok } from '../testing/fake-server.ts';
import { renderApp, verifiedSession } from '../testing/render-app.tsx';

const route = ({ method, path }: { method: string; path: string }) => `${method} ${path}`;
const ENTERPRISES = route(adminGeneral.getEnterpriseList);
const TASKS = route(adminTasks.list);
const BULK = route(adminTasks.bulkAssign);

const two = (n: number) => String(n).padStart(2, '0');
/** 23 enterprises: three pages of ten. */
const enterprises = Array.from({ length: 23 }, (_, i) => ({
  _id: `e${two(i + 1)}`,
  company_name: `Enterprise ${two(i + 1)}`,
  memberCount: 1,
  createdAt: '2026-01-05T09:00:00.000Z',
  featuresOn: 11,
  featuresTotal: 13,
}));
/** 30 platform tasks: two pages of 24. */
const tasks = Array.from({ length: 30 }, (_, i) => ({
  _id: `t${two(i + 1)}`,
  title: `Task ${two(i + 1)}`,
  type: 3,
  level: 1,
  enterpriseCount: 0,
}));

/** One page of `rows` matching `search`, as the server's paged lists answer. */
const pageOf = <T extends Record<string, unknown>>(
  rows: T[],
  {
    search,
    currentPage,
    pageSize,
    field,
  }: { search: string; currentPage: number; pageSize: number; field: keyof T },
): FakeReply => {
  const found = rows.filter((row) => String(row[field]).toLowerCase().includes(search.toLowerCase()));
  return ok({
    currentPage,
    totalPages: Math.ceil(found.length / pageSize),
    totalCount: found.length,
    listdata: found.slice((currentPage - 1) * pageSize, currentPage * pageSize),
  });
};

/** The platform admin's bulk task page, with a hook to fail one page of enterprises. */
const renderBulkTasks = ({ failEnterprisePage }: { failEnterprisePage?: () => number | null } = {}) =>
  renderApp({
    path: '/admin/bulk-assign-unassign-task',
    admin: verifiedSession(fakeToken(86400)),
    routes: {
      'GET /api/v1/admin/general/auth/me': () => ok(makeAdminUser()),
      // A GET: the query arrives as strings.
      [ENTERPRISES]: (query) => {
        const currentPage = Number(query.currentPage ?? 1);
        if (failEnterprisePage?.() === currentPage) return fail(403, 'The enterprise list is not available');
        return pageOf(enterprises, {
          search: String(query.searchInput ?? ''),
          currentPage,
          pageSize: ENTERPRISE_PAGE_SIZE,
          field: 'company_name',
        });
      },
      [TASKS]: (body) =>
        pageOf(tasks, {
          search: String(body.searchInput ?? ''),
          currentPage: Number(body.currentPage ?? 1),
          pageSize: PLATFORM_TASK_PAGE_SIZE,
          field: 'title',
        }),
      [BULK]: () => ok({ changed: 2, unchanged: 0, archived: 0 }, '1 task offered'),
    },
  });

const enterprisePages = () => screen.getByRole('navigation', { name: 'enterprises pages' });

describe('bulk offer page paging', () => {
  it('a platform admin chooses enterprises on page 1 and page 3, and offers a task from page 2 to both', async () => {
    const app = renderBulkTasks();
    const user = userEvent.setup();

    await user.click(await screen.findByRole('checkbox', { name: /^Enterprise 01/ }));
    expect(enterprisePages()).toHaveTextContent('23 enterprises · Page 1 of 3');
    await user.click(within(enterprisePages()).getByRole('button', { name: 'Next' }));
    await user.click(await screen.findByRole('checkbox', { name: /^Enterprise 11/ }));
    expect(enterprisePages()).toHaveTextContent('Page 2 of 3');
    await user.click(within(enterprisePages()).getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('checkbox', { name: /^Enterprise 23/ })).not.toBeChecked();
    expect(within(enterprisePages()).getByRole('button', { name: 'Next' })).toBeDisabled();

    // Choices made on other pages stay chosen, and show as chips.
    const chosen = screen.getByRole('list', { name: 'Chosen enterprises' });
    expect(
      within(chosen)
        .getAllByRole('listitem')
        .map((chip) => chip.textContent),
    ).toEqual(['Enterprise 01×', 'Enterprise 11×']);
    await user.click(within(enterprisePages()).getByRole('button', { name: 'Previous' }));
    await user.click(within(enterprisePages()).getByRole('button', { name: 'Previous' }));
    expect(await screen.findByRole('checkbox', { name: /^Enterprise 01/ })).toBeChecked();

    // Tasks page the same way (24 a page).
    const taskPages = screen.getByRole('navigation', { name: 'tasks pages' });
    expect(taskPages).toHaveTextContent('30 tasks · Page 1 of 2');
    await user.click(within(taskPages).getByRole('button', { name: 'Next' }));
    await user.click(await screen.findByRole('checkbox', { name: /^Task 30/ }));

    await user.click(screen.getByRole('button', { name: 'Offer 1 task' }));
    await waitFor(() => expect(app.server.calls.some((call) => call.route === BULK)).toBe(true));
    expect(app.server.calls.find((call) => call.route === BULK)?.body).toEqual({
      taskIds: ['t30'],
      enterpriseIds: ['e01', 'e11'],
      action: 'assign',
    });
    // Pages seen a moment ago come back from the query cache: each page was asked for once.
    expect(
      app.server.calls.filter((call) => call.route === ENTERPRISES).map((call) => call.body.currentPage),
    ).toEqual(['1', '2', '3']);
  });

  it('a platform admin on page 2 searches, starts again at page 1 of the matches, and keeps the choice', async () => {
    renderBulkTasks();
    const user = userEvent.setup();
    await screen.findByRole('checkbox', { name: /^Enterprise 01/ });
    await user.click(within(enterprisePages()).getByRole('button', { name: 'Next' }));
    await user.click(await screen.findByRole('checkbox', { name: /^Enterprise 12/ }));

    await user.type(screen.getByRole('searchbox', { name: 'Search enterprises' }), 'Enterprise 2');
    // After the search pause: the matches from their first page.
    await waitFor(() => expect(enterprisePages()).toHaveTextContent('4 enterprises · Page 1 of 1'));
    expect(screen.getAllByRole('checkbox', { name: /^Enterprise/ })).toHaveLength(4);
    expect(screen.getByRole('checkbox', { name: /^Enterprise 23/ })).not.toBeChecked();
    expect(screen.queryByRole('checkbox', { name: /^Enterprise 12/ })).toBeNull();
    expect(screen.getByRole('list', { name: 'Chosen enterprises' })).toHaveTextContent('Enterprise 12');

    await user.clear(screen.getByRole('searchbox', { name: 'Search enterprises' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search enterprises' }), 'Nowhere Ltd');
    expect(await screen.findByRole('heading', { name: 'No enterprises found' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'enterprises pages' })).toBeNull();
  });

  it('a platform admin whose next page fails to load sees why and loads it with Try again', async () => {
    let failing: number | null = 2;
    renderBulkTasks({ failEnterprisePage: () => failing });
    const user = userEvent.setup();
    await screen.findByRole('checkbox', { name: /^Enterprise 01/ });
    await user.click(within(enterprisePages()).getByRole('button', { name: 'Next' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The enterprises could not be loaded');
    expect(alert).toHaveTextContent('The enterprise list is not available');
    failing = null;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('checkbox', { name: /^Enterprise 11/ })).toBeInTheDocument();
  });
});

describe('bulk offer page sending', () => {
  it('a platform admin withdraws after confirming; a refusal shows above the form and as a toast', async () => {
    let refuse = true;
    const app = renderApp({
      path: '/admin/bulk-assign-unassign-task',
      admin: verifiedSession(fakeToken(86400)),
      routes: {
        'GET /api/v1/admin/general/auth/me': () => ok(makeAdminUser()),
        [ENTERPRISES]: () =>
          pageOf(enterprises.slice(0, 2), {
            search: '',
            currentPage: 1,
            pageSize: 10,
            field: 'company_name',
          }),
        [TASKS]: () =>
          pageOf(tasks.slice(0, 2), { search: '', currentPage: 1, pageSize: 24, field: 'title' }),
        [BULK]: () =>
          refuse
            ? fail(409, 'These tasks are being changed')
            : ok({ changed: 1, unchanged: 1, archived: 0 }, '1 task withdrawn'),
      },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('checkbox', { name: /^Task 01/ }));
    await user.click(await screen.findByRole('checkbox', { name: /^Enterprise 01/ }));
    await user.click(screen.getByRole('checkbox', { name: /^Enterprise 02/ }));
    await user.click(screen.getByRole('radio', { name: 'Withdraw (unassign)' }));
    await user.click(screen.getByRole('button', { name: 'Withdraw 1 task' }));

    // Nothing is sent before the admin confirms.
    const dialog = await screen.findByRole('dialog', { name: 'Withdraw 1 task?' });
    expect(app.server.calls.some((call) => call.route === BULK)).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const form = screen.getByRole('button', { name: 'Withdraw 1 task' }).closest('form') as HTMLElement;
    expect(within(form).getByText('These tasks are being changed')).toBeInTheDocument();
    // The toast says it too.
    await waitFor(() => expect(screen.getAllByText('These tasks are being changed')).toHaveLength(2));

    refuse = false;
    await user.click(screen.getByRole('button', { name: 'Withdraw 1 task' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Withdraw 1 task?' })).getByRole('button', {
        name: 'Withdraw',
      }),
    );
    expect(
      await within(form).findByText('1 of 2 task-enterprise pairs were withdrawn; 1 did not have the task.'),
    ).toBeInTheDocument();
    expect(within(form).queryByText('These tasks are being changed')).toBeNull();
    expect(await screen.findByText('1 task withdrawn')).toBeInTheDocument();
    expect(app.server.calls.filter((call) => call.route === BULK).map((call) => call.body)).toEqual([
      { taskIds: ['t01'], enterpriseIds: ['e01', 'e02'], action: 'unassign' },
      { taskIds: ['t01'], enterpriseIds: ['e01', 'e02'], action: 'unassign' },
    ]);
  });
});
