import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { Page } from '@playwright/test';
import { Webhook } from 'standardwebhooks';
import { signIn } from '../support/auth.ts';
import { noSideways, noViolations } from '../support/checks.ts';
import { expect, test } from '../support/fixtures.ts';

// An enterprise admin registers a webhook receiver and an LRS in Settings → Integrations;
// a test event and a real one (a learner answering a survey) reach them, signed, and the deliveries are logged.
// The receivers are tiny servers on 127.0.0.1 (the e2e server runs with WEBHOOKS_ALLOW_PRIVATE=1).

type Received = { path: string; headers: IncomingHttpHeaders; body: string };

const listen = async () => {
  const received: Received[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({
        path: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks).toString(),
      });
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { url: `http://127.0.0.1:${port}`, received, close: () => new Promise((r) => server.close(r)) };
};

let receiver: Awaited<ReturnType<typeof listen>>;
let lrs: Awaited<ReturnType<typeof listen>>;
let secret = '';

test.beforeAll(async () => {
  receiver = await listen();
  lrs = await listen();
});
test.afterAll(async () => {
  await receiver?.close();
  await lrs?.close();
});

const SURVEY = 'Team communication pulse';
const endpointItem = (page: Page) => page.getByRole('listitem').filter({ hasText: `${receiver.url}/coach` });

test.describe.configure({ mode: 'serial' });
// Two browsers, axe checks and a queue poll on a shared two-core machine: more than the default minute.
test.setTimeout(180_000);

test('an enterprise admin registers a webhook receiver, sends a test event and sees it delivered, signed', async ({
  page,
}) => {
  await signIn(page, 'enterprise', 'owner@acme.example');
  await page.goto('/enterprise/settings');
  await page.getByRole('link', { name: 'Open integrations' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Integrations' })).toBeVisible();
  await expect(page.getByText('No webhook endpoints yet')).toBeVisible();

  await page.getByRole('button', { name: 'Add endpoint' }).click();
  const form = page.getByRole('dialog', { name: 'Add a webhook endpoint' });
  await form.getByRole('checkbox', { name: 'Survey submitted' }).check();
  await noViolations(page);
  // This server allows private networks (its receivers are on 127.0.0.1), so only the scheme is refused here;
  // the server's tests cover the private ranges.
  await form.getByLabel('Address (https)').fill('ftp://example.com/hook');
  await form.getByRole('button', { name: 'Add endpoint' }).click();
  await expect(form.getByText('Must be an http(s) address')).toBeVisible();
  await form.getByLabel('Address (https)').fill(`${receiver.url}/coach`);
  await form.getByRole('button', { name: 'Add endpoint' }).click();

  const shown = page.getByRole('dialog', { name: 'Copy the signing secret' });
  await expect(shown).toBeVisible();
  secret = await shown.getByRole('textbox', { name: 'Signing secret' }).inputValue();
  expect(secret).toMatch(/^whsec_/);
  await noViolations(page);
  await shown.getByRole('button', { name: 'I have copied it' }).click();
  await expect(shown).toBeHidden();

  await expect(endpointItem(page)).toContainText('Task completed');
  await expect(endpointItem(page)).toContainText('Survey submitted');
  await page.getByRole('button', { name: `Send test event to ${receiver.url}/coach` }).click();
  const log = page.getByRole('region', { name: `Deliveries to ${receiver.url}/coach` });
  await expect(log.getByRole('row').filter({ hasText: 'Test event' })).toContainText('Delivered');
  await expect(log).toContainText(/Attempt 1, .+: HTTP status 200 \(took [\d,]+ ms\)/);
  await noViolations(page);

  const testEvent = receiver.received.find((r) => JSON.parse(r.body).type === 'webhook.test');
  if (!testEvent) throw new Error('The test event did not reach the receiver');
  expect(
    new Webhook(secret).verify(testEvent.body, testEvent.headers as Record<string, string>),
  ).toMatchObject({
    type: 'webhook.test',
  });

  // The secret is never shown again: the list holds the address and its events only.
  await page.reload();
  await expect(endpointItem(page)).toBeVisible();
  await expect(page.getByText(secret)).toHaveCount(0);
});

test('the admin connects an LRS; a learner answers a survey and both receivers get it', async ({
  page,
  browser,
  baseURL,
}) => {
  await signIn(page, 'enterprise', 'owner@acme.example');
  await page.goto('/enterprise/settings/integrations');
  const xapi = page.getByRole('region', { name: 'xAPI: learning record store' });
  await xapi.getByLabel('LRS endpoint').fill(`${lrs.url}/xapi`);
  await xapi.getByLabel('Username').fill('coach-lrs');
  await xapi.getByLabel('Key', { exact: true }).fill('lrs-secret');
  await xapi.getByRole('button', { name: 'Save xAPI settings' }).click();
  await expect(page.getByText('xAPI settings saved')).toBeVisible();
  await expect(xapi.getByText('A key is stored. Leave empty to keep it.')).toBeVisible();

  // The learner answers the demo's pulse survey from My Tasks.
  const learnerContext = await browser.newContext({ baseURL });
  const learner = await learnerContext.newPage();
  await signIn(learner, 'enterprise', 'learner@acme.example');
  await learner.goto('/enterprise/my-tasks');
  await learner
    .getByRole('region', { name: /Surveys/ })
    .getByRole('link', { name: SURVEY })
    .click();
  await learner
    .getByRole('group', { name: /How clear is the communication/ })
    .getByRole('radio', { name: 'Very clear' })
    .check();
  await learner
    .getByRole('group', { name: /Which channels help you most/ })
    .getByRole('checkbox', { name: 'Chat' })
    .check();
  await learner.getByRole('button', { name: /Submit answers|Update my answers/ }).click();
  await expect(learner.getByText(/Thank you: your answers are saved|Your answers are updated/)).toBeVisible();
  await learnerContext.close();

  // The webhook: logged as delivered on the admin's screen, signed for the receiver.
  await page.getByRole('button', { name: `Deliveries to ${receiver.url}/coach` }).click();
  const log = page.getByRole('region', { name: `Deliveries to ${receiver.url}/coach` });
  await expect(async () => {
    await log.getByRole('button', { name: 'Refresh' }).click();
    await expect(log.getByRole('row').filter({ hasText: 'Survey submitted' })).toContainText('Delivered', {
      timeout: 1000,
    });
  }).toPass({ timeout: 15_000 });
  const event = receiver.received.find((r) => JSON.parse(r.body).type === 'survey.submitted');
  if (!event) throw new Error('The survey event did not reach the receiver');
  expect(new Webhook(secret).verify(event.body, event.headers as Record<string, string>)).toMatchObject({
    type: 'survey.submitted',
    data: { surveyId: expect.any(String), memberId: expect.any(String) },
  });

  // The xAPI statement: answered, by the learner's email, with Basic auth and the version header.
  await expect.poll(() => lrs.received.length, { timeout: 15_000 }).toBeGreaterThan(0);
  const [statement] = lrs.received;
  expect(statement?.path).toBe('/xapi/statements');
  expect(statement?.headers['x-experience-api-version']).toBe('1.0.3');
  expect(statement?.headers.authorization).toBe(
    `Basic ${Buffer.from('coach-lrs:lrs-secret').toString('base64')}`,
  );
  expect(JSON.parse(statement?.body ?? '{}')).toMatchObject({
    actor: { mbox: 'mailto:learner@acme.example' },
    verb: { id: 'http://adlnet.gov/expapi/verbs/answered' },
    object: { definition: { name: { 'en-US': SURVEY } } },
  });
  await page.reload();
  await expect(
    page.getByRole('region', { name: 'xAPI: learning record store' }).getByRole('listitem').first(),
  ).toContainText('Delivered');

  // At phone width the screen still fits.
  await page.setViewportSize({ width: 390, height: 844 });
  await noSideways(page);
  await noViolations(page);
});
