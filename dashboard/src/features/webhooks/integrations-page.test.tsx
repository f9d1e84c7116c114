import type { WebhookDelivery, WebhookEndpoint, XapiSettings } from '@coach/shared/contract/integrations';
import { screen, waitFor, within } from '@testing-library/react';
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

const tlsError =
  "ERR_TLS_CERT_ALTNAME_INVALID: Hostname/IP does not match certificate's altnames: IP: 1.2.3.4 is not in the cert's list";
const DELIVERIES: WebhookDelivery[] = [
  {
    _id: 'delivery-retrying',
    eventType: 'task.completed',
    status: 'pending',
    attempts: 2,
    lastStatusCode: null,
    lastError: 'connect ECONNREFUSED 1.2.3.4:443',
    nextAttemptAt: '2026-11-28T10:01:30.000Z',
    createdAt: '2026-11-28T10:00:00.000Z',
    deliveredAt: null,
    attemptLog: [
      {
        attempt: 1,
        startedAt: '2026-11-28T10:00:00.000Z',
        durationMs: 35,
        statusCode: null,
        error: tlsError,
      },
      {
        attempt: 2,
        startedAt: '2026-11-28T10:00:30.000Z',
        durationMs: 12,
        statusCode: null,
        error: 'connect ECONNREFUSED 1.2.3.4:443',
      },
    ],
  },
  {
    _id: 'delivery-failed',
    eventType: 'survey.submitted',
    status: 'failed',
    attempts: 8,
    lastStatusCode: 503,
    lastError: 'HTTP 503',
    nextAttemptAt: null,
    createdAt: '2026-11-27T10:00:00.000Z',
    deliveredAt: null,
    attemptLog: [
      {
        attempt: 8,
        startedAt: '2026-11-27T14:00:00.000Z',
        durationMs: 40,
        statusCode: 503,
        error: 'HTTP 503',
      },
    ],
  },
];

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
      [`GET ${E}/webhook-deliveries`]: () =>
        ok({ currentPage: 1, totalPages: 1, totalCount: DELIVERIES.length, listdata: DELIVERIES }),
      [`POST ${E}/update-webhook`]: (body) =>
        ok({
          ...endpoint('https://hooks.example.com/coach'),
          description: String(body.description),
          events: body.events as WebhookEndpoint['events'],
        }),
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
  it('an endpoint whose receiver keeps failing says "Retrying" with its tries on its row, not "Pending"', async () => {
    openIntegrations('Admin', [
      {
        ...endpoint('https://hooks.example.com/coach'),
        lastDelivery: {
          status: 'pending',
          statusCode: null,
          eventType: 'task.completed',
          at: '2026-11-28T10:00:30.000Z',
          attempts: 4,
        },
      },
    ]);
    const url = await screen.findByText('https://hooks.example.com/coach');
    const row = url.closest('li') as HTMLElement;
    expect(within(row).getByText('Retrying')).toBeInTheDocument();
    expect(row).toHaveTextContent(/Last delivery: Retrying Attempts: 4 of 8 · /);
    expect(within(row).queryByText('Pending')).not.toBeInTheDocument();
  });

  it("the delivery log names each failure plainly, keeps Node's words as a detail, and says what happens next", async () => {
    openIntegrations('Admin', [endpoint('https://hooks.example.com/coach')]);
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('button', { name: 'Deliveries to https://hooks.example.com/coach' }),
    );
    const log = await screen.findByRole('region', { name: 'Deliveries to https://hooks.example.com/coach' });
    const [, retrying, failed] = within(log).getAllByRole('row');
    if (!retrying || !failed) throw new Error('two deliveries expected');
    const tries = within(retrying).getAllByRole('listitem');
    expect(tries[0]).toHaveTextContent(
      /^Attempt 1, .+: The receiver's certificate does not match its address \(took 35 ms\)Technical detail/,
    );
    expect(within(tries[0] as HTMLElement).getByTitle(tlsError)).toBeInTheDocument();
    expect(within(tries[0] as HTMLElement).getByText(tlsError)).toBeInTheDocument();
    expect(tries[1]).toHaveTextContent('Connection refused: nothing answers at this address (took 12 ms)');
    // Pending after a failed try: retried, and when.
    expect(within(retrying).getByText('Retrying')).toBeInTheDocument();
    expect(retrying).toHaveTextContent(/Next attempt .+ \(Attempts: 2 of 8\)/);
    // Its attempts spent: failed for good.
    expect(within(failed).getByText('Failed')).toBeInTheDocument();
    expect(failed).toHaveTextContent('Failed for good: no more attempts (Attempts: 8 of 8)');
    expect(failed).toHaveTextContent('HTTP status 503 (took 40 ms)');
    expect(within(failed).queryByText('Technical detail')).toBeNull();
  });

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

  it('an admin changes an endpoint’s events and description; its address and secret stay', async () => {
    const app = openIntegrations('Admin', [endpoint('https://hooks.example.com/coach')]);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit https://hooks.example.com/coach' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change the webhook endpoint' });
    expect(within(dialog).queryByRole('textbox', { name: /Address/ })).not.toBeInTheDocument();
    expect(dialog).toHaveTextContent('The address and its secret stay.');
    await user.type(within(dialog).getByRole('textbox', { name: 'Description (optional)' }), 'HR system');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Member joined' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(app.server.calls.find((call) => call.route === `POST ${E}/update-webhook`)?.body).toEqual({
      endpointId: 'endpoint-1',
      description: 'HR system',
      events: ['task.completed', 'survey.submitted', 'member.joined'],
    });
    expect(await screen.findByText('HR system')).toBeInTheDocument();
    expect(screen.getByText(/Survey submitted, and Member joined|Member joined/)).toBeInTheDocument();
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
