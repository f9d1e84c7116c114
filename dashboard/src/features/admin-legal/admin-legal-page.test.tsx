import { LEGAL_TEXT_MAX, type LegalText } from '@coach/shared/contract/legal';
import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type FakeHandler, fail, fakeToken, makeAdminUser, ok } from '../../testing/fake-server.ts';
import { renderApp, verifiedSession } from '../../testing/render-app.tsx';

const TEXTS = 'GET /api/v1/admin/legal/get-texts';
const SAVE = 'POST /api/v1/admin/legal/update-text';

const texts: LegalText[] = [
  { kind: 'privacy-policy', body: 'Platform privacy', updatedAt: '2026-11-01T00:00:00.000Z' },
  { kind: 'terms-and-condition', body: 'Platform terms', updatedAt: '2026-11-01T00:00:00.000Z' },
];

const renderPage = (save: FakeHandler) =>
  renderApp({
    path: '/admin/legal-texts',
    admin: verifiedSession(fakeToken(86400)),
    routes: {
      'GET /api/v1/admin/general/auth/me': () => ok(makeAdminUser()),
      [TEXTS]: () => ok(texts),
      [SAVE]: save,
    },
  });

const rewrite = async (body: string) => {
  const user = userEvent.setup();
  const field = await screen.findByLabelText('Privacy Policy (Markdown)');
  await user.clear(field);
  await user.type(field, body);
  await user.click(screen.getByRole('button', { name: 'Save Privacy Policy' }));
};

describe('the platform’s legal texts save through the contract form', () => {
  it('sends the kind and the text, says so and shows the saved text', async () => {
    const app = renderPage((body) =>
      ok({ kind: 'privacy-policy', body: String(body.body), updatedAt: '2026-11-22T09:00:00.000Z' }),
    );
    await rewrite('Our policy');
    expect(await screen.findByText('Privacy Policy saved')).toBeInTheDocument();
    expect(app.server.calls.find((call) => call.route === SAVE)?.body).toEqual({
      kind: 'privacy-policy',
      body: 'Our policy',
    });
    expect(screen.getByLabelText('Privacy Policy (Markdown)')).toHaveValue('Our policy');
    expect(screen.getByRole('button', { name: 'Save Privacy Policy' })).toBeDisabled();
  });

  it('shows a refusal above the form and keeps the draft', async () => {
    renderPage(() => fail(503, 'Saving is paused'));
    await rewrite('Our policy');
    expect(await screen.findByRole('alert')).toHaveTextContent('Saving is paused');
    expect(screen.getByLabelText('Privacy Policy (Markdown)')).toHaveValue('Our policy');
  });

  it('takes its length bound from the call and saves nothing empty', async () => {
    const app = renderPage(() => ok(texts[0]));
    const user = userEvent.setup();
    const field = await screen.findByLabelText('Privacy Policy (Markdown)');
    await user.clear(field);
    expect(screen.getByText('Please enter the text')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save Privacy Policy' })).toBeDisabled();
    fireEvent.change(field, { target: { value: 'x'.repeat(LEGAL_TEXT_MAX + 1) } });
    expect(screen.getByText('At most 100,000 characters')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save Privacy Policy' })).toBeDisabled();
    expect(app.server.calls.some((call) => call.route === SAVE)).toBe(false);
  });
});
