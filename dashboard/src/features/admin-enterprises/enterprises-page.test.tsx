import { adminGeneral } from '@coach/shared/contract/admin';
import type { EnterpriseRow } from '@coach/shared/contract/admin-enterprises';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeToken, makeAdminUser, ok } from '../../testing/fake-server.ts';
import { renderApp, verifiedSession } from '../../testing/render-app.tsx';

const route = ({ method, path }: { method: string; path: string }) => `${method} ${path}`;

const company = (over: Partial<EnterpriseRow>): EnterpriseRow => ({
  _id: 'e1',
  company_name: 'Acme Learning',
  memberCount: 0,
  invitedCount: 0,
  createdAt: '2026-01-05T09:00:00.000Z',
  featuresOn: 4,
  featuresTotal: 13,
  ...over,
});

const rowOf = async (name: string) => {
  const row = (await screen.findByText(name)).closest('tr');
  if (!row) throw new Error(`${name} has no row`);
  return row;
};

describe('enterprise list members', () => {
  it('a platform admin sees a company’s invitees counted apart from its members, not as members', async () => {
    renderApp({
      path: '/admin/enterprises',
      admin: verifiedSession(fakeToken(86400)),
      routes: {
        'GET /api/v1/admin/general/auth/me': () => ok(makeAdminUser()),
        [route(adminGeneral.getEnterpriseList)]: () =>
          ok({
            currentPage: 1,
            totalPages: 1,
            listdata: [
              company({ _id: 'e1', company_name: 'Acme Learning', memberCount: 1, invitedCount: 6 }),
              company({ _id: 'e2', company_name: 'Globex Training', memberCount: 12, invitedCount: 0 }),
            ],
          }),
      },
    });
    const acme = await rowOf('Acme Learning');
    const acmeMembers = within(acme).getByText('6 invited, not joined yet').closest('td');
    expect(acmeMembers).toHaveTextContent(/^1\s*6 invited, not joined yet$/);
    const globex = await rowOf('Globex Training');
    expect(globex).not.toHaveTextContent('invited');
    expect(within(globex).getByText('12')).toBeVisible();
  });
});
