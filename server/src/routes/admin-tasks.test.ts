import { adminTasks } from '@coach/shared/contract/admin-tasks';
import { enterpriseAuth } from '@coach/shared/contract/auth';
import { contentLibrary } from '@coach/shared/contract/content';
import { tasks } from '@coach/shared/contract/tasks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLATFORM_TASK_SEEDS } from '../seed/seed-platform-tasks.ts';
import { createTestApp } from '../testing/test-app.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
let admin: string;
let acmeOwner: string;
let globexOwner: string;
let learner: string;
let acmeId: string;
let globexId: string;
const ip = '10.9.4.1';

const freeText = {
  type: 7,
  title: 'Platform: describe your week',
  category: 'Communication',
  level: 2,
  timeMinutes: 10,
  expirySeconds: 604800,
  questions: ['What went well?', 'What would you change?'],
};

const asAdmin = (path: string, body: object) => t.request('POST', path, { ip, adminToken: admin, body });
const post = (token: string, path: string, body: object) => t.request('POST', path, { ip, token, body });
const libraryOf = async (token: string, search: string) =>
  (
    (await post(token, tasks.searchTask.path, { search })).json.response as {
      listdata: { _id: string; title: string; platformTaskId?: string; archived: boolean }[];
    }
  ).listdata;
const enterpriseIdOf = async (token: string) =>
  (
    (await t.request('GET', enterpriseAuth.me.path, { ip, token })).json.response as {
      enterpriseId: { _id: string };
    }
  ).enterpriseId._id;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.fullLogin('admin@coach.example', 'admin', ip);
  acmeOwner = await t.fullLogin('owner@acme.example', 'enterprise', ip);
  globexOwner = await t.fullLogin('owner@globex.example', 'enterprise', ip);
  learner = await t.fullLogin('learner@acme.example', 'enterprise', ip);
  acmeId = await enterpriseIdOf(acmeOwner);
  globexId = await enterpriseIdOf(globexOwner);
});
afterAll(async () => {
  await t?.close();
});

const addTemplate = async (body: object = freeText) => {
  const res = await asAdmin(adminTasks.add.path, body);
  expect(res.status, res.json.message).toBe(200);
  return res.json.response as { _id: string; enterpriseCount: number };
};

describe('the platform task library', () => {
  it('starts with the seeded templates, the first offered to Globex', async () => {
    const page = (await asAdmin(adminTasks.list.path, {})).json.response as {
      listdata: { title: string; enterpriseCount: number }[];
    };
    const seeded = page.listdata.filter((task) =>
      PLATFORM_TASK_SEEDS.some((seed) => seed.title === task.title),
    );
    expect(seeded).toHaveLength(PLATFORM_TASK_SEEDS.length);
    expect(seeded.find((task) => task.title === PLATFORM_TASK_SEEDS[0].title)?.enterpriseCount).toBe(1);
    const [copy] = await libraryOf(globexOwner, 'opening a meeting well');
    expect(copy?.platformTaskId).toBeTruthy();
  });

  it('refuses enterprise tokens, and validates each type like the enterprise editor', async () => {
    for (const entry of Object.values(adminTasks)) {
      const res = await post(acmeOwner, entry.path, {});
      expect(res.status, entry.path).toBe(401);
    }
    const noOptions = await asAdmin(adminTasks.add.path, {
      ...freeText,
      type: 8,
      questions: [{ id: 'q1', type: 'multiple-choice', text: 'Pick one', options: [] }],
    });
    expect(noOptions.status).toBe(422);
    expect(noOptions.json.field).toBe('questions.0.options');
    const topic = await asAdmin(adminTasks.add.path, {
      ...freeText,
      type: 1,
      questions: undefined,
      passage: 'Read me',
      readingTopicId: crypto.randomUUID(),
    });
    expect(topic.status).toBe(422);
    expect(topic.json.field).toBe('readingTopicId');
    const badVideo = await asAdmin(adminTasks.add.path, {
      ...freeText,
      type: 3,
      questions: undefined,
      contentId: crypto.randomUUID(),
    });
    expect(badVideo.json.field).toBe('contentId');
  });

  it('offers a template to Globex only: Globex assigns it but cannot edit or delete it', async () => {
    const template = await addTemplate();
    const listed = await asAdmin(adminTasks.list.path, { searchInput: 'describe your week' });
    expect((listed.json.response as { listdata: { _id: string }[] }).listdata.map((r) => r._id)).toContain(
      template._id,
    );

    const offered = await asAdmin(adminTasks.bulkAssign.path, {
      taskIds: [template._id],
      enterpriseIds: [globexId],
      action: 'assign',
    });
    expect(offered.json.response).toEqual({ changed: 1, unchanged: 0, archived: 0 });
    const again = await asAdmin(adminTasks.bulkAssign.path, {
      taskIds: [template._id],
      enterpriseIds: [globexId],
      action: 'assign',
    });
    expect(again.json.response).toEqual({ changed: 0, unchanged: 1, archived: 0 });

    const globexCopies = await libraryOf(globexOwner, 'describe your week');
    expect(globexCopies).toHaveLength(1);
    expect(globexCopies[0]?.platformTaskId).toBe(template._id);
    expect(await libraryOf(acmeOwner, 'describe your week')).toEqual([]);

    const copyId = globexCopies[0]?._id ?? '';
    const edit = await post(globexOwner, tasks.editTask.path, {
      ...freeText,
      taskId: copyId,
      title: 'Mine now',
    });
    expect(edit.status).toBe(409);
    const remove = await post(globexOwner, tasks.deleteTask.path, { taskId: copyId });
    expect(remove.status).toBe(409);

    const detail = await asAdmin(adminTasks.get.path, { taskId: template._id });
    expect(detail.json.response).toMatchObject({
      enterpriseCount: 1,
      enterprises: [{ _id: globexId, companyName: 'Globex Training', assignedCount: 0 }],
    });
  });

  it('edits reach every copy; withdrawing deletes an unused copy and archives one learners have', async () => {
    const template = await addTemplate({ ...freeText, title: 'Platform: pitch in 60 seconds' });
    await asAdmin(adminTasks.bulkAssign.path, {
      taskIds: [template._id],
      enterpriseIds: [acmeId, globexId],
      action: 'assign',
    });
    const edited = await asAdmin(adminTasks.edit.path, {
      ...freeText,
      taskId: template._id,
      title: 'Platform: pitch in 90 seconds',
    });
    expect(edited.status).toBe(200);
    const [acmeCopy] = await libraryOf(acmeOwner, 'pitch in 90');
    expect(acmeCopy?.title).toBe('Platform: pitch in 90 seconds');
    expect(await libraryOf(globexOwner, 'pitch in 90')).toHaveLength(1);

    // Acme gives its copy to the learner; Globex's copy stays unused.
    const learnerId = (
      (await t.request('GET', enterpriseAuth.me.path, { ip, token: learner })).json.response as {
        _id: string;
      }
    )._id;
    await post(acmeOwner, tasks.assignTaskUsers.path, { taskIds: [acmeCopy?._id], userIds: [learnerId] });

    const withdrawn = await asAdmin(adminTasks.bulkAssign.path, {
      taskIds: [template._id],
      enterpriseIds: [acmeId, globexId],
      action: 'unassign',
    });
    expect(withdrawn.json.response).toEqual({ changed: 2, unchanged: 0, archived: 1 });
    expect(await libraryOf(globexOwner, 'pitch in 90')).toEqual([]);
    expect(await libraryOf(acmeOwner, 'pitch in 90')).toEqual([]);
    // The learner still has it, archived in Acme's library.
    const mine = await post(learner, tasks.getMyTask.path, { taskId: acmeCopy?._id });
    expect(mine.status).toBe(200);

    // Offered again, the archived copy comes back instead of a second one.
    await asAdmin(adminTasks.bulkAssign.path, {
      taskIds: [template._id],
      enterpriseIds: [acmeId],
      action: 'assign',
    });
    const back = await libraryOf(acmeOwner, 'pitch in 90');
    expect(back.map((c) => c._id)).toEqual([acmeCopy?._id]);

    const deleted = await asAdmin(adminTasks.remove.path, { taskId: template._id });
    expect(deleted.json.response).toMatchObject({ withdrawn: 1, archived: 1 });
    expect((await asAdmin(adminTasks.get.path, { taskId: template._id })).status).toBe(404);
  });

  it('a Video template brings its video to the enterprise it is offered to', async () => {
    // A video Globex does not have (the seed gives it every video, so take one away first).
    const notGlobex = await t.deps.db
      .selectFrom('content')
      .select('id')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await t.deps.db
      .deleteFrom('content_enterprises')
      .where('enterprise_id', '=', globexId)
      .where('content_id', '=', notGlobex.id)
      .execute();
    const template = await addTemplate({
      ...freeText,
      type: 3,
      questions: undefined,
      title: 'Platform: watch and reflect',
      contentId: notGlobex.id,
    });
    await asAdmin(adminTasks.bulkAssign.path, {
      taskIds: [template._id],
      enterpriseIds: [globexId],
      action: 'assign',
    });
    const has = await t.deps.db
      .selectFrom('content_enterprises')
      .select('content_id')
      .where('enterprise_id', '=', globexId)
      .where('content_id', '=', notGlobex.id)
      .executeTakeFirst();
    expect(has).toBeTruthy();
    const video = await t.request('GET', contentLibrary.getVideoContentForTask.path, {
      ip,
      token: globexOwner,
    });
    expect(video.status).toBe(200);
    expect(JSON.stringify(video.json.response)).toContain(notGlobex.id);
  });

  it('names unknown tasks and enterprises in bulk', async () => {
    const template = await addTemplate({ ...freeText, title: 'Platform: unknowns' });
    const unknownEnterprise = await asAdmin(adminTasks.bulkAssign.path, {
      taskIds: [template._id],
      enterpriseIds: [crypto.randomUUID()],
      action: 'assign',
    });
    expect(unknownEnterprise.status).toBe(404);
    const noAction = await asAdmin(adminTasks.bulkAssign.path, {
      taskIds: [template._id],
      enterpriseIds: [acmeId],
      action: 'share',
    });
    expect(noAction.json.field).toBe('action');
  });
});
