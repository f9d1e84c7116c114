import type { EnterpriseLegalText } from '@coach/shared/contract/legal';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeToken, groupsPage, makeEnterpriseUser, ok } from '../../testing/fake-server.ts';
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

describe('Settings: privacy policy and terms', () => {
  it('the enterprise admin writes its own privacy policy over the platform’s', async () => {
    const app = renderApp({
      path: '/enterprise/settings',
      enterprise: verifiedSession(fakeToken(86400)),
      routes: {
        'GET /api/v1/enterprise/general/auth/me': () => ok(makeEnterpriseUser({ roleName: 'admin' })),
        'POST /api/v1/enterprise/general/user-groups': () => groupsPage(1, 1, []),
        'GET /api/v1/enterprise/general/storage-usage': () =>
          ok({ usedBytes: 0, reservedBytes: 0, quotaBytes: 1 }),
        [SETTINGS]: () => ok(texts(null)),
        [SAVE]: (body) => ok(texts(String(body.body))[0]),
      },
    });
    const card = await screen.findByRole('region', { name: 'Privacy Policy and Terms' });
    expect(await within(card).findByText(/Showing the platform's text/)).toBeInTheDocument();
    const field = within(card).getByLabelText('Privacy Policy (Markdown)');
    expect(field).toHaveValue('Platform privacy-policy');
    const user = userEvent.setup();
    await user.clear(field);
    await user.type(field, '## Ours{enter}{enter}We keep little.');
    await user.click(within(card).getByRole('button', { name: 'Preview' }));
    expect(within(card).getByRole('heading', { name: 'Ours' })).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Save Privacy Policy' }));
    expect(await within(card).findByText(/Your own text, last updated/)).toBeInTheDocument();
    expect(app.server.calls.find((call) => call.route === SAVE)?.body).toEqual({
      kind: 'privacy-policy',
      body: '## Ours\n\nWe keep little.',
    });
    expect(within(card).getByRole('button', { name: "Use the platform's text" })).toBeInTheDocument();
    await user.click(within(card).getByRole('tab', { name: 'Terms & Condition' }));
    expect(within(card).getByLabelText('Terms & Condition (Markdown)')).toHaveValue(
      'Platform terms-and-condition',
    );
  });
});
