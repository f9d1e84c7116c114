import { contentActions } from '@coach/shared/contract/content';
import { INTEGRATION_MAX_ATTEMPTS, integrations } from '@coach/shared/contract/integrations';
import { members } from '@coach/shared/contract/members';
import { Webhook } from 'standardwebhooks';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { isPublicAddress, publicLookup, RefusedAddressError } from '../providers/outbound-http.ts';
import { integrationRetry } from '../services/integrations/integration-delivery.ts';
import { buildStatement } from '../services/integrations/xapi-statements.ts';
import { startReceiver } from '../testing/receiver.ts';
import { createTestApp } from '../testing/test-app.ts';

// Webhooks and xAPI statements, from Settings to the receiver's door.

let t: Awaited<ReturnType<typeof createTestApp>>;
let owner: string;
let staff: string;
let learner: string;
let globex: string;
let learnerId: string;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
const ip = '10.9.20.4';

const allowPrivate = (allowed: boolean) => {
  const config = t.deps.config.integrations;
  if (!config) throw new Error('The test app has integrations');
  config.allowPrivateAddresses = allowed;
};

const post = (token: string, path: string, body: object) => t.request('POST', path, { token, ip, body });
const get = (token: string, path: string, query: Record<string, string> = {}) =>
  t.request('GET', `${path}?${new URLSearchParams(query)}`, { token, ip });

const addEndpoint = async (url: string, events: string[] = ['video.viewed', 'task.completed']) => {
  const res = await post(owner, integrations.addWebhook.path, { url, events, description: 'Test receiver' });
  expect(res.status, res.json.message).toBe(200);
  return res.json.response as { endpoint: { _id: string }; secret: string };
};

const deliveries = async (endpointId: string, token = owner) => {
  const res = await get(token, integrations.webhookDeliveries.path, { endpointId, currentPage: '1' });
  expect(res.status, res.json.message).toBe(200);
  return res.json.response.listdata as {
    _id: string;
    eventType: string;
    status: string;
    attempts: number;
    nextAttemptAt: string | null;
    attemptLog: {
      attempt: number;
      statusCode: number | null;
      error: string | null;
      durationMs: number | null;
    }[];
  }[];
};

/** Makes every waiting retry due now, and waits for the queue to work it. */
const runRetriesNow = async () => {
  await t.deps.db
    .updateTable('jobs')
    .set({ run_after: new Date(Date.now() - 1000).toISOString() })
    .where('status', '=', 'pending')
    .where('kind', 'in', ['webhook-delivery', 'xapi-statement'])
    .execute();
  t.deps.jobs.poke();
  await t.jobsIdle();
};

/** An Acme video the learner has not viewed (and its id), for a real video.viewed event. */
const unviewedVideo = async () => {
  const row = await t.deps.db
    .selectFrom('content as c')
    .innerJoin('content_enterprises as ce', 'ce.content_id', 'c.id')
    .innerJoin('enterprises as e', 'e.id', 'ce.enterprise_id')
    .select(['c.id', 'c.title'])
    .where('e.name', '=', 'Acme Learning')
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('content_actions')
            .select('id')
            .whereRef('content_actions.content_id', '=', 'c.id')
            .where('content_actions.user_id', '=', learnerId)
            .where('content_actions.action', '=', 'viewed'),
        ),
      ),
    )
    .orderBy('c.title')
    .executeTakeFirstOrThrow();
  return row;
};

beforeAll(async () => {
  t = await createTestApp();
  ({ owner, staff, learner, globex, learnerId } = await t.signInSeeded(ip));
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver?.close();
  await t?.close();
});
afterEach(() => allowPrivate(false));

describe('webhooks: who may register them', () => {
  it('staff and learners are refused (role named admin only), and nobody signed out gets in', async () => {
    allowPrivate(true);
    for (const token of [staff, learner]) {
      const add = await post(token, integrations.addWebhook.path, {
        url: receiver.url,
        events: ['task.completed'],
      });
      expect(add.status).toBe(403);
      expect((await get(token, integrations.listWebhooks.path)).status).toBe(403);
      expect((await get(token, integrations.getXapi.path)).status).toBe(403);
    }
    const anonymous = await t.request('GET', integrations.listWebhooks.path, { ip });
    expect(anonymous.status).toBe(401);
  });

  it('another enterprise neither sees nor touches Acme endpoints (404), and has its own empty list', async () => {
    allowPrivate(true);
    const { endpoint } = await addEndpoint(`${receiver.url}/tenant`);
    const list = await get(globex, integrations.listWebhooks.path);
    expect(list.status).toBe(200);
    expect(list.json.response.map((e: { _id: string }) => e._id)).not.toContain(endpoint._id);
    const endpointId = endpoint._id;
    for (const [path, body] of [
      [integrations.updateWebhook.path, { endpointId, enabled: false }],
      [integrations.deleteWebhook.path, { endpointId }],
      [integrations.sendTestWebhook.path, { endpointId }],
    ] as const) {
      const res = await post(globex, path, body);
      expect(res.status, path).toBe(404);
    }
    expect((await get(globex, integrations.webhookDeliveries.path, { endpointId })).status).toBe(404);
    // Still there and still on for Acme.
    const mine = await get(owner, integrations.listWebhooks.path);
    expect(mine.json.response.find((e: { _id: string }) => e._id === endpointId)).toMatchObject({
      enabled: true,
    });
    const xapi = await get(globex, integrations.getXapi.path);
    expect(xapi.json.response).toMatchObject({ endpoint: '', enabled: false, hasKey: false, recent: [] });
  });
});

describe('webhooks: addresses refused (SSRF) and bad input', () => {
  it.each([
    ['https://127.0.0.1/hook', 'loopback'],
    ['https://localhost/hook', 'a name resolving to 127.0.0.1'],
    ['https://[::1]/hook', 'IPv6 loopback'],
    ['https://0.0.0.0/hook', 'unspecified'],
    ['https://10.1.2.3/hook', 'private'],
    ['https://192.168.0.10/hook', 'private'],
    ['https://169.254.169.254/latest/meta-data', 'link-local (cloud metadata)'],
    ['https://100.64.0.1/hook', 'CGNAT'],
    ['https://224.0.0.1/hook', 'multicast'],
    ['https://[fd00::1]/hook', 'unique-local IPv6'],
    ['https://[::ffff:127.0.0.1]/hook', 'IPv4-mapped loopback'],
    ['https://[fe80::1]/hook', 'IPv6 link-local'],
  ])('%s (%s) is refused with 422 naming url', async (url) => {
    const res = await post(owner, integrations.addWebhook.path, { url, events: ['task.completed'] });
    expect(res.status).toBe(422);
    expect(res.json.field).toBe('url');
    expect(res.json.message).toMatch(/public address/i);
  });

  it('plain http, credentials in the address, other schemes, no events and unknown events are 422s naming the field', async () => {
    const cases: [object, string, RegExp][] = [
      [{ url: 'http://93.184.215.14/hook', events: ['task.completed'] }, 'url', /https/],
      [{ url: 'https://user:pw@93.184.215.14/hook', events: ['task.completed'] }, 'url', /password/],
      [{ url: 'ftp://93.184.215.14/hook', events: ['task.completed'] }, 'url', /http/],
      [{ url: 'not an address', events: ['task.completed'] }, 'url', /http/],
      [{ url: 'https://93.184.215.14/hook', events: [] }, 'events', /at least one/],
      [{ url: 'https://93.184.215.14/hook', events: ['task.deleted'] }, 'events.0', /Unknown event/],
    ];
    for (const [body, field, message] of cases) {
      const res = await post(owner, integrations.addWebhook.path, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.json.field).toBe(field);
      expect(res.json.message).toMatch(message);
    }
  });

  it('public addresses pass the rule; every special range fails it', () => {
    expect(isPublicAddress('93.184.215.14')).toBe(true);
    expect(isPublicAddress('2606:2800:21f:cb07:6820:80da:af6b:8b2c')).toBe(true);
    for (const address of [
      '127.0.0.1',
      '::1',
      '0.0.0.0',
      '172.16.0.1',
      '198.18.0.1',
      '::ffff:10.0.0.1',
      '64:ff9b::a00:1',
      '2002:7f00:1::1',
    ])
      expect(isPublicAddress(address), address).toBe(false);
  });

  it('the lookup each connection uses answers public addresses and refuses a name resolving to loopback', async () => {
    const resolve = (host: string, all: boolean) =>
      new Promise<{ error: Error | null; address: unknown }>((done) =>
        publicLookup(host, { all }, (error, address) => done({ error, address })),
      );
    const refused = await resolve('localhost', false);
    expect(refused.error).toBeInstanceOf(RefusedAddressError);
    expect((await resolve('localhost', true)).error).toBeInstanceOf(RefusedAddressError);
    expect(await resolve('93.184.215.14', false)).toEqual({ error: null, address: '93.184.215.14' });
    expect((await resolve('93.184.215.14', true)).address).toEqual([{ address: '93.184.215.14', family: 4 }]);
  });

  it('an address allowed when saved but private when sent is refused at delivery, and nothing reaches it', async () => {
    allowPrivate(true);
    const { endpoint } = await addEndpoint(`${receiver.url}/later-private`);
    allowPrivate(false);
    const before = receiver.received.length;
    const sent = await post(owner, integrations.sendTestWebhook.path, { endpointId: endpoint._id });
    expect(sent.status).toBe(200);
    await t.jobsIdle();
    const [delivery] = await deliveries(endpoint._id);
    expect(delivery).toMatchObject({ status: 'pending', attempts: 1 });
    expect(delivery?.attemptLog[0]?.error).toMatch(/https|public/i);
    expect(receiver.received.length).toBe(before);
  });
});

describe('webhooks: delivery', () => {
  it('the secret is shown once, stored sealed, and a test event arrives signed so the library verifies it', async () => {
    allowPrivate(true);
    const { endpoint, secret } = await addEndpoint(`${receiver.url}/test-event`);
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    const stored = await t.deps.db
      .selectFrom('webhook_endpoints')
      .select('secret')
      .where('id', '=', endpoint._id)
      .executeTakeFirstOrThrow();
    expect(stored.secret).not.toContain(secret.slice(6));
    const list = await get(owner, integrations.listWebhooks.path);
    expect(JSON.stringify(list.json.response)).not.toContain(secret.slice(6));

    const sent = await post(owner, integrations.sendTestWebhook.path, { endpointId: endpoint._id });
    expect(sent.status).toBe(200);
    expect(sent.json.response).toMatchObject({ eventType: 'webhook.test', status: 'pending' });
    await t.jobsIdle();
    const request = receiver.received.find((r) => r.path === '/test-event');
    if (!request) throw new Error('the test event did not arrive');
    const payload = new Webhook(secret).verify(request.body, request.headers as Record<string, string>) as {
      type: string;
      data: Record<string, string>;
    };
    expect(payload.type).toBe('webhook.test');
    expect(payload.data.endpointId).toBe(endpoint._id);
    expect(request.headers['webhook-id']).toBe(sent.json.response._id);
    expect(request.headers['webhook-signature']).toMatch(/^v1,/);
    // A wrong secret does not verify.
    expect(() =>
      new Webhook(`whsec_${Buffer.from('x'.repeat(32)).toString('base64')}`).verify(
        request.body,
        request.headers as Record<string, string>,
      ),
    ).toThrow();
    const [delivery] = await deliveries(endpoint._id);
    expect(delivery).toMatchObject({ status: 'delivered', attempts: 1 });
    expect(delivery?.attemptLog).toEqual([
      expect.objectContaining({ attempt: 1, statusCode: 200, error: null, durationMs: expect.any(Number) }),
    ]);
    const listed = await get(owner, integrations.listWebhooks.path);
    expect(
      listed.json.response.find((e: { _id: string }) => e._id === endpoint._id).lastDelivery,
    ).toMatchObject({
      status: 'delivered',
      statusCode: 200,
      eventType: 'webhook.test',
      attempts: 1,
    });
  });

  it('a learner viewing a video sends video.viewed and task.completed to subscribers only, with ids and no secrets', async () => {
    allowPrivate(true);
    const { endpoint, secret } = await addEndpoint(`${receiver.url}/events`, ['video.viewed']);
    const { endpoint: off } = await addEndpoint(`${receiver.url}/switched-off`, ['video.viewed']);
    const toggled = await post(owner, integrations.updateWebhook.path, {
      endpointId: off._id,
      enabled: false,
    });
    expect(toggled.json.response.enabled).toBe(false);
    const video = await unviewedVideo();
    const viewed = await post(learner, contentActions.doAction.path, {
      contentId: video.id,
      actionName: 'viewed',
    });
    expect(viewed.status).toBe(200);
    await t.jobsIdle();
    const arrived = receiver.received.filter((r) => r.path === '/events');
    expect(arrived).toHaveLength(1);
    const payload = new Webhook(secret).verify(
      arrived[0]?.body ?? '',
      arrived[0]?.headers as Record<string, string>,
    );
    expect(payload).toMatchObject({
      type: 'video.viewed',
      timestamp: expect.any(String),
      data: { contentId: video.id, memberId: learnerId, enterpriseId: expect.any(String) },
    });
    expect(receiver.received.filter((r) => r.path === '/switched-off')).toHaveLength(0);
    // A second view is no new event.
    await post(learner, contentActions.doAction.path, { contentId: video.id, actionName: 'viewed' });
    await t.jobsIdle();
    expect(receiver.received.filter((r) => r.path === '/events')).toHaveLength(1);
    expect(await deliveries(endpoint._id)).toHaveLength(1);
  });

  it('a deactivated member is reported once', async () => {
    allowPrivate(true);
    await addEndpoint(`${receiver.url}/members`, ['member.deactivated']);
    const member = await t.deps.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'member40@acme.example')
      .executeTakeFirstOrThrow();
    for (let i = 0; i < 2; i++) {
      const res = await post(owner, members.changeStatus.path, { memberId: member.id, status: 'Inactive' });
      expect(res.status, res.json.message).toBe(200);
    }
    await t.jobsIdle();
    const arrived = receiver.received.filter((r) => r.path === '/members');
    expect(arrived).toHaveLength(1);
    expect(JSON.parse(arrived[0]?.body ?? '{}')).toMatchObject({
      type: 'member.deactivated',
      data: { memberId: member.id },
    });
  });

  it('a failing receiver is retried with backoff under the same webhook-id; redirects are not followed', async () => {
    allowPrivate(true);
    // A receiver of its own: retries of earlier tests' deliveries do not take its answers.
    const flaky = await startReceiver();
    const { endpoint, secret } = await addEndpoint(`${flaky.url}/flaky`);
    flaky.answerWith(500, { status: 302, location: `${flaky.url}/elsewhere` });
    const sent = await post(owner, integrations.sendTestWebhook.path, { endpointId: endpoint._id });
    const started = Date.now();
    await t.jobsIdle();
    let [delivery] = await deliveries(endpoint._id);
    expect(delivery).toMatchObject({ status: 'pending', attempts: 1 });
    expect(delivery?.attemptLog[0]).toMatchObject({ statusCode: 500, error: 'HTTP 500' });
    // The first retry is due 30 s ± 20 % later.
    const wait = Date.parse(delivery?.nextAttemptAt ?? '') - started;
    expect(wait).toBeGreaterThan(23_000);
    expect(wait).toBeLessThan(37_000);
    await runRetriesNow();
    [delivery] = await deliveries(endpoint._id);
    expect(delivery?.attemptLog[1]).toMatchObject({ statusCode: 302, error: 'HTTP 302' });
    expect(flaky.received.filter((r) => r.path === '/elsewhere')).toHaveLength(0);
    await runRetriesNow();
    [delivery] = await deliveries(endpoint._id);
    expect(delivery).toMatchObject({ status: 'delivered', attempts: 3 });
    const tries = flaky.received.filter((r) => r.path === '/flaky');
    await flaky.close();
    expect(tries).toHaveLength(3);
    expect(new Set(tries.map((r) => r.headers['webhook-id']))).toEqual(new Set([sent.json.response._id]));
    for (const request of tries)
      expect(() =>
        new Webhook(secret).verify(request.body, request.headers as Record<string, string>),
      ).not.toThrow();
  });

  it(`a delivery failing ${INTEGRATION_MAX_ATTEMPTS} times is failed for good`, async () => {
    allowPrivate(true);
    const down = await startReceiver();
    const { endpoint } = await addEndpoint(`${down.url}/down`);
    down.answerWith(503, 503);
    await post(owner, integrations.sendTestWebhook.path, { endpointId: endpoint._id });
    await t.jobsIdle();
    // Seven tries spent already: the next one is the last.
    await t.deps.db
      .updateTable('jobs')
      .set({ attempts: INTEGRATION_MAX_ATTEMPTS - 1 })
      .where('kind', '=', 'webhook-delivery')
      .where('status', '=', 'pending')
      .execute();
    await runRetriesNow();
    const [delivery] = await deliveries(endpoint._id);
    expect(delivery).toMatchObject({
      status: 'failed',
      attempts: INTEGRATION_MAX_ATTEMPTS,
      nextAttemptAt: null,
    });
    expect(down.received).toHaveLength(2);
    await down.close();
  });

  it('backoff doubles from 30 s to at most an hour, with ±20 % jitter', () => {
    const middle = integrationRetry(() => 0.5);
    expect([1, 2, 3, 4].map(middle.delayMs)).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(middle.delayMs(12)).toBe(3_600_000);
    expect(integrationRetry(() => 0).delayMs(1)).toBe(24_000);
    expect(integrationRetry(() => 1).delayMs(1)).toBe(36_000);
    expect(middle.maxAttempts).toBe(INTEGRATION_MAX_ATTEMPTS);
  });

  it('a deleted endpoint takes its log with it and its queued deliveries end quietly', async () => {
    allowPrivate(true);
    const { endpoint } = await addEndpoint(`${receiver.url}/deleted`);
    receiver.answerWith(500);
    await post(owner, integrations.sendTestWebhook.path, { endpointId: endpoint._id });
    await t.jobsIdle();
    const removed = await post(owner, integrations.deleteWebhook.path, { endpointId: endpoint._id });
    expect(removed.status).toBe(200);
    await runRetriesNow();
    expect(receiver.received.filter((r) => r.path === '/deleted')).toHaveLength(1);
    expect((await get(owner, integrations.webhookDeliveries.path, { endpointId: endpoint._id })).status).toBe(
      404,
    );
  });
});

describe('xAPI statements to a Learning Record Store', () => {
  it('saving needs a key the first time and a public address; the key is never sent back', async () => {
    allowPrivate(false);
    const noKey = await post(owner, integrations.saveXapi.path, {
      endpoint: 'https://93.184.215.14/xapi',
      username: 'coach',
      enabled: true,
    });
    expect(noKey.status).toBe(422);
    expect(noKey.json.field).toBe('key');
    const privateLrs = await post(owner, integrations.saveXapi.path, {
      endpoint: 'https://localhost/xapi',
      username: 'coach',
      key: 'lrs-key',
      enabled: true,
    });
    expect(privateLrs.status).toBe(422);
    expect(privateLrs.json.field).toBe('endpoint');
    const staffTry = await post(staff, integrations.saveXapi.path, {
      endpoint: 'https://93.184.215.14/xapi',
      username: 'coach',
      key: 'lrs-key',
      enabled: true,
    });
    expect(staffTry.status).toBe(403);
  });

  it('a viewed video reaches the fake LRS as experienced and completed statements, with Basic auth and the version, retried under the same id', async () => {
    allowPrivate(true);
    const lrs = await startReceiver();
    try {
      const saved = await post(owner, integrations.saveXapi.path, {
        endpoint: `${lrs.url}/xapi/`,
        username: 'coach-lrs',
        key: 'lrs-secret-key',
        enabled: true,
      });
      expect(saved.status, saved.json.message).toBe(200);
      expect(saved.json.response).toMatchObject({ enabled: true, hasKey: true, username: 'coach-lrs' });
      expect(JSON.stringify(saved.json.response)).not.toContain('lrs-secret-key');
      lrs.answerWith(503);
      const video = await unviewedVideo();
      await post(learner, contentActions.doAction.path, { contentId: video.id, actionName: 'viewed' });
      await t.jobsIdle();
      await runRetriesNow();
      const statements = lrs.received.map((r) => ({ ...r, statement: JSON.parse(r.body) }));
      for (const request of statements) {
        expect(request.path).toBe('/xapi/statements');
        expect(request.headers['x-experience-api-version']).toBe('1.0.3');
        expect(request.headers.authorization).toBe(
          `Basic ${Buffer.from('coach-lrs:lrs-secret-key').toString('base64')}`,
        );
      }
      const experienced = statements.filter(
        (s) => s.statement.verb.id === 'http://adlnet.gov/expapi/verbs/experienced',
      );
      // The first try got 503 and the retry carried the same statement id.
      expect(experienced.length).toBeGreaterThanOrEqual(1);
      expect(new Set(experienced.map((s) => s.statement.id)).size).toBe(1);
      const statement = experienced[0]?.statement;
      expect(statement).toMatchObject({
        version: '1.0.3',
        actor: { objectType: 'Agent', mbox: 'mailto:learner@acme.example' },
        verb: { display: { 'en-US': 'experienced' } },
        object: {
          objectType: 'Activity',
          id: `http://localhost:3000/xapi/activities/video/${video.id}`,
          definition: { name: { 'en-US': video.title } },
        },
      });
      expect(statement.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(lrs.received.length).toBe(statements.length);
      const settings = await get(owner, integrations.getXapi.path);
      expect(settings.json.response.recent[0]).toMatchObject({
        eventType: 'video.viewed',
        status: 'delivered',
      });
      // Switched off: nothing more is sent.
      await post(owner, integrations.saveXapi.path, {
        endpoint: `${lrs.url}/xapi/`,
        username: 'coach-lrs',
        enabled: false,
      });
      const count = lrs.received.length;
      const next = await unviewedVideo();
      await post(learner, contentActions.doAction.path, { contentId: next.id, actionName: 'viewed' });
      await t.jobsIdle();
      expect(lrs.received.length).toBe(count);
    } finally {
      await lrs.close();
    }
  });

  it('a heard recording is scored: result.score carries the pronunciation score and the speech scores as extensions', async () => {
    const acme = await t.deps.db
      .selectFrom('users')
      .select('enterprise_id')
      .where('id', '=', learnerId)
      .executeTakeFirstOrThrow();
    const task = await t.deps.db
      .selectFrom('tasks')
      .select(['id', 'title'])
      .where('enterprise_id', '=', acme.enterprise_id)
      .executeTakeFirstOrThrow();
    const scores = { accuracy: 90, completeness: 100, fluency: 80, pronunciation: 87 };
    const statement = await buildStatement({
      db: t.deps.db,
      publicUrl: 'https://coach.example',
      statementId: '3f1c1d2e-8b0a-4c4e-9d5f-1a2b3c4d5e6f',
      event: {
        type: 'recording.analysed',
        timestamp: '2026-11-28T10:00:00.000Z',
        enterpriseId: acme.enterprise_id,
        memberId: learnerId,
        data: { taskId: task.id, recordingKey: '0', status: 'done', scores, wordsPerMinute: 120 },
      },
    });
    expect(statement).toMatchObject({
      id: '3f1c1d2e-8b0a-4c4e-9d5f-1a2b3c4d5e6f',
      timestamp: '2026-11-28T10:00:00.000Z',
      verb: { id: 'http://adlnet.gov/expapi/verbs/scored' },
      object: { id: `https://coach.example/xapi/activities/task/${task.id}/recording/0` },
      result: {
        score: { scaled: 0.87, raw: 87, min: 0, max: 100 },
        extensions: { 'https://coach.example/xapi/extensions/speech-scores': scores },
      },
    });
  });
});
