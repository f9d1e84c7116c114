import { adminGeneral } from '@coach/shared/contract/admin';
import { adminEnterprises } from '@coach/shared/contract/admin-enterprises';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeToken, makeAdminUser, ok } from '../../testing/fake-server.ts';
import { renderApp, verifiedSession } from '../../testing/render-app.tsx';

const route = ({ method, path }: { method: string; path: string }) => `${method} ${path}`;
const ADD = route(adminEnterprises.add);

const openDialog = async () => {
  const app = renderApp({
    path: '/admin/enterprises',
    admin: verifiedSession(fakeToken(86400)),
    routes: {
      'GET /api/v1/admin/general/auth/me': () => ok(makeAdminUser()),
      [route(adminGeneral.getEnterpriseList)]: () => ok({ currentPage: 1, totalPages: 1, listdata: [] }),
    },
  });
  fireEvent.click(await screen.findByRole('button', { name: 'Add enterprise' }));
  await screen.findByRole('dialog');
  return app;
};

describe('adding an enterprise', () => {
  it('a platform admin who types a bad email sees it named under the field with the missing ones, nothing sent', async () => {
    const app = await openDialog();
    fireEvent.change(screen.getByLabelText('Admin email'), { target: { value: 'not-an-email' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create enterprise' }));
    expect(await screen.findByText('Please enter a valid email')).toBeVisible();
    expect(screen.getByText('Please enter the company name')).toBeVisible();
    expect(screen.getByText("Please enter the admin's name")).toBeVisible();
    expect(app.server.calls.some((call) => call.route === ADD)).toBe(false);
  });

  it('a platform admin who fills the form with a bad email sees the email error inline, nothing sent', async () => {
    const app = await openDialog();
    fireEvent.change(screen.getByLabelText('Company name'), { target: { value: 'Initech' } });
    fireEvent.change(screen.getByLabelText('Admin name'), { target: { value: 'Bill Lumbergh' } });
    fireEvent.change(screen.getByLabelText('Admin email'), { target: { value: 'bill@initech' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create enterprise' }));
    expect(await screen.findByText('Please enter a valid email')).toBeVisible();
    expect(screen.getByLabelText('Admin email')).toHaveAttribute('aria-invalid', 'true');
    expect(app.server.calls.some((call) => call.route === ADD)).toBe(false);
  });
});
