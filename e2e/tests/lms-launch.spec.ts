import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SESSION_STORAGE_KEYS } from '@coach/shared/constants/session-storage';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { signIn } from '../support/auth.ts';
import { noViolations } from '../support/checks.ts';
import { expect, test } from '../support/fixtures.ts';
import { runStamp } from '../support/pages.ts';

/**
 * A mock LMS on real HTTP, as Moodle behaves for LTI 1.3: a course page whose activity link starts the OIDC
 * third-party login at the tool, an authentication endpoint that answers with an auto-submitting form carrying an
 * id token it signed (jose), and its keyset. The owner registers it in Settings; a student launches from the course
 * and lands on their tasks signed in, without a password; the organisation's directory then deactivates them over
 * SCIM and their next page is the sign-in.
 */

const CLAIM = 'https://purl.imsglobal.org/spec/lti/claim/';
let lms: Server;
let lmsOrigin = '';
const stamp = runStamp();
const clientId = `coach-e2e-${stamp}`;
const deployment = `dep-${stamp}`;
const student = {
  sub: `moodle-user-${stamp}`,
  email: `nia.${stamp}@acme.example`.toLowerCase(),
  name: `Nia ${stamp}`,
};
let toolOrigin = '';

const html = (body: string) =>
  `<!doctype html><html lang="en"><head><title>Moodle (mock)</title></head><body>${body}</body></html>`;

test.beforeAll(async () => {
  const { publicKey, privateKey } = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'moodle-1', alg: 'RS256', use: 'sig' };
  lms = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', lmsOrigin);
    if (url.pathname === '/jwks') {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys: [jwk] }));
      return;
    }
    if (url.pathname === '/course') {
      // The course page: its activity link posts the login initiation to the tool, as Moodle's launch does.
      const fields = {
        iss: lmsOrigin,
        login_hint: student.sub,
        target_link_uri: `${toolOrigin}/enterprise/my-tasks`,
        client_id: clientId,
        lti_deployment_id: deployment,
        lti_message_hint: 'rl-1',
      };
      res.writeHead(200, { 'content-type': 'text/html' }).end(
        html(
          `<h1>Speaking 101</h1><form method="post" action="${toolOrigin}/lti/login">${Object.entries(fields)
            .map(([name, value]) => `<input type="hidden" name="${name}" value="${value}">`)
            .join('')}<button>Open Pronunciation practice</button></form>`,
        ),
      );
      return;
    }
    if (url.pathname === '/auth') {
      // The authentication request: the platform answers the tool's redirect_uri with a signed id token.
      const idToken = await new SignJWT({
        nonce: url.searchParams.get('nonce'),
        email: student.email,
        name: student.name,
        [`${CLAIM}message_type`]: 'LtiResourceLinkRequest',
        [`${CLAIM}version`]: '1.3.0',
        [`${CLAIM}deployment_id`]: deployment,
        [`${CLAIM}target_link_uri`]: `${toolOrigin}/enterprise/my-tasks`,
        [`${CLAIM}resource_link`]: { id: 'rl-1', title: 'Pronunciation practice' },
        [`${CLAIM}roles`]: ['http://purl.imsglobal.org/vocab/lis/v2/membership#Learner'],
      })
        .setProtectedHeader({ alg: 'RS256', kid: 'moodle-1' })
        .setIssuer(lmsOrigin)
        .setAudience(clientId)
        .setSubject(url.searchParams.get('login_hint') ?? '')
        .setIssuedAt()
        .setExpirationTime('5m')
        .sign(privateKey);
      res
        .writeHead(200, { 'content-type': 'text/html' })
        .end(
          html(
            `<form method="post" action="${url.searchParams.get('redirect_uri')}"><input type="hidden" name="id_token" value="${idToken}"><input type="hidden" name="state" value="${url.searchParams.get('state')}"><noscript><button>Continue</button></noscript></form><script>document.forms[0].submit()</script>`,
          ),
        );
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => lms.listen(0, '127.0.0.1', resolve));
  lmsOrigin = `http://127.0.0.1:${(lms.address() as AddressInfo).port}`;
});
test.afterAll(async () => {
  await new Promise((resolve) => lms?.close(resolve));
});

test('the owner registers the LMS; a student launches from their course signed in, and the directory’s active:false signs them out', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(150_000);
  await signIn(page, 'enterprise', 'owner@acme.example');
  await page.goto('/enterprise/settings');
  const card = page.getByRole('region', { name: 'LMS (LTI 1.3)' });
  const launchUrl = await card.getByLabel('Launch (redirection) URL').inputValue();
  toolOrigin = new URL(launchUrl).origin;
  expect(await card.getByLabel('Initiate login URL').inputValue()).toBe(`${toolOrigin}/lti/login`);
  expect(await card.getByLabel('Public keyset URL (tool)').inputValue()).toBe(`${toolOrigin}/lti/jwks`);

  await card.getByRole('button', { name: 'Register an LMS' }).click();
  const form = page.getByRole('dialog', { name: 'Register an LMS' });
  await form.getByRole('button', { name: 'Save platform' }).click();
  await expect(form.getByText('Enter a name for the platform')).toBeVisible();
  await form.getByLabel('Name', { exact: true }).fill(`Moodle ${stamp}`);
  await form.getByLabel('Platform ID (issuer)').fill(lmsOrigin);
  await form.getByLabel('Public keyset URL').fill(`${lmsOrigin}/jwks`);
  await form.getByLabel('Authentication request URL').fill(`${lmsOrigin}/auth`);
  await form.getByLabel('Access token URL').fill(`${lmsOrigin}/token`);
  await form.getByLabel('Client ID').fill(clientId);
  await form.getByLabel('Deployment IDs').fill(deployment);
  await noViolations(page);
  await form.getByRole('button', { name: 'Save platform' }).click();
  await expect(page.getByText('Platform saved')).toBeVisible();
  await expect(card.getByRole('table', { name: 'Registered platforms' })).toContainText(`Moodle ${stamp}`);

  // The student, in their own browser, opens the activity in their course: no Coach password, no second factor.
  const own = await browser.newContext();
  const studentPage = await own.newPage();
  await studentPage.goto(`${lmsOrigin}/course`);
  await studentPage.getByRole('button', { name: 'Open Pronunciation practice' }).click();
  await expect(studentPage).toHaveURL(`${toolOrigin}/enterprise/my-tasks`);
  await expect(studentPage.getByRole('heading', { level: 1 })).toBeVisible();
  // The one-time code is gone from the history: going back cannot launch again.
  expect(studentPage.url()).not.toContain('#');

  // The organisation's directory deactivates the student over SCIM (a token made by the owner).
  const token = await request.post('/api/v1/enterprise/scim/create-scim-token', {
    headers: {
      'x-access-token': await page.evaluate(
        (key) => (JSON.parse(localStorage.getItem(key) ?? '{}') as { token: string }).token,
        SESSION_STORAGE_KEYS.enterprise,
      ),
    },
    data: { name: `LMS journey ${stamp}` },
  });
  expect(token.status()).toBe(200);
  const secret = ((await token.json()) as { response: { secret: string } }).response.secret;
  const scim = { authorization: `Bearer ${secret}`, 'content-type': 'application/scim+json' };
  const found = await request.get(
    `/scim/v2/Users?filter=${encodeURIComponent(`userName eq "${student.email}"`)}`,
    {
      headers: scim,
    },
  );
  const id = ((await found.json()) as { Resources: { id: string }[] }).Resources[0]?.id;
  expect(id).toBeTruthy();
  const off = await request.patch(`/scim/v2/Users/${id}`, {
    headers: scim,
    data: {
      schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
      Operations: [{ op: 'replace', value: { active: false } }],
    },
  });
  expect(off.status()).toBe(200);
  await studentPage.reload();
  await expect(studentPage).toHaveURL(/\/login/);
  // And the course's link no longer signs them in.
  await studentPage.goto(`${lmsOrigin}/course`);
  await studentPage.getByRole('button', { name: 'Open Pronunciation practice' }).click();
  await expect(studentPage.getByText('Your account has been deactivated. Ask your admin.')).toBeVisible();
  await own.close();
  // The directory removes the member, and the owner the LMS: the demo is as it was for later journeys.
  expect((await request.delete(`/scim/v2/Users/${id}`, { headers: scim })).status()).toBe(204);
  await page.reload();
  await card.getByRole('button', { name: `Remove Moodle ${stamp}` }).click();
  await page
    .getByRole('dialog', { name: `Remove Moodle ${stamp}?` })
    .getByRole('button', { name: 'Remove' })
    .click();
  await expect(page.getByText('Platform removed')).toBeVisible();
});
