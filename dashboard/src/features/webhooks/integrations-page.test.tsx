import type { WebhookEndpoint, XapiSettings } from '@coach/shared/contract/integrations';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fail, fakeToken, groupsPage, makeEnterpriseUser, ok } from '../../testing/fake-server.ts';
import { renderApp, verifiedSession } from '../../testing/render-app.tsx';

const E = '/api/v1/enterprise/integrations';
const SECRET = 'whsec_c2VjcmV0LXNlY3JldC1zZWNyZXQtc2VjcmV0LTEyMw==';
const XAPI: XapiSettings = {
  endpoint: '',
  username: '',
  hasKey: false,
  enabled: false,
  updatedAt: null,
  recent: [],
};
const endpoint = (url: string): WebhookEndpoint => ({
  _id: 'endpoint-1',
  url,
  description: '',
  events: ['task.completed', 'survey.submitted'],
  enabled: true,
  createdAt: '2026-11-28T10:00:00.000Z',
  lastDelivery: null,
});

const openIntegrations = (roleName: string, endpoints: WebhookEndpoint[] = []) => {
  const added: WebhookEndpoint[] = [];
  const app = renderApp({
    path: '/enterprise/settings/integrations',
    enterprise: verifiedSession(fakeToken(86400)),
    routes: {
      'GET /api/v1/enterprise/general/auth/me': () => ok(makeEnterpriseUser({ roleName })),
      'POST /api/v1/enterprise/general/user-groups': () => groupsPage(1, 1, []),
      [`GET ${E}/webhooks`]: () => ok([...endpoints, ...added]),
      [`GET ${E}/xapi`]: () => ok(XAPI),
      [`POST ${E}/add-webhook`]: (body) => {
        if (body.url === 'https://10.0.0.5/hook')
          return fail(
            422,
            'url: Must be a public address: private, loopback and link-local networks are refused',
            {
              field: 'url',
            },
          );
        const created = endpoint(String(body.url));
        added.push(created);
        return ok({ endpoint: created, secret: SECRET });
      },
    },
  });
  return app;
};

describe('Settings → Integrations', () => {
  it('an admin adds an endpoint: a private address is refused on its field, then the secret is shown once', async () => {
    const user = userEvent.setup();
    const app = openIntegrations('admin');
    expect(await screen.findByText('No webhook endpoints yet')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add endpoint' }));
    const form = await screen.findByRole('dialog', { name: 'Add a webhook endpoint' });
    await user.click(within(form).getByRole('checkbox', { name: 'Task completed' }));
    await user.click(within(form).getByRole('button', { name: 'Add endpoint' }));
    expect(within(form).getByRole('alert')).toHaveTextContent('Choose at least one event');
    expect(app.server.calls.filter((call) => call.route === `POST ${E}/add-webhook`)).toHaveLength(0);

    await user.click(within(form).getByRole('checkbox', { name: 'Survey submitted' }));
    await user.type(within(form).getByLabelText('Address (https)'), 'https://10.0.0.5/hook');
    await user.click(within(form).getByRole('button', { name: 'Add endpoint' }));
    expect(await within(form).findByText(/Must be a public address/)).toBeInTheDocument();
    expect(within(form).getByLabelText('Address (https)')).toHaveAttribute('aria-invalid', 'true');

    await user.clear(within(form).getByLabelText('Address (https)'));
    await user.type(within(form).getByLabelText('Address (https)'), 'https://hooks.example.com/coach');
    await user.click(within(form).getByRole('button', { name: 'Add endpoint' }));
    const shown = await screen.findByRole('dialog', { name: 'Copy the signing secret' });
    expect(within(shown).getByRole('textbox', { name: 'Signing secret' })).toHaveValue(SECRET);
    const sent = app.server.calls.filter((call) => call.route === `POST ${E}/add-webhook`).at(-1);
    expect(sent?.body).toEqual({ url: 'https://hooks.example.com/coach', events: ['survey.submitted'] });

    await user.click(within(shown).getByRole('button', { name: 'I have copied it' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await screen.findByText('https://hooks.example.com/coach')).toBeInTheDocument();
    expect(screen.queryByDisplayValue(SECRET)).not.toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: 'Send test event to https://hooks.example.com/coach' }),
    ).toBeVisible();
  });

  it('a member whose role is not admin is sent to the unauthorized page', async () => {
    const app = openIntegrations('Staff', [endpoint('https://hooks.example.com/coach')]);
    expect(
      await screen.findByRole('heading', { name: "You don't have access to this page" }),
    ).toBeInTheDocument();
    expect(app.location()).toBe('/enterprise/unauthorized');
    expect(app.server.calls.some((call) => call.route === `GET ${E}/webhooks`)).toBe(false);
  });
});
