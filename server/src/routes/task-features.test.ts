import { DEFAULT_FEATURE_FLAGS, switchFeature } from '@coach/shared/constants/features';
import { adminGeneral } from '@coach/shared/contract/admin';
import { adminEnterprises } from '@coach/shared/contract/admin-enterprises';
import type { FeatureFlags } from '@coach/shared/contract/auth';
import { enterpriseAuth } from '@coach/shared/contract/auth';
import { enterpriseGeneral } from '@coach/shared/contract/general';
import { pronunciationConfig } from '@coach/shared/contract/pronunciation';
import { tasks } from '@coach/shared/contract/tasks';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../testing/test-app.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
let admin: string;
let owner: string;
let learner: string;
let learnerId: string;
let acmeId: string;
let acmeFlags: FeatureFlags;
const ip = '10.9.8.1';

const common = { category: 'Communication', level: 1, timeMinutes: 10, expirySeconds: 604800 } as const;
const readTask = { ...common, type: 1, title: 'Read: a flagged passage', passage: 'Speak slowly.' } as const;
const interviewTask = {
  ...common,
  type: 6,
  category: 'IVR',
  title: 'Interview: flagged',
  jobTitle: 'Analyst',
  industry: 'Finance',
  location: 'Sydney',
  region: 'Australia',
} as const;
const writtenTask = { ...common, type: 7, title: 'Write: unflagged', questions: ['How did it go?'] } as const;

const post = (token: string, path: string, body: object) => t.request('POST', path, { token, ip, body });
const get = (token: string, path: string, query: Record<string, string> = {}) =>
  t.request('GET', `${path}?${new URLSearchParams(query)}`, { token, ip });
const asAdmin = (method: 'GET' | 'POST', path: string, body?: object) =>
  t.request(method, path, { ip, adminToken: admin, ...(body ? { body } : {}) });
const setAcmeFlags = async (change: Partial<FeatureFlags>) => {
  const res = await asAdmin('POST', adminEnterprises.updateFeatures.path, {
    enterpriseId: acmeId,
    features: { ...acmeFlags, ...change },
  });
  expect(res.status, res.json.message).toBe(200);
};
const addTask = async (body: object) => {
  const res = await post(owner, tasks.addTask.path, body);
  expect(res.status, res.json.message).toBe(200);
  return res.json.response as { _id: string };
};
const myTaskIds = async () =>
  (
    (await get(learner, tasks.getMyTasks.path)).json.response as { listdata: { taskId: string }[] }
  ).listdata.map((row) => row.taskId);

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.fullLogin('admin@coach.example', 'admin', ip);
  owner = await t.fullLogin('owner@acme.example', 'enterprise', ip);
  learner = await t.fullLogin('learner@acme.example', 'enterprise', ip);
  const me = (await t.request('GET', enterpriseAuth.me.path, { token: owner, ip })).json.response as {
    enterpriseId: FeatureFlags & { _id: string };
  };
  acmeId = me.enterpriseId._id;
  const { _id: _ignored, ...rest } = me.enterpriseId;
  acmeFlags = Object.fromEntries(
    Object.keys(DEFAULT_FEATURE_FLAGS).map((key) => [key, rest[key as keyof FeatureFlags]]),
  ) as FeatureFlags;
  learnerId = (
    (await t.request('GET', enterpriseAuth.me.path, { token: learner, ip })).json.response as {
      _id: string;
    }
  )._id;
});
afterEach(async () => {
  await setAcmeFlags({});
});
afterAll(async () => {
  await t?.close();
});

describe('task types behind feature flags', () => {
  it('the read flag off hides Read tasks from the library and the learner and refuses their calls at once', async () => {
    const read = await addTask(readTask);
    const written = await addTask(writtenTask);
    await post(owner, tasks.assignTaskUsers.path, { taskIds: [read._id, written._id], userIds: [learnerId] });
    expect(await myTaskIds()).toEqual(expect.arrayContaining([read._id, written._id]));

    await setAcmeFlags({ enableReadFeature: false });
    const refused = await post(owner, tasks.addTask.path, readTask);
    expect(refused.status).toBe(403);
    expect(refused.json).toMatchObject({
      code: 'FEATURE_DISABLED',
      message: 'Read is not enabled for your organisation',
    });
    const library = await get(owner, tasks.getListOfTasks.path);
    const types = (library.json.response as { sections: { type: number }[] }).sections.map((s) => s.type);
    expect(types).not.toContain(1);
    expect(types).not.toContain(5);
    expect(types).toContain(7);
    const mine = await myTaskIds();
    expect(mine).not.toContain(read._id);
    expect(mine).toContain(written._id);
    expect((await post(learner, tasks.getMyTask.path, { taskId: read._id })).status).toBe(403);
    const update = await post(learner, tasks.updateMyTask.path, {
      userId: learnerId,
      taskId: read._id,
      progress: 100,
      taskStatus: 2,
      report: { read: true },
    });
    expect(update.status).toBe(403);
    const assign = await post(owner, tasks.assignTaskUsers.path, {
      taskIds: [read._id],
      userIds: [learnerId],
    });
    expect(assign.status).toBe(403);
    const options = (await get(owner, tasks.getAllTaskListEnterprise.path)).json.response as {
      type: number;
    }[];
    expect(options.some((option) => option.type === 1)).toBe(false);
    const draft = await post(owner, tasks.generateContentTask.path, { type: 5, topic: 'greetings' });
    expect(draft.status).toBe(403);

    // Back on, everything is there again: nothing was lost.
    await setAcmeFlags({});
    expect(await myTaskIds()).toContain(read._id);
    expect((await post(learner, tasks.getMyTask.path, { taskId: read._id })).status).toBe(200);
  });

  it('communication-ready off closes its children: pronunciation tasks and the pronunciation settings', async () => {
    await setAcmeFlags(switchFeature(acmeFlags, 'enableCommunicationReadyFeature', false));
    const settings = await post(owner, pronunciationConfig.list.path, { searchQuery: '', currentPage: 1 });
    expect(settings.status).toBe(403);
    expect(settings.json.code).toBe('FEATURE_DISABLED');
    const say = await post(owner, tasks.addTask.path, {
      ...common,
      type: 2,
      category: 'Audio',
      title: 'Say it',
      items: ['word'],
    });
    expect(say.status).toBe(403);
    // Types without a flag stay open.
    expect((await post(owner, tasks.addTask.path, writtenTask)).status).toBe(200);
  });

  it('interview-ready off refuses Get Interview Ready tasks, and generate-ai-tasks names it', async () => {
    await setAcmeFlags({ enableInterviewReadyFeature: false });
    const res = await post(owner, tasks.addTask.path, interviewTask);
    expect(res.status).toBe(403);
    expect(res.json.message).toBe('Interview Ready is not enabled for your organisation');
    const generated = await post(owner, tasks.generateAiTasks.path, {
      topic: 'jobs',
      types: [6, 7],
      count: 1,
    });
    expect(generated.status).toBe(403);
  });

  it('interview-ready off refuses its IVR category for a new task; a task already in it keeps it on edit', async () => {
    const kept = await addTask({ ...writtenTask, category: 'IVR', title: 'Write: filed under IVR' });
    await setAcmeFlags({ enableInterviewReadyFeature: false });
    const res = await post(owner, tasks.addTask.path, { ...writtenTask, category: 'IVR' });
    expect(res.status).toBe(422);
    expect(res.json.field).toBe('category');
    expect(res.json.message).toBe('category: Interview Ready is not enabled for your organisation');
    const moved = await post(owner, tasks.editTask.path, {
      ...writtenTask,
      taskId: kept._id,
      category: 'IVR',
    });
    expect(moved.status, moved.json.message).toBe(200);
    const plain = await addTask(writtenTask);
    const into = await post(owner, tasks.editTask.path, {
      ...writtenTask,
      taskId: plain._id,
      category: 'IVR',
    });
    expect(into.status).toBe(422);
  });
});

describe('task attachments behind their flag', () => {
  it('with the flag off an enterprise can neither sign an attachment upload nor add one; kept ones stay', async () => {
    const sign = (token: string) =>
      post(token, enterpriseGeneral.putSignedRequestForTaskUpload.path, {
        purpose: 'task-attachment',
        fileName: 'notes.pdf',
        fileType: 'application/pdf',
        fileSize: 1000,
      });
    const signed = await sign(owner);
    expect(signed.status).toBe(200);
    const { uploadUrl, headers, fileUrl } = signed.json.response as {
      uploadUrl: string;
      headers: Record<string, string>;
      fileUrl: string;
    };
    const pdf = Buffer.from('%PDF-1.4\n%%EOF\n'.padEnd(1000, ' '));
    expect((await t.app.request(uploadUrl, { method: 'PUT', headers, body: pdf })).status).toBe(200);
    const attachment = { fileType: 'application/pdf', fileUrl, fileName: 'notes.pdf', fileSize: 1000 };
    const task = await addTask({ ...writtenTask, attachments: [attachment] });

    await setAcmeFlags({ enableTaskAttachmentUpload: false });
    const refused = await sign(owner);
    expect(refused.status).toBe(403);
    expect(refused.json.message).toBe('Task Attachment Upload is not enabled for your organisation');
    const added = await post(owner, tasks.addTask.path, { ...writtenTask, attachments: [attachment] });
    expect(added.status).toBe(403);
    // Editing the task that already has it keeps it.
    const edited = await post(owner, tasks.editTask.path, {
      ...writtenTask,
      taskId: task._id,
      title: 'Write: renamed',
      attachments: [attachment],
    });
    expect(edited.status, edited.json.message).toBe(200);
  });
});

describe('log in as a new enterprise', () => {
  it('works while its default admin has not accepted the invitation, and audits refused writes too', async () => {
    const created = await asAdmin('POST', adminEnterprises.add.path, {
      company_name: 'Initech Training',
      name: 'Bill Lumbergh',
      email: 'bill@initech.example',
    });
    expect(created.status, created.json.message).toBe(200);
    const enterpriseId = (created.json.response as { _id: string })._id;
    const login = await asAdmin('POST', adminEnterprises.loginAs.path, { enterpriseId });
    expect(login.status, login.json.message).toBe(200);
    const token = (login.json.response as { accesstoken: string }).accesstoken;
    const me = await t.request('GET', enterpriseAuth.me.path, { token, ip });
    expect(me.json.response).toMatchObject({ loggedInAsAdmin: true, emailVerified: true });
    const groupsPage = await post(token, enterpriseAuth.userGroups.path, { searchQuery: '', currentPage: 1 });
    expect(groupsPage.status).toBe(200);
    const bad = await post(token, tasks.addTask.path, { ...writtenTask, questions: [] });
    expect(bad.status).toBe(422);
    const missing = await post(token, tasks.deleteTask.path, { taskId: 'no-such-task' });
    expect(missing.status).toBe(404);
    const audits = await t.deps.db
      .selectFrom('audit_log')
      .select(['action', 'details', 'actor_kind'])
      .where('enterprise_id', '=', enterpriseId)
      .where('action', '=', 'login-as.write')
      .execute();
    expect(audits.map((a) => JSON.parse(a.details) as { call: string; status: number })).toEqual(
      expect.arrayContaining([
        { call: enterpriseAuth.userGroups.path, status: 200 },
        { call: tasks.deleteTask.path, status: 404 },
      ]),
    );
    expect(audits.every((a) => a.actor_kind === 'admin')).toBe(true);
    // The admin area is still the admin's.
    expect((await asAdmin('GET', adminGeneral.getEnterpriseList.path)).status).toBe(200);
  });
});
