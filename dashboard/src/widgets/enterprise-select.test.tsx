import { adminGeneral } from '@coach/shared/contract/admin';
import { ENTERPRISE_PAGE_SIZE } from '@coach/shared/contract/admin-enterprises';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createStore, Provider } from 'jotai';
import { useState } from 'react';
import { Toaster } from 'react-hot-toast';
import { describe, expect, it } from 'vitest';
import { createAppApi, setApiClient } from '../lib/api.ts';
import { sessionAtoms } from '../lib/session.ts';
import { createFakeServer, fail, fakeToken, ok } from '../testing/fake-server.ts';
import { TEST_ORIGIN } from '../testing/render-app.tsx';
import { EnterpriseSelect } from './enterprise-select.tsx';

const LIST = `${adminGeneral.getEnterpriseList.method} ${adminGeneral.getEnterpriseList.path}`;

/**
 * 215 enterprises in reverse name order (the filter orders them itself): 22 pages of ten (more than the old cap of
 * 20 pages).
 */
const ENTERPRISES = Array.from({ length: 215 }, (_, i) => ({
  _id: `e${i + 1}`,
  company_name: `Company ${String(215 - i).padStart(3, '0')}`,
  memberCount: 1,
  createdAt: '2026-01-05T09:00:00.000Z',
  featuresOn: 11,
  featuresTotal: 13,
}));

const Harness = () => {
  const [value, setValue] = useState('');
  return <EnterpriseSelect value={value} onChange={setValue} />;
};

const renderSelect = ({ failing }: { failing: () => boolean }) => {
  const store = createStore();
  store.set(sessionAtoms.admin, { token: fakeToken(86400), mfaDone: true, refreshDone: false });
  const server = createFakeServer({
    [LIST]: (query) => {
      if (failing()) return fail(403, 'The enterprise list is not available');
      const currentPage = Number(query.currentPage ?? 1);
      return ok({
        currentPage,
        totalPages: Math.ceil(ENTERPRISES.length / ENTERPRISE_PAGE_SIZE),
        totalCount: ENTERPRISES.length,
        listdata: ENTERPRISES.slice(
          (currentPage - 1) * ENTERPRISE_PAGE_SIZE,
          currentPage * ENTERPRISE_PAGE_SIZE,
        ),
      });
    },
  });
  setApiClient(createAppApi({ store, fetch: server.fetch, baseUrl: TEST_ORIGIN }));
  render(
    <Provider store={store}>
      <Harness />
      <Toaster />
    </Provider>,
  );
  return server;
};

const optionNames = () =>
  within(screen.getByRole('combobox', { name: 'Enterprise' }))
    .getAllByRole('option')
    .map((option) => option.textContent);

describe('enterprise filter of the admin reports and members', () => {
  it('a platform admin can filter by any enterprise, however many pages of ten there are, sorted by name', async () => {
    const server = renderSelect({ failing: () => false });
    expect(await screen.findByRole('option', { name: 'Company 001' })).toBeInTheDocument();
    const names = optionNames();
    expect(names).toHaveLength(1 + ENTERPRISES.length);
    expect(names.slice(0, 3)).toEqual(['All enterprises', 'Company 001', 'Company 002']);
    expect(names.at(-1)).toBe('Company 215');
    const pages = server.calls.map((call) => Number(call.body.currentPage)).sort((a, b) => a - b);
    expect(pages).toEqual(Array.from({ length: 22 }, (_, i) => i + 1));

    await userEvent
      .setup()
      .selectOptions(screen.getByRole('combobox', { name: 'Enterprise' }), 'Company 001');
    expect(screen.getByRole('combobox', { name: 'Enterprise' })).toHaveValue('e215');
  });

  it('a platform admin whose enterprise list fails is told so, keeps "All enterprises" and can try again', async () => {
    let failing = true;
    renderSelect({ failing: () => failing });
    const select = screen.getByRole('combobox', { name: 'Enterprise' });
    // A toast says it once; the field keeps saying it, with Try again.
    expect(
      await screen.findByText('The enterprises could not be loaded. The enterprise list is not available'),
    ).toBeInTheDocument();
    expect(select).toHaveAccessibleDescription('The enterprises could not be loaded. Try again');
    expect(optionNames()).toEqual(['All enterprises']);

    failing = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('option', { name: 'Company 215' })).toBeInTheDocument();
    expect(optionNames()).toHaveLength(1 + ENTERPRISES.length);
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });
});
