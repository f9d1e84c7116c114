import type { EnterpriseLegalText } from '@coach/shared/contract/legal';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  type FakeHandler,
  fail,
  fakeToken,
  groupsPage,
  makeEnterpriseUser,
  ok,
} from '../../testing/fake-server.ts';
import { renderApp, verifiedSession } from '../../testing/render-app.tsx';

const SETTINGS = 'GET /api/v1/enterprise/general/legal-texts';
const SAVE = 'POST /api/v1/enterprise/general/update-legal-text';

const texts = (own: string | null): EnterpriseLegalText[] =>
  (['privacy-policy', 'terms-and-condition'] as const).map((kind) => ({
    kind,
    override:
      kind === 'privacy-policy' && own ? { kind, body: own, updatedAt: '2026-11-22T09:00:00.000Z' } : null,
    platformDefault: { kind, body: `Platform ${kind}`, updatedAt: '2026-11-01T00:00:00.000Z' },
  }));

const renderCard = (save: FakeHandler) => {
  const app = renderApp({
    path: '/enterprise/settings',
    enterprise: verifiedSession(fakeToken(86400)),
    routes: {
      'GET /api/v1/enterprise/general/auth/me': () => ok(makeEnterpriseUser({ roleName: 'admin' })),
      'POST /api/v1/enterprise/general/user-groups': () => groupsPage(1, 1, []),
      'GET /api/v1/enterprise/general/storage-usage': () =>
        ok({ usedBytes: 0, reservedBytes: 0, quotaBytes: 1 }),
      [SETTINGS]: () => ok(texts('Our own policy')),
      [SAVE]: save,
    },
  });
  return { app, card: () => screen.findByRole('region', { name: 'Privacy Policy and Terms' }) };
};

describe('Settings: going back to the platform’s legal text', () => {
  it('sends no text, says so and shows the platform’s text', async () => {
    const { app, card } = renderCard(() => ok(texts(null)[0]));
    const user = userEvent.setup();
    await user.click(await within(await card()).findByRole('button', { name: "Use the platform's text" }));
    expect(await screen.findByText("Privacy Policy: the platform's text is shown again")).toBeInTheDocument();
    expect(app.server.calls.find((call) => call.route === SAVE)?.body).toEqual({
      kind: 'privacy-policy',
      body: null,
    });
    expect(within(await card()).getByLabelText('Privacy Policy (Markdown)')).toHaveValue(
      'Platform privacy-policy',
    );
  });

  it('says a refusal as a toast and keeps the own text', async () => {
    const { card } = renderCard(() => fail(503, 'Saving is paused'));
    const user = userEvent.setup();
    await user.click(await within(await card()).findByRole('button', { name: "Use the platform's text" }));
    expect(await screen.findByText('Saving is paused')).toBeInTheDocument();
    expect(within(await card()).queryByRole('alert')).not.toBeInTheDocument();
    expect(within(await card()).getByLabelText('Privacy Policy (Markdown)')).toHaveValue('Our own policy');
  });
});
