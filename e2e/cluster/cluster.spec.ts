import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { TASK_TYPES } from '@coach/shared/constants/task-types';
import { enterpriseAuth } from '@coach/shared/contract/auth';
import { enterpriseGeneral } from '@coach/shared/contract/general';
import { groups } from '@coach/shared/contract/groups';
import { marketplace } from '@coach/shared/contract/marketplace';
import { tasks } from '@coach/shared/contract/tasks';
import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, REPO_ROOT } from '../support/env.ts';
import { API, type Cluster, PROXY, SITE, startCluster, waitUntil } from './cluster.ts';

type Answer = {
  status: number;
  json: { success?: number; message?: string; response?: unknown; code?: string };
};

/** One call as an API client makes it; a connection that fails answers status 0. */
const call = async (base: string, path: string, { token, body }: { token?: string; body?: object } = {}) => {
  try {
    const res = await fetch(`${base}${path}`, {
      method: body ? 'POST' : 'GET',
      headers: { 'content-type': 'application/json', ...(token ? { 'x-access-token': token } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    return { status: res.status, json: (await res.json().catch(() => ({}))) as Answer['json'] };
  } catch {
    return { status: 0, json: {} } as Answer;
  }
};

let cluster: Cluster;

/** The sign-in messages mailed to `email` so far (the processes share the outbox folder), oldest first. */
const mailsTo = (email: string) => {
  const outbox = path.join(cluster.dataDir, 'outbox');
  return existsSync(outbox)
    ? readdirSync(outbox)
        .filter((name) => name.endsWith('.eml') && name.includes(`-${email}-`) && !name.includes('-notice-'))
        .sort()
    : [];
};

/** Password, then a mailed code, through `base`: the session's token. */
const signIn = async (base: string, email: string) => {
  const pre = await call(base, enterpriseAuth.login.path, { body: { email, password: DEMO_PASSWORD } });
  expect(pre.status, pre.json.message).toBe(200);
  const preToken = (pre.json.response as { accesstoken: string }).accesstoken;
  const before = new Set(mailsTo(email));
  await call(base, enterpriseAuth.sendCode.path, { token: preToken, body: { contactMethod: 2 } });
  let code = '';
  await waitUntil(async () => {
    const mail = mailsTo(email)
      .filter((name) => !before.has(name))
      .at(-1);
    code = mail
      ? (readFileSync(path.join(cluster.dataDir, 'outbox', mail), 'utf8').match(/\b(\d{6})\b/)?.[1] ?? '')
      : '';
    return code !== '';
  }, `a sign-in code mailed to ${email}`);
  const verified = await call(base, enterpriseAuth.verifyCode.path, { token: preToken, body: { code } });
  expect(verified.status, verified.json.message).toBe(200);
  return (verified.json.response as { accesstoken: string }).accesstoken;
};

/** A spoken reading of `text` as a WAV file (flite). */
const speak = (text: string) =>
  execFileSync('sh', ['-c', `flite -t "${text}" -o /dev/stdout | cat`], { maxBuffer: 10 * 1024 * 1024 });

const PASSAGE = 'The quick brown fox jumps over the lazy dog near the quiet river bank.';

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(600_000);
  cluster = await startCluster();
});

test.afterAll(async () => {
  await cluster?.shutdown();
});

test('the site on its own origin: search and contact work from it, pages fit a CDN, another origin gets no grant', async ({
  page,
}) => {
  await page.goto(`${SITE}/marketplace/home`);
  // The header's search calls the API at the proxy's origin, across origins.
  const search = page.getByRole('combobox', { name: 'Search courses' }).first();
  await search.pressSequentially('interview');
  const dropdown = page.getByRole('listbox', { name: 'Matching courses' });
  await expect(dropdown.getByRole('option').first()).toContainText(/Interview/);
  await page.getByRole('heading', { level: 1 }).click();

  // The contact form too (its island wakes when it comes into view).
  await page.getByRole('link', { name: 'Join Us' }).click();
  const form = page.locator('#contact');
  await expect(form.getByLabel('Name', { exact: true })).toBeEnabled();
  await form.getByLabel('Name', { exact: true }).fill('Cluster Visitor');
  await form.getByLabel('Email', { exact: true }).fill('visitor@example.com');
  const phone = form.getByLabel('Mobile number');
  await phone.click();
  await phone.press('End');
  await phone.pressSequentially('0412 345 678');
  await form.getByLabel('Message', { exact: true }).fill('Sent from the CDN origin');
  await form.getByRole('button', { name: 'Send enquiry' }).click();
  await expect(page.getByText('Thank you! Your enquiry has been sent.')).toBeVisible();

  const home = await fetch(`${SITE}/marketplace/home`);
  expect(home.headers.get('cache-control')).toBe('public, no-cache');
  const asset = (await home.text()).match(/\/_astro\/[^"']+\.js/)?.[0];
  expect(asset).toBeTruthy();
  const script = await fetch(`${SITE}${asset}`);
  expect(script.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');

  // The contact form's call from the site's origin is granted; from any other origin the browser is refused.
  const fromSite = await page.evaluate(
    async ([url]) => {
      const res = await fetch(url as string, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ search: 'talk' }),
      });
      return res.status;
    },
    [`${PROXY}${marketplace.getSearchList.path}`],
  );
  expect(fromSite).toBe(200);
  await page.goto(`http://localhost:${new URL(SITE).port}/marketplace/home`);
  const fromElsewhere = await page.evaluate(
    async ([url]) =>
      fetch(url as string, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ search: 'talk' }),
      }).then(
        (res) => `answered ${res.status}`,
        () => 'refused',
      ),
    [`${PROXY}${marketplace.getSearchList.path}`],
  );
  expect(fromElsewhere).toBe('refused');
});

test("the operators' guide shows the proxy configuration this test runs, as it is", async () => {
  const guide = readFileSync(path.join(REPO_ROOT, 'docs/deploying.md'), 'utf8');
  const config = readFileSync(path.join(REPO_ROOT, 'e2e/cluster/nginx.conf'), 'utf8');
  expect(guide).toContain(`\`\`\`nginx\n${config}\`\`\``);
});

test('a session made through one API process works on the other; a logout on one is refused on the other at once', async () => {
  const token = await signIn(API.api1, 'staff@acme.example');
  const me = await call(API.api2, enterpriseAuth.me.path, { token });
  expect(me.status).toBe(200);
  expect(me.json.response).toMatchObject({ email: 'staff@acme.example' });
  expect((await call(API.api2, enterpriseAuth.logout.path, { token, body: {} })).status).toBe(200);
  const after = await call(API.api1, enterpriseAuth.me.path, { token });
  expect(after.status).toBe(401);
});

/** Figures for the closing report, shown in the list reporter's output. */
const report = (line: string) => {
  console.log(`[cluster] ${line}`);
  test.info().annotations.push({ type: 'figure', description: line });
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * One request on a connection of its own (no keep-alive), as a health checker or another proxy sends it: a
 * connection the proxy closes between two requests (its workers' graceful reload) is then never reused. Answers the
 * status, or 0 when the connection failed.
 */
const onNewConnection = (method: 'GET' | 'POST', callPath: string, token: string, body?: object) =>
  new Promise<{ status: number; message: string }>((resolve) => {
    const payload = body ? JSON.stringify(body) : undefined;
    const request = http.request(
      `${PROXY}${callPath}`,
      {
        method,
        agent: false,
        headers: {
          'x-access-token': token,
          ...(payload
            ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }
            : {}),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          text += chunk;
        });
        res.on('end', () => {
          // The proxy's own refusals (502) are HTML pages, the API's answers JSON envelopes.
          const json = (res.headers['content-type'] ?? '').includes('json');
          const message = json
            ? ((JSON.parse(text) as { message?: string }).message ?? '')
            : text.slice(0, 80);
          resolve({ status: res.statusCode ?? 0, message });
        });
      },
    );
    request.on('error', (error) => resolve({ status: 0, message: error.message }));
    request.end(payload);
  });

/**
 * A steady load through the proxy until `stop()` is called: `clients` loops, each writing a new group (a write the
 * database must keep once acknowledged) and reading the group list in turn.
 */
const steadyLoad = (token: string, clients: number, tag: string) => {
  let running = true;
  const acknowledged: string[] = [];
  const failures: string[] = [];
  let sent = 0;
  const loop = async (client: number) => {
    for (let i = 0; running; i++) {
      sent++;
      if (i % 2 === 0) {
        const name = `${tag} ${client}-${i}`;
        const answer = await onNewConnection('POST', groups.add.path, token, { name, memberIds: [] });
        if (answer.status === 200) acknowledged.push(name);
        else failures.push(`write ${answer.status} ${answer.message}`);
      } else {
        const answer = await onNewConnection('GET', `${groups.list.path}?currentPage=1`, token);
        if (answer.status !== 200) failures.push(`read ${answer.status} ${answer.message}`);
      }
    }
  };
  const loops = Array.from({ length: clients }, (_, client) => loop(client));
  return {
    stop: async () => {
      running = false;
      await Promise.all(loops);
      return { sent, acknowledged, failures };
    },
  };
};

/** How many of the names are groups in the database. */
const groupsKept = async (names: string[]) => {
  const { rows } = await cluster.db.query<{ n: string }>(
    'select count(*) as n from groups where name = any($1)',
    [names],
  );
  return Number(rows[0]?.n ?? 0);
};

let owner = '';
let learner = '';
let learnerId = '';

/** A new Read & Record task of the owner's, assigned to the learner: its id. */
const readingTask = async () => {
  const task = await call(PROXY, tasks.addTask.path, {
    token: owner,
    body: {
      type: TASK_TYPES.readAndRecord,
      title: 'Read aloud, heard by the worker',
      passage: PASSAGE,
      category: 'Communication',
      level: 1,
      timeMinutes: 10,
      expirySeconds: 604_800,
    },
  });
  expect(task.status, task.json.message).toBe(200);
  const taskId = (task.json.response as { _id: string })._id;
  const assigned = await call(PROXY, tasks.assignTaskUsers.path, {
    token: owner,
    body: { taskIds: [taskId], userIds: [learnerId] },
  });
  expect(assigned.status, assigned.json.message).toBe(200);

  return taskId;
};

/** The learner uploads a reading straight to the store and hands it in through `base`; answers the analysis id. */
const handInReading = async (base: string) => {
  const taskId = await readingTask();
  const wav = speak(PASSAGE);
  const signed = await call(base, enterpriseGeneral.putSignedRequestForUpload.path, {
    token: learner,
    body: { purpose: 'task-recording', fileName: 'answer.wav', fileType: 'audio/wav', fileSize: wav.length },
  });
  expect(signed.status, signed.json.message).toBe(200);
  const { uploadUrl, headers, fileUrl } = signed.json.response as {
    uploadUrl: string;
    headers: Record<string, string>;
    fileUrl: string;
  };
  // The bytes go to the store itself, never through an API process.
  expect(new URL(uploadUrl).origin).toBe(cluster.store.env.S3_ENDPOINT);
  const tooMany = await fetch(uploadUrl, {
    method: 'PUT',
    headers,
    body: Buffer.concat([wav, Buffer.alloc(64)]),
  });
  expect(tooMany.status).toBe(403);
  const put = await fetch(uploadUrl, { method: 'PUT', headers, body: wav });
  expect(put.status).toBe(200);
  const saved = await call(base, tasks.updateMyTask.path, {
    token: learner,
    body: {
      userId: learnerId,
      taskId,
      progress: 100,
      taskStatus: 2,
      report: { recordings: { passage: { fileUrl, durationMs: 4000 } } },
    },
  });
  expect(saved.status, saved.json.message).toBe(200);
  const { rows } = await cluster.db.query<{ id: string }>(
    'select id from recording_analyses where file_url = $1',
    [fileUrl],
  );
  expect(rows).toHaveLength(1);
  return { analysisId: rows[0]?.id ?? '', fileUrl, bytes: wav };
};

const analysisJob = async (analysisId: string) => {
  const { rows } = await cluster.db.query<{ status: string; attempts: number; locked_until: string | null }>(
    "select status, attempts, locked_until from jobs where kind = 'speech-analysis' and payload like $1",
    [`%${analysisId}%`],
  );
  return rows;
};

/** Heard and its job closed (the analysis is written first, then the job marked done). */
const heard = async (analysisId: string) =>
  (await analysisStatus(analysisId)) === 'done' &&
  (await analysisJob(analysisId)).every((job) => job.status === 'done');

const analysisStatus = async (analysisId: string) =>
  (
    await cluster.db.query<{ status: string }>('select status from recording_analyses where id = $1', [
      analysisId,
    ])
  ).rows[0]?.status;

test('a recording uploaded straight to the S3 server is analysed exactly once by the worker; the store answers Range', async () => {
  owner = await signIn(PROXY, 'owner@acme.example');
  learner = await signIn(PROXY, 'learner@acme.example');
  learnerId = (
    (await call(PROXY, enterpriseAuth.me.path, { token: learner })).json.response as { _id: string }
  )._id;
  // Signed by one API process, handed in through the other.
  const { analysisId, fileUrl, bytes } = await handInReading(API.api1);
  const ranged = await fetch(fileUrl, { headers: { range: 'bytes=0-11' } });
  expect(ranged.status).toBe(206);
  expect(Buffer.from(await ranged.arrayBuffer())).toEqual(bytes.subarray(0, 12));

  await waitUntil(() => heard(analysisId), 'the worker to hear the recording', 90_000);
  const jobs = await analysisJob(analysisId);
  expect(jobs.map((job) => [job.status, job.attempts])).toEqual([['done', 1]]);
  report(`recording ${analysisId}: 1 job, 1 attempt, analysed by the worker from the S3 server`);
});

test('a video uploaded straight to the S3 server streams with Range from it, as a player seeks', async () => {
  // One second of a test pattern, as the content library's videos are (WebM, VP8).
  const video = execFileSync(
    'ffmpeg',
    [
      '-loglevel',
      'error',
      '-f',
      'lavfi',
      '-i',
      'testsrc=duration=1:size=160x120:rate=10',
      '-c:v',
      'libvpx',
      '-f',
      'webm',
      '-',
    ],
    { maxBuffer: 10 * 1024 * 1024 },
  );
  const signed = await call(PROXY, enterpriseGeneral.putSignedRequestForUpload.path, {
    token: owner,
    body: {
      purpose: 'content-video',
      fileName: 'pattern.webm',
      fileType: 'video/webm',
      fileSize: video.length,
    },
  });
  expect(signed.status, signed.json.message).toBe(200);
  const { uploadUrl, headers, fileUrl } = signed.json.response as {
    uploadUrl: string;
    headers: Record<string, string>;
    fileUrl: string;
  };
  expect(new URL(uploadUrl).origin).toBe(cluster.store.env.S3_ENDPOINT);
  expect((await fetch(uploadUrl, { method: 'PUT', headers, body: video })).status).toBe(200);
  // A seek into the middle, and the end, as a video player asks for them.
  const middle = Math.floor(video.length / 2);
  const seek = await fetch(fileUrl, { headers: { range: `bytes=${middle}-${middle + 99}` } });
  expect(seek.status).toBe(206);
  expect(seek.headers.get('content-range')).toBe(`bytes ${middle}-${middle + 99}/${video.length}`);
  expect(Buffer.from(await seek.arrayBuffer())).toEqual(video.subarray(middle, middle + 100));
  const tail = await fetch(fileUrl, { headers: { range: 'bytes=-16' } });
  expect(tail.status).toBe(206);
  expect(Buffer.from(await tail.arrayBuffer())).toEqual(video.subarray(-16));
  expect(seek.headers.get('content-type')).toBe('video/webm');
  report(
    `video of ${video.length} bytes: PUT straight to the S3 server, Range 206 for a seek and for the end`,
  );
});

test('the storage quota holds with the store outside: a sign past it is refused, naming the file size', async () => {
  await cluster.db.query(
    "update enterprises set storage_quota_mb = 1 where id = (select enterprise_id from users where email = 'learner@acme.example')",
  );
  try {
    const signed = await call(PROXY, enterpriseGeneral.putSignedRequestForUpload.path, {
      token: learner,
      body: {
        purpose: 'task-recording',
        fileName: 'long.wav',
        fileType: 'audio/wav',
        fileSize: 2 * 1024 * 1024,
      },
    });
    expect(signed.status).toBe(413);
    expect(signed.json.message).toMatch(/^fileSize: /);
  } finally {
    await cluster.db.query(
      "update enterprises set storage_quota_mb = null where id = (select enterprise_id from users where email = 'learner@acme.example')",
    );
  }
});

test('kill -9 of an API process under steady writes loses no acknowledged write', async () => {
  const load = steadyLoad(owner, 4, 'kill');
  await sleep(1500);
  await cluster.kill('api1');
  await sleep(3000);
  const { sent, acknowledged, failures } = await load.stop();
  const kept = await groupsKept(acknowledged);
  report(
    `kill -9 of api1: ${sent} requests, ${acknowledged.length} writes acknowledged, ${acknowledged.length - kept} lost, ${failures.length} failed (in flight on the killed process)`,
  );
  expect(acknowledged.length).toBeGreaterThan(10);
  expect(kept).toBe(acknowledged.length);
  await cluster.start('api1');
});

test('a worker killed mid-job leaves the job to be taken again and done once', async () => {
  const { analysisId } = await handInReading(API.api2);
  await waitUntil(
    async () =>
      (await analysisJob(analysisId)).some((job) => job.attempts === 1 && job.locked_until !== null),
    'the worker to take the job',
  );
  await cluster.kill('worker');
  expect(await analysisStatus(analysisId)).toBe('pending');
  await cluster.start('worker');
  await waitUntil(() => heard(analysisId), 'the new worker to hear it', 90_000);
  const jobs = await analysisJob(analysisId);
  expect(jobs.map((job) => [job.status, job.attempts])).toEqual([['done', 2]]);
  report('worker killed mid-job: taken again after its lease, done once (2 attempts, 1 analysis)');
});

test('a rolling restart of both API processes under load fails no request', async () => {
  const logMark = cluster.proxyLog().length;
  const load = steadyLoad(owner, 4, 'roll');
  await sleep(1000);
  for (const name of ['api1', 'api2'] as const) {
    // As an operator rolls behind nginx: out of the rotation (a graceful reload), stopped (it finishes what it
    // holds), started, back in.
    await cluster.proxyWithout(name);
    expect(await cluster.stop(name)).toBe(0);
    await cluster.start(name);
    await cluster.proxyWithout(null);
  }
  const { sent, acknowledged, failures } = await load.stop();
  const kept = await groupsKept(acknowledged);
  report(
    `rolling restart: ${sent} requests sent, ${failures.length} failed, ${acknowledged.length - kept} writes lost`,
  );
  expect(failures, cluster.proxyLog(logMark)).toEqual([]);
  expect(kept).toBe(acknowledged.length);
});
