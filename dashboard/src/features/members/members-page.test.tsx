import { type Member, members } from '@coach/shared/contract/members';
import type { PermissionKey } from '@coach/shared/permissions';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createAppApi, setApiClient } from '../../lib/api.ts';
import {
  type FakeHandler,
  fakeToken,
  groupsPage,
  makeEnterpriseUser,
  ok,
} from '../../testing/fake-server.ts';
import { renderApp, TEST_ORIGIN, verifiedSession } from '../../testing/render-app.tsx';

const member = (over: Partial<Member>): Member => ({
  _id: 'm1',
  name: 'Ada Active',
  email: 'ada@acme.example',
  role: { _id: 'r1', name: 'Learner' },
  groups: [],
  status: 'Active',
  lastActiveAt: '2026-03-02T09:00:00.000Z',
  isDefaultAdmin: false,
  invitePending: false,
  ...over,
});

type RoleOption = { _id: string; name: string; grantable: boolean; permissionCount: number };
const LEARNER_ONLY: RoleOption[] = [{ _id: 'r1', name: 'Learner', grantable: true, permissionCount: 1 }];

const openMembers = (
  list: Member[],
  roleOptions = LEARNER_ONLY,
  me = makeEnterpriseUser({ permissions: ['members'] }),
  myGroups: string[] = [],
) =>
  renderApp({
    path: '/enterprise/members',
    enterprise: verifiedSession(fakeToken(86400)),
    routes: {
      'GET /api/v1/enterprise/general/auth/me': () => ok(me),
      'POST /api/v1/enterprise/general/user-groups': () => groupsPage(1, 1, myGroups),
      'GET /api/v1/enterprise/roles/get-role-options': () => ok(roleOptions),
      'GET /api/v1/enterprise/members/get-members': () =>
        ok({ currentPage: 1, totalPages: 1, totalCount: list.length, listdata: list }),
    },
  });

const statusOf = (name: string) => {
  const row = screen.getByRole('link', { name }).closest('tr') as HTMLElement;
  return within(row)
    .getAllByText(/^(Active|Inactive|Invited)$/)
    .map((status) => status.textContent);
};

describe('enterprise members', () => {
  it('an admin sees one status per member: Invited until an invited member first signs in', async () => {
    openMembers([
      member({ _id: 'm1', name: 'Ada Active' }),
      member({ _id: 'm2', name: 'Ivan Invited', invitePending: true, lastActiveAt: null }),
      member({ _id: 'm3', name: 'Ines Inactive', status: 'Inactive' }),
      member({ _id: 'm4', name: 'Dora Deactivated', status: 'Inactive', invitePending: true }),
    ]);
    await screen.findByRole('link', { name: 'Ivan Invited' });
    expect(statusOf('Ada Active')).toEqual(['Active']);
    expect(statusOf('Ivan Invited')).toEqual(['Invited']);
    expect(statusOf('Ines Inactive')).toEqual(['Inactive']);
    expect(statusOf('Dora Deactivated')).toEqual(['Inactive']);
  });

  it('an admin sends an invitee who has not joined the invitation again from their row', async () => {
    const view = openMembers([
      member({ _id: 'm1', name: 'Ada Active' }),
      member({
        _id: 'm2',
        name: 'Ivan Invited',
        email: 'ivan@acme.example',
        invitePending: true,
        lastActiveAt: null,
      }),
    ]);
    view.server.routes['POST /api/v1/enterprise/members/resend-invite'] = () => ok({ _id: 'm2' });
    const user = userEvent.setup();
    const ivan = (await screen.findByRole('link', { name: 'Ivan Invited' })).closest('tr') as HTMLElement;
    // In place of Deactivate, which a joined member's row keeps.
    expect(within(ivan).queryByRole('button', { name: 'Deactivate Ivan Invited' })).not.toBeInTheDocument();
    const ada = screen.getByRole('link', { name: 'Ada Active' }).closest('tr') as HTMLElement;
    expect(within(ada).queryByRole('button', { name: /^Resend invitation/ })).not.toBeInTheDocument();
    await user.click(within(ivan).getByRole('button', { name: 'Resend invitation to Ivan Invited' }));
    expect(await screen.findByText('Invitation sent again to ivan@acme.example')).toBeInTheDocument();
    expect(view.server.calls.find((call) => call.route.endsWith('resend-invite'))?.body).toEqual({
      memberId: 'm2',
    });
  });

  it('an admin inviting a member starts from the role with the fewest permissions, not Admin', async () => {
    openMembers(
      [member({})],
      [
        { _id: 'r-admin', name: 'Admin', grantable: true, permissionCount: 9 },
        { _id: 'r-coach', name: 'Coach', grantable: true, permissionCount: 3 },
        { _id: 'r-owner', name: 'Owners only', grantable: false, permissionCount: 0 },
        { _id: 'r-trainee', name: 'Trainee', grantable: true, permissionCount: 1 },
      ],
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Invite member' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Invite a member' }));
    const role = dialog.getByRole('combobox', { name: 'Role' });
    await waitFor(() => expect(role).toHaveDisplayValue('Trainee'));
    // The greyed role says why it is greyed.
    expect(dialog.getByRole('option', { name: 'Owners only' })).toBeDisabled();
    expect(role).toHaveAccessibleDescription(
      'A greyed role opens sections you do not hold, so you cannot give it.',
    );
  });

  it('an admin inviting a member is told the groups listed are the first of more, and how to find the others', async () => {
    const names = Array.from({ length: 10 }, (_, i) => `Team ${i + 1}`);
    renderApp({
      path: '/enterprise/members',
      enterprise: verifiedSession(fakeToken(86400)),
      routes: {
        'GET /api/v1/enterprise/general/auth/me': () => ok(makeEnterpriseUser({ permissions: ['members'] })),
        'POST /api/v1/enterprise/general/user-groups': () => groupsPage(1, 4, names),
        'GET /api/v1/enterprise/roles/get-role-options': () => ok(LEARNER_ONLY),
        'GET /api/v1/enterprise/members/get-members': () =>
          ok({ currentPage: 1, totalPages: 1, totalCount: 1, listdata: [member({})] }),
      },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Invite member' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Invite a member' }));
    expect(await dialog.findByText('The first 10 are shown: type a name to find the others.')).toBeVisible();
    expect(dialog.getAllByRole('checkbox')).toHaveLength(10);
  });

  it('an admin importing a CSV is told that a row with no role gets the role Invite starts from', async () => {
    openMembers([member({})]);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Import CSV' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import members from CSV' });
    expect(dialog).toHaveTextContent(
      'A row with no role gets the role with the fewest permissions you can give, as in Invite member.',
    );
  });

  it('the default admin finds no Deactivate or Delete on their own row, which the server refuses', async () => {
    openMembers(
      [
        member({ _id: 'u1', name: 'Olivia Owner', isDefaultAdmin: true }),
        member({ _id: 'm2', name: 'Ada Active' }),
      ],
      LEARNER_ONLY,
      makeEnterpriseUser({ permissions: ['members'], isDefaultAdmin: true }),
    );
    await screen.findByRole('link', { name: 'Olivia Owner' });
    expect(screen.getByRole('button', { name: 'Edit Olivia Owner' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Deactivate Olivia Owner' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete Olivia Owner' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Deactivate Ada Active' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Delete Ada Active' })).toBeEnabled();
  });

  it('a member manager finds no Deactivate or Delete on their own row nor on the default admin’s', async () => {
    openMembers(
      [
        member({ _id: 'm0', name: 'Olivia Owner', isDefaultAdmin: true }),
        member({ _id: 'u1', name: 'Sam Staff' }),
      ],
      LEARNER_ONLY,
      makeEnterpriseUser({ permissions: ['members'], name: 'Sam Staff' }),
    );
    await screen.findByRole('link', { name: 'Sam Staff' });
    for (const name of ['Olivia Owner', 'Sam Staff']) {
      expect(screen.queryByRole('button', { name: `Deactivate ${name}` })).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: `Delete ${name}` })).not.toBeInTheDocument();
    }
  });

  it('a member manager reads why some rows’ actions are greyed: their role is one they could not give', async () => {
    openMembers(
      [
        member({ _id: 'm1', name: 'Ada Active' }),
        member({ _id: 'm2', name: 'Max Manager', role: { _id: 'r9', name: 'Manager' } }),
      ],
      [...LEARNER_ONLY, { _id: 'r9', name: 'Manager', grantable: false, permissionCount: 5 }],
    );
    expect(await screen.findByRole('button', { name: 'Deactivate Max Manager' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Deactivate Ada Active' })).toBeEnabled();
    expect(
      screen.getByText(
        'Greyed actions are on members whose role you could not give yourself: ask someone who can.',
      ),
    ).toBeInTheDocument();
  });

  it('a member manager without Groups edits their own row: role locked with its reason, their own groups offered, no 403', async () => {
    const app = openMembers(
      [member({ _id: 'u1', name: 'Sam Staff' })],
      LEARNER_ONLY,
      makeEnterpriseUser({ permissions: ['members'], name: 'Sam Staff' }),
      ['Sales'],
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit Sam Staff' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Sam Staff' });
    expect(within(dialog).getByRole('combobox', { name: /Role/ })).toBeDisabled();
    expect(dialog).toHaveTextContent('You cannot change your own role: another admin can.');
    expect(await within(dialog).findByRole('checkbox', { name: 'Sales' })).toBeInTheDocument();
    expect(dialog).toHaveTextContent('You can add people to the groups you are in.');
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    // Never the Groups section's own list, which this role may not read.
    expect(app.server.calls.some((call) => call.route.includes('/groups/get-groups'))).toBe(false);
  });
});

/** A first day's people: one who joined, two invitees (one deactivated) and one deactivated member. */
const DAY_ONE = [
  member({ _id: 'm1', name: 'Ada Active' }),
  member({ _id: 'm2', name: 'Ivan Invited', invitePending: true, lastActiveAt: null }),
  member({ _id: 'm3', name: 'Ines Inactive', status: 'Inactive' }),
  member({ _id: 'm4', name: 'Dora Deactivated', status: 'Inactive', invitePending: true }),
];
/** The server's status filter (services/organisation/members.ts), so the page shows what the server answers. */
const byStatus: Record<string, (m: Member) => boolean> = {
  Active: (m) => m.status === 'Active' && !m.invitePending,
  Invited: (m) => m.status === 'Active' && m.invitePending,
  Inactive: (m) => m.status === 'Inactive',
};
const filteringServer =
  (list: Member[]): FakeHandler =>
  (query) => {
    const kept = list.filter(byStatus[String(query.status)] ?? (() => true));
    return ok({ currentPage: 1, totalPages: 1, totalCount: kept.length, listdata: kept });
  };

const openPeople = ({
  list = DAY_ONE,
  groupNames = [],
  permissions = ['members'],
}: {
  list?: Member[];
  groupNames?: string[];
  permissions?: PermissionKey[];
} = {}) =>
  renderApp({
    path: '/enterprise/members',
    enterprise: verifiedSession(fakeToken(86400)),
    routes: {
      'GET /api/v1/enterprise/general/auth/me': () => ok(makeEnterpriseUser({ permissions })),
      'POST /api/v1/enterprise/general/user-groups': () => groupsPage(1, 1, groupNames),
      'GET /api/v1/enterprise/roles/get-role-options': () => ok(LEARNER_ONLY),
      'GET /api/v1/enterprise/members/get-members': filteringServer(list),
    },
  });

const shownNames = () =>
  screen
    .getAllByRole('link')
    .filter((link) => link.classList.contains('members__link'))
    .map((link) => link.textContent);
const statusQueries = (app: ReturnType<typeof openPeople>) =>
  app.server.calls.filter((call) => call.route.endsWith('/get-members')).map((call) => call.body.status);

describe('enterprise members filtered by status, invitees apart', () => {
  it('an admin filtering on Active sees who joined, and on Invited who has not joined yet, as the server lists them', async () => {
    const app = openPeople();
    const user = userEvent.setup();
    await screen.findByRole('link', { name: 'Ivan Invited' });
    const filter = screen.getByRole('group', { name: 'Status' });
    expect(
      within(filter)
        .getAllByRole('radio')
        .map((radio) => radio.parentElement?.textContent),
    ).toEqual(['All', 'Active', 'Invited', 'Inactive']);

    await user.click(within(filter).getByRole('radio', { name: 'Active' }));
    await waitFor(() => expect(shownNames()).toEqual(['Ada Active']));
    expect(statusOf('Ada Active')).toEqual(['Active']);

    await user.click(within(filter).getByRole('radio', { name: 'Invited' }));
    await waitFor(() => expect(shownNames()).toEqual(['Ivan Invited']));
    expect(statusOf('Ivan Invited')).toEqual(['Invited']);

    await user.click(within(filter).getByRole('radio', { name: 'Inactive' }));
    await waitFor(() => expect(shownNames()).toEqual(['Ines Inactive', 'Dora Deactivated']));

    await user.click(within(filter).getByRole('radio', { name: 'All' }));
    await waitFor(() => expect(shownNames()).toHaveLength(4));
    // The server filters: each choice is the list call's status, All none (its answer cached by then).
    expect(statusQueries(app)).toEqual([undefined, 'Active', 'Invited', 'Inactive']);
  });

  it('an admin whose invitees have all joined is told so under Invited', async () => {
    openPeople({ list: [member({ _id: 'm1', name: 'Ada Active' })] });
    const user = userEvent.setup();
    await screen.findByRole('link', { name: 'Ada Active' });
    await user.click(screen.getByRole('radio', { name: 'Invited' }));
    expect(await screen.findByText('No one is waiting to join')).toBeInTheDocument();
    expect(
      screen.getByText(
        'Everyone you invited has joined. People you invite are listed here until they accept their invitation.',
      ),
    ).toBeInTheDocument();
  });
});

/** The members CSV template's text, as its link downloads it. */
const templateText = async () => {
  const dialog = await screen.findByRole('dialog', { name: 'Import members from CSV' });
  const link = within(dialog).getByRole('link', { name: 'Download a template' });
  return decodeURIComponent((link.getAttribute('href') ?? '').replace(/^data:text\/csv;charset=utf-8,/, ''));
};

describe('enterprise members import from a CSV file', () => {
  it("a new company's template puts its sample member in no group, with the role Invite starts from", async () => {
    openPeople({ groupNames: [] });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Import CSV' }));
    await waitFor(async () =>
      expect(await templateText()).toBe('name,email,role,groups\nAlex Example,alex@example.com,Learner,\n'),
    );
    expect(await templateText()).not.toContain('Sales Onboarding');
    expect(screen.getByRole('dialog', { name: 'Import members from CSV' })).toHaveTextContent(
      'Groups must exist before the import: it does not create them.',
    );
  });

  it("a company with groups gets its own first group in the template's sample row", async () => {
    openPeople({ groupNames: ['=cmd', 'Warehouse, North', 'Zeta'] });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Import CSV' }));
    // A name a spreadsheet would run as a formula is passed over; a comma is quoted.
    await waitFor(async () =>
      expect(await templateText()).toBe(
        'name,email,role,groups\nAlex Example,alex@example.com,Learner,"Warehouse, North"\n',
      ),
    );
  });

  it('an admin whose row names a group the company lacks is told groups must exist first, and where to make them', async () => {
    const app = openPeople({ permissions: ['members', 'groups'] });
    // The import is multipart, which the JSON fake server does not read: it is answered here.
    const refused = {
      imported: [{ row: 2, email: 'ada@acme.example' }],
      errors: [{ row: 3, field: 'groups', message: 'No group is named "Sales Onboarding"' }],
    };
    const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) =>
      new Request(input, init).url.endsWith(members.importCsv.path)
        ? new Response(
            JSON.stringify({ success: 1, message: '1 imported, 1 row refused', response: refused }),
            {
              headers: { 'content-type': 'application/json' },
            },
          )
        : app.server.fetch(input, init),
    );
    setApiClient(
      createAppApi({ store: app.store, fetch: fetch as typeof globalThis.fetch, baseUrl: TEST_ORIGIN }),
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Import CSV' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Import members from CSV' }));
    await user.upload(
      dialog.getByLabelText('Choose CSV file'),
      new File(
        ['name,email,role,groups\nAda,ada@acme.example,,\nBo,bo@acme.example,,Sales Onboarding'],
        'people.csv',
        {
          type: 'text/csv',
        },
      ),
    );
    await user.click(dialog.getByRole('button', { name: 'Import' }));
    const result = await screen.findByRole('region', { name: 'Import result' });
    expect(within(result).getByRole('row', { name: /Sales Onboarding/ })).toBeInTheDocument();
    expect(result).toHaveTextContent(
      'The import does not create groups: create each missing group on the Groups page first, or leave the groups cell empty, then import those rows again.',
    );
    expect(within(result).getByRole('link', { name: 'Groups' })).toHaveAttribute(
      'href',
      '/enterprise/groups',
    );
  });
});
