import { readingTopics } from '@coach/shared/contract/reading-topics';
import { roles } from '@coach/shared/contract/roles';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { taskRow } from '../db/task-row.ts';
import { createTestApp } from '../testing/test-app.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
let owner: string;
let staff: string;
let learner: string;
let globex: string;
const ip = '10.9.1.1';

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.fullLogin('owner@acme.example', 'enterprise', ip);
  staff = await t.fullLogin('staff@acme.example', 'enterprise', ip);
  learner = await t.fullLogin('learner@acme.example', 'enterprise', ip);
  globex = await t.fullLogin('owner@globex.example', 'enterprise', ip);
});
afterAll(async () => {
  await t?.close();
});

type TopicJson = {
  _id: string;
  title: string;
  passage: string;
  level: number | null;
  wordCount: number;
  updatedAt: string;
};
type PageJson = { currentPage: number; totalPages: number; totalCount: number; listdata: TopicJson[] };

const call = (path: string, token: string, body: unknown = {}) =>
  t.request('POST', path, { token, ip, body });
const list = async (token: string, body: { searchQuery?: string; currentPage?: number } = {}) =>
  (await call(readingTopics.list.path, token, body)).json.response as PageJson;
const add = (token: string, body: Record<string, unknown>) => call(readingTopics.add.path, token, body);

const SEEDED = [
  'Giving feedback that lands',
  'Handling a difficult customer call',
  'Leading a stand-up meeting',
];

describe('reading topics', () => {
  it('an admin lists the enterprise topics by title, with level and word count', async () => {
    const page = await list(owner);
    expect(page).toMatchObject({ currentPage: 1, totalPages: 1, totalCount: 3 });
    expect(page.listdata.map((topic) => topic.title)).toEqual(SEEDED);
    const standUp = page.listdata.find((topic) => topic.title === 'Leading a stand-up meeting');
    expect(standUp?.level).toBe(1);
    expect(standUp?.wordCount).toBe(standUp?.passage.trim().split(/\s+/).length);
    for (const topic of page.listdata) expect(topic.wordCount).toBeGreaterThanOrEqual(120);
    // Globex sees only its own (none).
    expect((await list(globex)).listdata).toEqual([]);
  });

  it('an admin adds, edits and deletes a topic', async () => {
    const created = await add(owner, {
      title: '  Presenting quarterly results  ',
      passage: 'Numbers tell a story. Lead with the headline, then the detail.',
      level: 2,
    });
    expect(created.status).toBe(200);
    expect(created.json.message).toBe('Reading topic added');
    const topic = created.json.response as TopicJson;
    expect(topic).toMatchObject({ title: 'Presenting quarterly results', level: 2, wordCount: 11 });

    const edited = await call(readingTopics.edit.path, owner, {
      topicId: topic._id,
      title: 'Presenting results',
      passage: 'Lead with the headline.',
      level: null,
    });
    expect(edited.status).toBe(200);
    expect(edited.json.message).toBe('Reading topic updated');
    expect(edited.json.response).toMatchObject({
      _id: topic._id,
      title: 'Presenting results',
      level: null,
      wordCount: 4,
    });

    const removed = await call(readingTopics.remove.path, owner, { topicId: topic._id });
    expect(removed.status).toBe(200);
    expect(removed.json.message).toBe('Reading topic deleted');
    expect((await list(owner)).listdata.some((row) => row._id === topic._id)).toBe(false);
    const again = await call(readingTopics.remove.path, owner, { topicId: topic._id });
    expect(again.status).toBe(404);
  });

  it('titles are unique per enterprise, whatever the case', async () => {
    const duplicate = await add(owner, { title: 'giving FEEDBACK that lands', passage: 'Again.' });
    expect(duplicate.status).toBe(422);
    expect(duplicate.json.field).toBe('title');
    expect(duplicate.json.message).toBe('title: A reading topic with this title already exists');
    // Another enterprise may use the same title.
    const elsewhere = await add(globex, { title: 'Giving feedback that lands', passage: 'Globex text.' });
    expect(elsewhere.status).toBe(200);
  });

  it('search matches the title anywhere, and lists page by ten', async () => {
    for (let i = 1; i <= 12; i += 1)
      expect(
        (await add(owner, { title: `Drill ${String(i).padStart(2, '0')}`, passage: 'Say it.' })).status,
      ).toBe(200);
    const first = await list(owner, { searchQuery: 'drill' });
    expect(first).toMatchObject({ currentPage: 1, totalPages: 2, totalCount: 12 });
    expect(first.listdata).toHaveLength(10);
    expect(first.listdata[0]?.title).toBe('Drill 01');
    const second = await list(owner, { searchQuery: 'DRILL', currentPage: 2 });
    expect(second.listdata.map((topic) => topic.title)).toEqual(['Drill 11', 'Drill 12']);
    expect((await list(owner, { searchQuery: 'stand-up' })).listdata.map((topic) => topic.title)).toEqual([
      'Leading a stand-up meeting',
    ]);
    // % and _ are taken literally.
    expect((await list(owner, { searchQuery: '%' })).totalCount).toBe(0);
    expect((await list(owner)).totalCount).toBe(15);
  });

  it('task authors get every topic as options without the passages', async () => {
    const res = await call(readingTopics.options.path, owner);
    expect(res.status).toBe(200);
    const options = res.json.response as Record<string, unknown>[];
    expect(options.length).toBe((await list(owner)).totalCount);
    expect(options[0]).toEqual({
      _id: expect.any(String),
      title: expect.any(String),
      level: null,
      wordCount: expect.any(Number),
    });
    expect(options.some((option) => 'passage' in option)).toBe(false);
    expect(options.map((option) => option.title)).toContain('Handling a difficult customer call');
  });

  it('a role without the reading-topics key gets 403; options need task-library instead', async () => {
    for (const token of [staff, learner]) {
      const denied = await call(readingTopics.list.path, token);
      expect(denied.status).toBe(403);
      expect(denied.json.code).toBe('FORBIDDEN');
      expect((await add(token, { title: 'X', passage: 'Y' })).status).toBe(403);
      expect((await call(readingTopics.options.path, token)).status).toBe(403);
    }
    const topicId = (await list(owner)).listdata[0]?._id;
    expect((await call(readingTopics.edit.path, staff, { topicId, title: 'X', passage: 'Y' })).status).toBe(
      403,
    );
    expect((await call(readingTopics.remove.path, staff, { topicId })).status).toBe(403);

    // A task author (task-library, no reading-topics) may read the options but not manage topics.
    const staffRole = (
      (await t.request('GET', roles.list.path, { token: owner, ip })).json.response.listdata as {
        _id: string;
        name: string;
      }[]
    ).find((role) => role.name === 'Staff');
    const setStaff = (permissions: string[]) =>
      call(roles.edit.path, owner, { roleId: staffRole?._id, name: 'Staff', permissions });
    expect((await setStaff(['dashboard', 'task-library'])).status).toBe(200);
    expect((await call(readingTopics.options.path, staff)).status).toBe(200);
    expect((await call(readingTopics.list.path, staff)).status).toBe(403);
    await setStaff(['dashboard', 'members', 'groups']);
  });

  it("another enterprise's topic ids are 404 for edit and delete", async () => {
    const acmeTopic = (await list(owner, { searchQuery: 'stand-up' })).listdata[0];
    const edit = await call(readingTopics.edit.path, globex, {
      topicId: acmeTopic?._id,
      title: 'Hijacked',
      passage: 'Mine now.',
    });
    expect(edit.status).toBe(404);
    expect(edit.json.code).toBe('NOT_FOUND');
    const remove = await call(readingTopics.remove.path, globex, { topicId: acmeTopic?._id });
    expect(remove.status).toBe(404);
    expect((await list(owner, { searchQuery: 'stand-up' })).listdata[0]).toEqual(acmeTopic);
  });

  it('deleting a topic a task was made from keeps the task and its copied passage', async () => {
    const topic = (await add(owner, { title: 'Used by a task', passage: 'Copied into the task.' })).json
      .response as TopicJson;
    const enterprise = await t.deps.db
      .selectFrom('users')
      .select('enterprise_id')
      .where('email', '=', 'owner@acme.example')
      .executeTakeFirstOrThrow();
    const taskId = crypto.randomUUID();
    await t.deps.db
      .insertInto('tasks')
      .values(
        taskRow({
          id: taskId,
          enterprise_id: enterprise.enterprise_id,
          type: 1,
          title: 'Read aloud',
          time_minutes: 5,
          expiry_seconds: 86400,
          details: { passage: topic.passage },
          reading_topic_id: topic._id,
        }),
      )
      .execute();
    expect((await call(readingTopics.remove.path, owner, { topicId: topic._id })).status).toBe(200);
    const task = await t.deps.db
      .selectFrom('tasks')
      .select(['reading_topic_id', 'details'])
      .where('id', '=', taskId)
      .executeTakeFirstOrThrow();
    expect(task.reading_topic_id).toBeNull();
    expect(JSON.parse(task.details)).toEqual({ passage: 'Copied into the task.' });
    await t.deps.db.deleteFrom('tasks').where('id', '=', taskId).execute();
  });

  it('bad input names the field', async () => {
    const noTitle = await add(owner, { title: '   ', passage: 'Text' });
    expect(noTitle.status).toBe(422);
    expect(noTitle.json).toMatchObject({ field: 'title', message: 'title: Please enter a title' });
    const noPassage = await add(owner, { title: 'No passage' });
    expect(noPassage.json).toMatchObject({ field: 'passage', message: 'passage: Please enter the passage' });
    const longTitle = await add(owner, { title: 'x'.repeat(201), passage: 'Text' });
    expect(longTitle.json.field).toBe('title');
    const longPassage = await add(owner, { title: 'Long', passage: 'x'.repeat(20_001) });
    expect(longPassage.json.field).toBe('passage');
    const badLevel = await add(owner, { title: 'Odd level', passage: 'Text', level: 5 });
    expect(badLevel.status).toBe(422);
    expect(badLevel.json).toMatchObject({ field: 'level', message: 'level: Level must be 1 to 4' });
    const noId = await call(readingTopics.edit.path, owner, { title: 'A', passage: 'B' });
    expect(noId.json.field).toBe('topicId');
    const badPage = await call(readingTopics.list.path, owner, { currentPage: 0 });
    expect(badPage.status).toBe(422);
    expect(badPage.json.field).toBe('currentPage');
    const stray = await add(owner, { title: 'A', passage: 'B', enterpriseId: 'x' });
    expect(stray.status).toBe(422);
    expect(stray.json.message).toContain('enterpriseId');
  });
});
