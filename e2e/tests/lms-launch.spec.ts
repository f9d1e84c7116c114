import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SESSION_STORAGE_KEYS } from '@coach/shared/constants/session-storage';
import { roles } from '@coach/shared/contract/roles';
import { tasks } from '@coach/shared/contract/tasks';
import type { APIRequestContext, Page } from '@playwright/test';
import { createRemoteJWKSet, exportJWK, generateKeyPair, jwtVerify, SignJWT } from 'jose';
import { signIn } from '../support/auth.ts';
import { noViolations } from '../support/checks.ts';
import { expect, test } from '../support/fixtures.ts';
import { spokenReading, withMicrophone } from '../support/microphone.ts';
import { runStamp, shootBothWidths } from '../support/pages.ts';

/**
 * A mock LMS on real HTTP, as Moodle behaves for LTI 1.3 with LTI Advantage: a course page whose links start the
 * OIDC third-party login at the tool, an authentication endpoint answering with an auto-submitting form that carries
 * an id token it signed (jose), its keyset, a token endpoint that checks the tool's signed client assertion against
 * the tool's keyset, a gradebook that takes scores, and the return URL of Deep Linking. The owner registers it in
 * Settings; the teacher adds a Pronunciation task to the course from the task library; a student opens it from the
 * course signed in, records it, and the gradebook gets the coach's score; the directory's active:false then signs
 * the student out at once.
 */

const CLAIM = 'https://purl.imsglobal.org/spec/lti/claim/';
const DL = 'https://purl.imsglobal.org/spec/lti-dl/claim/';
const AGS = 'https://purl.imsglobal.org/spec/lti-ags/';
const SHOTS = process.env.LMS_SHOTS_DIR;
let lms: Server;
let lmsOrigin = '';
const stamp = runStamp();
const clientId = `coach-e2e-${stamp}`;
const deployment = `dep-${stamp}`;
const ITEM = 'Thank you for coming to the meeting today.';
const TITLE = `Say it to the team ${stamp}`;
const people = {
  student: {
    sub: `moodle-student-${stamp}`,
    email: `nia.${stamp}@acme.example`.toLowerCase(),
    name: `Nia ${stamp}`,
    role: 'Learner',
  },
  teacher: {
    sub: `moodle-teacher-${stamp}`,
    email: `theo.${stamp}@acme.example`.toLowerCase(),
    name: `Theo ${stamp}`,
    role: 'Instructor',
  },
};
let toolOrigin = '';

/** What the course holds and what the gradebook received. */
const course = {
  activities: [] as { title: string; url: string; custom: Record<string, string> }[],
  scores: [] as { lineItem: string; userId: string; scoreGiven: number; comment: string }[],
  tokens: new Set<string>(),
};

const wav = spokenReading({ name: 'lms-launch', text: ITEM });
test.use(withMicrophone(wav.file));

const html = (body: string) =>
  `<!doctype html><html lang="en"><head><title>Moodle (mock)</title></head><body>${body}</body></html>`;
const hidden = (fields: Record<string, string>) =>
  Object.entries(fields)
    .map(([name, value]) => `<input type="hidden" name="${name}" value="${value.replace(/"/g, '&quot;')}">`)
    .join('');
const bodyOf = async (req: IncomingMessage) => {
  let text = '';
  for await (const chunk of req) text += chunk;
  return text;
};

test.beforeAll(async () => {
  const { publicKey, privateKey } = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'moodle-1', alg: 'RS256', use: 'sig' };
  const toolKeys = () => createRemoteJWKSet(new URL(`${toolOrigin}/lti/jwks`));
  lms = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', lmsOrigin);
    const send = (status: number, type: string, body: string) =>
      res.writeHead(status, { 'content-type': type }).end(body);
    if (url.pathname === '/jwks') return send(200, 'application/json', JSON.stringify({ keys: [jwk] }));
    if (url.pathname === '/course') {
      // The course page: each link posts the login initiation to the tool, as Moodle's launch does.
      const who = url.searchParams.get('as') === 'teacher' ? people.teacher : people.student;
      const login = (hint: string, target: string, label: string) =>
        `<form method="post" action="${toolOrigin}/lti/login">${hidden({
          iss: lmsOrigin,
          login_hint: who.sub,
          target_link_uri: target,
          client_id: clientId,
          lti_deployment_id: deployment,
          lti_message_hint: hint,
        })}<button>${label}</button></form>`;
      const activities = course.activities
        .map((activity, index) => login(`activity-${index}`, activity.url, `Open ${activity.title}`))
        .join('');
      const add =
        who === people.teacher ? login('deep-link', `${toolOrigin}/lti/launch`, 'Add a Coach activity') : '';
      return send(200, 'text/html', html(`<h1>Speaking 101</h1>${activities}${add}`));
    }
    if (url.pathname === '/auth') {
      // The authentication request: the platform answers the tool's redirect_uri with a signed id token.
      const who = url.searchParams.get('login_hint') === people.teacher.sub ? people.teacher : people.student;
      const hint = url.searchParams.get('lti_message_hint') ?? '';
      const activity = course.activities[Number(hint.replace('activity-', ''))];
      const message =
        hint === 'deep-link'
          ? {
              [`${CLAIM}message_type`]: 'LtiDeepLinkingRequest',
              [`${DL}deep_linking_settings`]: {
                deep_link_return_url: `${lmsOrigin}/deep-link-return`,
                accept_types: ['ltiResourceLink'],
                accept_presentation_document_targets: ['window'],
                accept_multiple: false,
                data: 'speaking-101',
              },
            }
          : {
              [`${CLAIM}message_type`]: 'LtiResourceLinkRequest',
              [`${CLAIM}target_link_uri`]: activity?.url,
              [`${CLAIM}resource_link`]: { id: hint, title: activity?.title },
              [`${CLAIM}custom`]: activity?.custom,
              [`${AGS}claim/endpoint`]: {
                scope: [`${AGS}scope/lineitem`, `${AGS}scope/score`],
                lineitem: `${lmsOrigin}/lineitems/${hint}`,
              },
            };
      const idToken = await new SignJWT({
        nonce: url.searchParams.get('nonce'),
        email: who.email,
        name: who.name,
        [`${CLAIM}version`]: '1.3.0',
        [`${CLAIM}deployment_id`]: deployment,
        [`${CLAIM}roles`]: [`http://purl.imsglobal.org/vocab/lis/v2/membership#${who.role}`],
        [`${CLAIM}context`]: { id: 'speaking-101', title: 'Speaking 101' },
        ...message,
      })
        .setProtectedHeader({ alg: 'RS256', kid: 'moodle-1' })
        .setIssuer(lmsOrigin)
        .setAudience(clientId)
        .setSubject(who.sub)
        .setIssuedAt()
        .setExpirationTime('5m')
        .sign(privateKey);
      return send(
        200,
        'text/html',
        html(
          `<form method="post" action="${url.searchParams.get('redirect_uri')}">${hidden({
            id_token: idToken,
            state: url.searchParams.get('state') ?? '',
          })}<noscript><button>Continue</button></noscript></form><script>document.forms[0].submit()</script>`,
        ),
      );
    }
    if (url.pathname === '/deep-link-return' && req.method === 'POST') {
      // The tool's answer, as the platform checks it: signed by the tool, for this platform, this deployment.
      const jwt = new URLSearchParams(await bodyOf(req)).get('JWT') ?? '';
      try {
        const { payload } = await jwtVerify(jwt, toolKeys(), { issuer: clientId, audience: lmsOrigin });
        if (payload[`${CLAIM}deployment_id`] !== deployment || payload[`${DL}data`] !== 'speaking-101')
          return send(400, 'text/html', html('<p>Wrong deployment or data</p>'));
        const items = payload[`${DL}content_items`] as {
          title: string;
          url: string;
          custom: Record<string, string>;
        }[];
        course.activities.push(...items);
        return send(200, 'text/html', html(`<h1>Speaking 101</h1><p>Activity added: ${items[0]?.title}</p>`));
      } catch (error) {
        return send(401, 'text/html', html(`<p>Refused: ${String(error)}</p>`));
      }
    }
    if (url.pathname === '/token' && req.method === 'POST') {
      const form = new URLSearchParams(await bodyOf(req));
      try {
        await jwtVerify(form.get('client_assertion') ?? '', toolKeys(), {
          issuer: clientId,
          subject: clientId,
          audience: `${lmsOrigin}/token`,
        });
      } catch {
        return send(401, 'application/json', JSON.stringify({ error: 'invalid_client' }));
      }
      const token = crypto.randomUUID();
      course.tokens.add(token);
      return send(
        200,
        'application/json',
        JSON.stringify({ access_token: token, token_type: 'Bearer', expires_in: 3600 }),
      );
    }
    const scores = /^\/lineitems\/([\w-]+)\/scores$/.exec(url.pathname);
    if (scores && req.method === 'POST') {
      if (!course.tokens.has((req.headers.authorization ?? '').replace(/^Bearer /, '')))
        return send(401, 'application/json', '{}');
      course.scores.push({ lineItem: scores[1] ?? '', ...JSON.parse(await bodyOf(req)) });
      return send(204, 'application/json', '');
    }
    return send(404, 'text/plain', 'not found');
  });
  await new Promise<void>((resolve) => lms.listen(0, '127.0.0.1', resolve));
  lmsOrigin = `http://127.0.0.1:${(lms.address() as AddressInfo).port}`;
});
test.afterAll(async () => {
  await new Promise((resolve) => lms?.close(resolve));
});

const sessionToken = (page: Page) =>
  page.evaluate(
    (key) => (JSON.parse(localStorage.getItem(key) ?? '{}') as { token: string }).token,
    SESSION_STORAGE_KEYS.enterprise,
  );

const post = async (request: APIRequestContext, token: string, path: string, data: object) => {
  const res = await request.post(path, { headers: { 'x-access-token': token }, data });
  expect(res.status(), `${path}: ${await res.text()}`).toBe(200);
  return ((await res.json()) as { response: Record<string, unknown> }).response;
};

test('the teacher adds a Pronunciation task to the course; the student does it from there and the gradebook gets the score; active:false signs them out', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  await signIn(page, 'enterprise', 'owner@acme.example');
  const owner = await sessionToken(page);
  const task = await post(request, owner, tasks.addTask.path, {
    type: 2,
    title: TITLE,
    items: [ITEM],
    category: 'Audio',
    level: 1,
    timeMinutes: 5,
    expirySeconds: 604800,
  });

  await test.step('the owner registers the LMS in Settings', async () => {
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
  });

  await test.step('the teacher picks the task in the library from inside the course (Deep Linking)', async () => {
    const own = await browser.newContext();
    const teacher = await own.newPage();
    await teacher.goto(`${lmsOrigin}/course?as=teacher`);
    await teacher.getByRole('button', { name: 'Add a Coach activity' }).click();
    await expect(
      teacher.getByRole('heading', { level: 1, name: 'Add Coach tasks to your course' }),
    ).toBeVisible();
    await expect(
      teacher.getByText(`Pick one task of your library: it becomes an activity in Moodle ${stamp}`),
    ).toBeVisible();
    await teacher.getByRole('button', { name: 'Add to course' }).click();
    await expect(teacher.getByText('Choose at least one task, or Cancel to add nothing.')).toBeVisible();
    await teacher.getByRole('searchbox', { name: 'Find tasks' }).fill(stamp);
    await teacher.getByRole('checkbox', { name: new RegExp(TITLE) }).check();
    await expect(teacher.getByText(`1 task to add to Moodle ${stamp}`)).toBeVisible();
    await noViolations(teacher);
    await shootBothWidths(teacher, SHOTS, 'lti-deep-link');
    await teacher.getByRole('button', { name: 'Add to course' }).click();
    await expect(teacher.getByText(`Activity added: ${TITLE}`)).toBeVisible();
    await own.close();
    expect(course.activities).toEqual([
      expect.objectContaining({ title: TITLE, url: `${toolOrigin}/enterprise/my-tasks/view/${task._id}` }),
    ]);
  });

  const own = await browser.newContext();
  const student = await own.newPage();
  await test.step('the student opens it from the course, signed in, records, and the gradebook gets the score', async () => {
    await student.goto(`${lmsOrigin}/course`);
    await student.getByRole('button', { name: `Open ${TITLE}` }).click();
    await expect(student).toHaveURL(`${toolOrigin}/enterprise/my-tasks/view/${task._id}`);
    await expect(student.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
    // The one-time code is gone from the history: going back cannot launch again.
    expect(student.url()).not.toContain('#');
    await student.getByRole('button', { name: 'Record item 1', exact: true }).click();
    await expect(student.getByRole('timer')).toBeVisible();
    await student.waitForTimeout(Math.round(wav.seconds * 1000));
    await student.getByRole('button', { name: 'Stop recording item 1' }).click();
    await expect(student.getByRole('button', { name: 'Record again item 1' })).toBeVisible();
    await student.getByRole('button', { name: 'Submit task' }).click();
    await expect(student.getByText(/^Task (completed successfully|submitted: )/)).toBeVisible();
    const score = student.getByRole('region', { name: 'Pronunciation score' });
    await expect(score).toContainText('passing score', { timeout: 90_000 });
    await expect.poll(() => course.scores.length, { timeout: 30_000 }).toBe(1);
    const [sent] = course.scores;
    expect(sent).toMatchObject({
      lineItem: 'activity-0',
      userId: people.student.sub,
      scoreMaximum: 1,
      activityProgress: 'Completed',
      gradingProgress: 'FullyGraded',
    });
    const points = /^Pronunciation (\d+) of 100/.exec(sent?.comment ?? '')?.[1];
    expect(points).toBeDefined();
    expect(sent?.scoreGiven).toBeCloseTo(Number(points) / 100, 3);
    await expect(score).toContainText(String(points));
  });

  // The organisation's directory deactivates the student over SCIM (a token made by the owner).
  const token = await post(request, owner, '/api/v1/enterprise/scim/create-scim-token', {
    name: `LMS journey ${stamp}`,
  });
  const scim = { authorization: `Bearer ${token.secret}`, 'content-type': 'application/scim+json' };
  const scimId = async (email: string) => {
    const found = await request.get(`/scim/v2/Users?filter=${encodeURIComponent(`userName eq "${email}"`)}`, {
      headers: scim,
    });
    const id = ((await found.json()) as { Resources: { id: string }[] }).Resources[0]?.id;
    expect(id, email).toBeTruthy();
    return id ?? '';
  };
  await test.step('the directory’s active:false signs the student out at once', async () => {
    const id = await scimId(people.student.email);
    const off = await request.patch(`/scim/v2/Users/${id}`, {
      headers: scim,
      data: {
        schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
        Operations: [{ op: 'replace', value: { active: false } }],
      },
    });
    expect(off.status()).toBe(200);
    await student.reload();
    await expect(student).toHaveURL(/\/login/);
    // And the course's link no longer signs them in.
    await student.goto(`${lmsOrigin}/course`);
    await student.getByRole('button', { name: `Open ${TITLE}` }).click();
    await expect(student.getByText('Your account has been deactivated. Ask your admin.')).toBeVisible();
    await own.close();
  });

  // The demo as it was for later journeys: the directory removes both members, the owner the task, the role the
  // launches made and the LMS.
  for (const person of [people.student, people.teacher])
    expect(
      (await request.delete(`/scim/v2/Users/${await scimId(person.email)}`, { headers: scim })).status(),
    ).toBe(204);
  await post(request, owner, tasks.deleteTask.path, { taskId: task._id });
  const made = await request.get(`${roles.list.path}?searchInput=Instructor`, {
    headers: { 'x-access-token': owner },
  });
  const instructor = (
    (await made.json()) as { response: { listdata: { _id: string; name: string }[] } }
  ).response.listdata.find((role) => role.name === 'Instructor');
  if (instructor) await post(request, owner, roles.remove.path, { roleId: instructor._id });
  await page.goto('/enterprise/settings');
  const card = page.getByRole('region', { name: 'LMS (LTI 1.3)' });
  await card.getByRole('button', { name: `Remove Moodle ${stamp}` }).click();
  await page
    .getByRole('dialog', { name: `Remove Moodle ${stamp}?` })
    .getByRole('button', { name: 'Remove' })
    .click();
  await expect(page.getByText('Platform removed')).toBeVisible();
});
