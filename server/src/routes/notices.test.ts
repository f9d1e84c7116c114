import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { LANGUAGES } from '@coach/shared/constants/languages';
import { adminEnterprises } from '@coach/shared/contract/admin-enterprises';
import { enterpriseAuth } from '@coach/shared/contract/auth';
import { contentLibrary } from '@coach/shared/contract/content';
import { groups } from '@coach/shared/contract/groups';
import { noticeSettingsCalls } from '@coach/shared/contract/notices';
import { tasks } from '@coach/shared/contract/tasks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Job } from '../jobs/queue.ts';
import { NOTICE_TEXTS } from '../mail/notice-texts.ts';
import { noticeHandlers } from '../services/organisation/notices.ts';
import { createTestApp } from '../testing/test-app.ts';

// Mails that tell a member of their work, and the member's choice of them.

let t: Awaited<ReturnType<typeof createTestApp>>;
let owner: string;
let learner: string;
let globex: string;
let learnerId: string;
let staffId: string;
const ip = '10.9.38.9';
const LEARNER = 'learner@acme.example';
const BASE = 'http://localhost:3000';

const post = (token: string, path: string, body: object) => t.request('POST', path, { token, ip, body });
const settingsOf = async (token: string) => t.request('GET', noticeSettingsCalls.get.path, { token, ip });
const choose = (token: string, body: object) => post(token, noticeSettingsCalls.update.path, body);
const ALL_ON = { assigned: true, dueTomorrow: true, feedback: true };

let counter = 0;
/** A Reflect-in-writing task of Acme's, with a title of its own. */
const addTask = async (expirySeconds = 604800) => {
  const title = `Notice check ${++counter} of the run`;
  const res = await post(owner, tasks.addTask.path, {
    type: 7,
    title,
    category: 'Communication',
    level: 1,
    timeMinutes: 10,
    expirySeconds,
    questions: ['What went well this week?'],
  });
  expect(res.status, res.json.message).toBe(200);
  return { id: (res.json.response as { _id: string })._id, title };
};
const assign = (taskIds: string[], userIds = [learnerId]) =>
  post(owner, tasks.assignTaskUsers.path, { taskIds, userIds });

/** The notices in the outbox for an address, oldest first: subject and body. */
const noticesTo = (email: string) => {
  const dir = path.join(t.deps.config.dataDir, 'outbox');
  return readdirSync(dir)
    .filter((name) => name.includes(`-${email}-notice-`))
    .sort()
    .map((name) => {
      const [head = '', body = ''] = readFileSync(path.join(dir, name), 'utf8').split('\r\n\r\n');
      return { subject: /^Subject: (.*)$/m.exec(head)?.[1] ?? '', body };
    });
};
/** The notices sent to `email` by what `act` did (the job runner finished first). */
const noticesAfter = async (email: string, act: () => Promise<unknown>) => {
  await t.jobsIdle();
  const before = noticesTo(email).length;
  await act();
  await t.jobsIdle();
  return noticesTo(email).slice(before);
};

const jobsOf = (kind: string, userId: string) =>
  t.deps.db
    .selectFrom('jobs')
    .selectAll()
    .where('kind', '=', kind)
    .where('payload', 'like', `%"userId":"${userId}"%`)
    .execute();

beforeAll(async () => {
  t = await createTestApp();
  ({ owner, learner, globex, learnerId, staffId } = await t.signInSeeded(ip));
});
afterAll(async () => {
  await t?.close();
});

describe('the assigned mail', () => {
  it('three tasks assigned at once: one mail naming each, linking each task, with no secret in it', async () => {
    const three = [await addTask(), await addTask(), await addTask()];
    const sent = await noticesAfter(LEARNER, () => assign(three.map((task) => task.id)));
    expect(sent).toHaveLength(1);
    const [mail] = sent;
    expect(mail?.subject).toBe('New work for you on Coach (3)');
    for (const task of three) {
      expect(mail?.body).toContain(task.title);
      expect(mail?.body).toContain(`${BASE}/enterprise/my-tasks/view/${task.id}`);
    }
    expect(mail?.body).toContain(
      `Choose which of these emails you get in your profile: ${BASE}/enterprise/profile`,
    );
    // No token, code or password link: the links (checked below) ask the member to sign in.
    expect(mail?.body.replace(/https?:\/\/\S+/g, '')).not.toMatch(/eyJ|token|password|(?<!\d)\d{6}(?!\d)/i);
    expect(
      mail?.body
        .match(/https?:\/\/\S+/g)
        ?.every((link) => /\/enterprise\/(my-tasks\/view\/[\w-]+|profile)$/.test(link)),
    ).toBe(true);

    // Assigned again: nothing new, no mail.
    expect(await noticesAfter(LEARNER, () => assign(three.map((task) => task.id)))).toHaveLength(0);
  });

  it("a group's new member gets one mail for the group's tasks and videos together", async () => {
    const task = await addTask();
    const acmeId = (
      await t.deps.db
        .selectFrom('users')
        .select('enterprise_id')
        .where('id', '=', learnerId)
        .executeTakeFirstOrThrow()
    ).enterprise_id;
    // A video of Acme's library the learner does not have yet.
    const video = await t.deps.db
      .selectFrom('content_enterprises as ce')
      .innerJoin('content as c', 'c.id', 'ce.content_id')
      .select(['c.id', 'c.title'])
      .where('ce.enterprise_id', '=', acmeId)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('content_assignments as a')
              .select('a.id')
              .whereRef('a.content_id', '=', 'c.id')
              .where('a.user_id', '=', learnerId),
          ),
        ),
      )
      .executeTakeFirstOrThrow();
    const group = await post(owner, groups.add.path, {
      name: `Notices ${crypto.randomUUID().slice(0, 6)}`,
      memberIds: [],
    });
    expect(group.status, group.json.message).toBe(200);
    const groupId = (group.json.response as { _id: string })._id;
    expect(
      (await post(owner, tasks.assignTaskGroupUsers.path, { taskIds: [task.id], groupIds: [groupId] }))
        .status,
    ).toBe(200);
    expect(
      (
        await post(owner, contentLibrary.assignContentGroupUsers.path, {
          contentIds: [video.id],
          groupIds: [groupId],
        })
      ).status,
    ).toBe(200);
    const sent = await noticesAfter(LEARNER, () =>
      post(owner, groups.edit.path, {
        groupId,
        name: `Notices ${groupId.slice(0, 6)}`,
        memberIds: [learnerId],
      }),
    );
    expect(sent).toHaveLength(1);
    expect(sent[0]?.subject).toBe('New work for you on Coach (2)');
    expect(sent[0]?.body).toContain(task.title);
    expect(sent[0]?.body).toContain(
      `Videos to watch:\n• ${video.title}\nWatch them on your dashboard: ${BASE}/enterprise/dashboard`,
    );
  });

  it('a member who turned assigned mails off gets none; turned on again, the next assignment is mailed', async () => {
    expect((await choose(learner, { ...ALL_ON, assigned: false })).json.response).toEqual({
      ...ALL_ON,
      assigned: false,
    });
    const quiet = await addTask();
    expect(await noticesAfter(LEARNER, () => assign([quiet.id]))).toHaveLength(0);
    expect(await jobsOf('assignment-notice', learnerId)).not.toHaveLength(0);
    await choose(learner, ALL_ON);
    const loud = await addTask();
    const sent = await noticesAfter(LEARNER, () => assign([loud.id]));
    expect(sent.map((mail) => mail.subject)).toEqual([`New task: ${loud.title}`]);
  });

  it("goes out in the member's language, with the due date written in it", async () => {
    const language = (code: string) => post(learner, enterpriseAuth.updateLanguage.path, { language: code });
    try {
      await language('es');
      const task = await addTask();
      const [spanish] = await noticesAfter(LEARNER, () => assign([task.id]));
      expect(spanish?.subject).toBe(`Nueva tarea: ${task.title}`);
      expect(spanish?.body).toMatch(/^Hola, /);
      // Any weekday and month: "sábado" and "miércoles" carry accents.
      expect(spanish?.body).toMatch(/\(vence el \p{Ll}+, \d+ de \p{Ll}+/u);
      await language('ar');
      const other = await addTask();
      const [arabic] = await noticesAfter(LEARNER, () => assign([other.id]));
      expect(arabic?.subject).toBe(`مهمة جديدة: ${other.title}`);
      expect(arabic?.body).toContain(`${BASE}/enterprise/my-tasks/view/${other.id}`);
    } finally {
      await language('en');
    }
  });

  it('every language has its own words for each mail, and each carries its links', () => {
    const english = NOTICE_TEXTS.en;
    const task = { title: 'Pitch', due: 'Friday', link: `${BASE}/enterprise/my-tasks/view/1` };
    const settingsLink = `${BASE}/enterprise/profile`;
    for (const { code } of LANGUAGES) {
      const texts = NOTICE_TEXTS[code];
      const mails = [
        texts.assigned({
          name: 'Lee',
          tasks: [task],
          videos: ['Listening'],
          videosLink: `${BASE}/enterprise/dashboard`,
          settingsLink,
        }),
        texts.dueTomorrow({ name: 'Lee', tasks: [task], settingsLink }),
        texts.feedback({ name: 'Lee', task: 'Pitch', reviewer: 'Olivia', link: task.link, settingsLink }),
      ];
      for (const mail of mails) {
        expect(mail.text).toContain(settingsLink);
        expect(mail.text).toContain('Lee');
      }
      expect(mails[0]?.text).toContain(task.link);
      expect(mails[1]?.text).toContain(task.link);
      expect(mails[2]?.text).toContain(task.link);
      if (code === 'en') continue;
      expect(mails[0]?.subject).not.toBe(
        english.assigned({ name: 'Lee', tasks: [task], videos: ['Listening'], videosLink: '', settingsLink })
          .subject,
      );
      expect(mails[1]?.subject).not.toBe(
        english.dueTomorrow({ name: 'Lee', tasks: [task], settingsLink }).subject,
      );
      expect(mails[2]?.subject).not.toBe(
        english.feedback({ name: 'Lee', task: 'Pitch', reviewer: 'Olivia', link: '', settingsLink }).subject,
      );
    }
  });
});

describe('the due-tomorrow reminder', () => {
  /** A day has passed: the assignments fall due within the next day, and the reminder is due now. */
  const dayLater = async (taskIds: string[], jobId: string) => {
    const soon = new Date(Date.now() + 23 * 3600 * 1000).toISOString();
    await t.deps.db
      .updateTable('task_assignments')
      .set({ due_at: soon })
      .where('user_id', '=', learnerId)
      .where('task_id', 'in', taskIds)
      .execute();
    await t.deps.db
      .updateTable('jobs')
      .set({ status: 'pending', run_after: new Date().toISOString(), locked_until: null })
      .where('id', '=', jobId)
      .execute();
  };

  it('is written with the assignment for a day before it is due, and mails once only the tasks not done', async () => {
    const done = await addTask(172800);
    const open = await addTask(172800);
    const before = new Set((await jobsOf('due-reminder', learnerId)).map((job) => job.id));
    await assign([done.id, open.id]);
    const written = (await jobsOf('due-reminder', learnerId)).filter((job) => !before.has(job.id));
    // One reminder for the two (the same due time), due a day before.
    expect(written).toHaveLength(1);
    const [job] = written;
    if (!job) throw new Error('no reminder');
    const { dueAt, taskIds } = JSON.parse(job.payload) as { dueAt: string; taskIds: string[] };
    expect(taskIds.sort()).toEqual([done.id, open.id].sort());
    expect(Date.parse(job.run_after)).toBe(Date.parse(dueAt) - 24 * 3600 * 1000);

    const finished = await post(learner, tasks.updateMyTask.path, {
      userId: learnerId,
      taskId: done.id,
      progress: 100,
      taskStatus: 2,
      report: { answers: ['Plenty'] },
    });
    expect(finished.status, finished.json.message).toBe(200);

    const sent = await noticesAfter(LEARNER, () => dayLater([done.id, open.id], job.id));
    expect(sent).toHaveLength(1);
    expect(sent[0]?.subject).toBe(`Due tomorrow: ${open.title}`);
    expect(sent[0]?.body).toContain(`${BASE}/enterprise/my-tasks/view/${open.id}`);
    expect(sent[0]?.body).not.toContain(done.title);

    // Taken again (a restart before the job was marked done, a lease run out): nothing is sent twice.
    expect(await noticesAfter(LEARNER, () => dayLater([open.id], job.id))).toHaveLength(0);
    // Two processes working the same job at once: one mail between them.
    const other = t.connectAgain();
    try {
      const claimed: Job = {
        id: job.id,
        kind: 'due-reminder',
        payload: JSON.parse(job.payload),
        attempts: 1,
      };
      await t.deps.db.deleteFrom('sent_notices').where('job_id', '=', job.id).execute();
      const sentTwice = await noticesAfter(LEARNER, () =>
        Promise.all([
          noticeHandlers(t.deps)['due-reminder'](claimed),
          noticeHandlers({ ...t.deps, db: other })['due-reminder'](claimed),
        ]),
      );
      expect(sentTwice).toHaveLength(1);
    } finally {
      await other.destroy();
    }
  });

  it('sends nothing when every task is done, or for a member who turned reminders off', async () => {
    const task = await addTask(172800);
    await assign([task.id]);
    const [job] = (await jobsOf('due-reminder', learnerId)).filter((row) => row.payload.includes(task.id));
    if (!job) throw new Error('no reminder');
    await choose(learner, { ...ALL_ON, dueTomorrow: false });
    try {
      expect(await noticesAfter(LEARNER, () => dayLater([task.id], job.id))).toHaveLength(0);
    } finally {
      await choose(learner, ALL_ON);
    }
    await post(learner, tasks.updateMyTask.path, {
      userId: learnerId,
      taskId: task.id,
      progress: 100,
      taskStatus: 2,
      report: { answers: ['Done'] },
    });
    expect(await noticesAfter(LEARNER, () => dayLater([task.id], job.id))).toHaveLength(0);
  });

  it('is not written for a task due within a day (the assigned mail says when)', async () => {
    const task = await addTask(3600);
    const before = (await jobsOf('due-reminder', learnerId)).length;
    await assign([task.id]);
    expect(await jobsOf('due-reminder', learnerId)).toHaveLength(before);
  });
});

describe('the feedback mail', () => {
  const complete = async () => {
    const task = await addTask();
    await assign([task.id]);
    const res = await post(learner, tasks.updateMyTask.path, {
      userId: learnerId,
      taskId: task.id,
      progress: 100,
      taskStatus: 2,
      report: { answers: ['It went well'] },
    });
    expect(res.status, res.json.message).toBe(200);
    await t.jobsIdle();
    return task;
  };
  const feedback = (taskId: string, words: string) =>
    post(owner, tasks.addTaskFeedback.path, { taskId, userId: learnerId, feedback: words });

  it("names the task and the reviewer and links to it, without the feedback's words; the same words again send nothing", async () => {
    const task = await complete();
    const sent = await noticesAfter(LEARNER, () => feedback(task.id, 'Private words about the answer'));
    expect(sent).toHaveLength(1);
    expect(sent[0]?.subject).toBe(`Feedback on ${task.title}`);
    expect(sent[0]?.body).toMatch(new RegExp(`left feedback on your task “${task.title}”`));
    expect(sent[0]?.body).toContain(`${BASE}/enterprise/my-tasks/view/${task.id}`);
    expect(sent[0]?.body).not.toContain('Private words');
    expect(
      await noticesAfter(LEARNER, () => feedback(task.id, 'Private words about the answer')),
    ).toHaveLength(0);
    expect(await noticesAfter(LEARNER, () => feedback(task.id, 'A second thought'))).toHaveLength(1);
  });

  it('sends none to a member who turned feedback mails off', async () => {
    const task = await complete();
    await choose(learner, { ...ALL_ON, feedback: false });
    try {
      expect(await noticesAfter(LEARNER, () => feedback(task.id, 'Well done'))).toHaveLength(0);
    } finally {
      await choose(learner, ALL_ON);
    }
  });
});

describe('the choice of mails (the profile)', () => {
  it('is all on until changed, and each member reads and changes only their own', async () => {
    expect((await settingsOf(learner)).json.response).toEqual(ALL_ON);
    const mine = await choose(globex, { assigned: false, dueTomorrow: false, feedback: true });
    expect(mine.status).toBe(200);
    expect((await settingsOf(globex)).json.response).toEqual({
      assigned: false,
      dueTomorrow: false,
      feedback: true,
    });
    // Another organisation's member changed theirs: the learner's stay as they were.
    expect((await settingsOf(learner)).json.response).toEqual(ALL_ON);
    // Nobody names whose settings they change: a member id in the body is refused.
    const forOther = await choose(owner, { ...ALL_ON, assigned: false, userId: learnerId });
    expect(forOther.status).toBe(422);
    expect((await settingsOf(learner)).json.response).toEqual(ALL_ON);
    const staffSettings = await t.deps.db
      .selectFrom('notice_settings')
      .selectAll()
      .where('user_id', 'in', [learnerId, staffId])
      .execute();
    expect(staffSettings.every((row) => row.assigned === 1)).toBe(true);
  });

  it('answers 422 naming the field for bad input, 401 without a member session', async () => {
    const notBoolean = await choose(learner, { ...ALL_ON, assigned: 'yes' });
    expect(notBoolean.status).toBe(422);
    expect(notBoolean.json.field).toBe('assigned');
    const missing = await choose(learner, { assigned: true, feedback: true });
    expect(missing.status).toBe(422);
    expect(missing.json.field).toBe('dueTomorrow');
    expect((await t.request('POST', noticeSettingsCalls.update.path, { ip, body: ALL_ON })).status).toBe(401);
    expect((await t.request('GET', noticeSettingsCalls.get.path, { ip })).status).toBe(401);
    const admin = await t.fullLogin('admin@coach.example', 'admin', ip);
    expect(
      (await t.request('POST', noticeSettingsCalls.update.path, { ip, adminToken: admin, body: ALL_ON }))
        .status,
    ).toBe(401);
  });

  it('a platform admin logged in as the organisation cannot change its admin’s choices', async () => {
    const admin = await t.fullLogin('admin@coach.example', 'admin', ip);
    const me = await t.request('GET', enterpriseAuth.me.path, { ip, token: owner });
    const enterpriseId = (me.json.response as { enterpriseId: { _id: string } }).enterpriseId._id;
    const asAdmin = await t.request('POST', adminEnterprises.loginAs.path, {
      ip,
      adminToken: admin,
      body: { enterpriseId },
    });
    const token = (asAdmin.json.response as { accesstoken: string }).accesstoken;
    const res = await choose(token, { assigned: false, dueTomorrow: false, feedback: false });
    expect(res.status).toBe(403);
    expect((await settingsOf(owner)).json.response).toEqual(ALL_ON);
  });
});
