import { contentLibrary } from '@coach/shared/contract/content';
import { courses } from '@coach/shared/contract/courses';
import { GROUP_NAME_MAX, groups } from '@coach/shared/contract/groups';
import { members } from '@coach/shared/contract/members';
import { tasks } from '@coach/shared/contract/tasks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { m049BuyerGroupNames } from '../db/migration-049-buyer-group-names.ts';
import { createTestApp } from '../testing/test-app.ts';

// A course's buyers' group: made with the course, named after it, kept by the product.
let t: Awaited<ReturnType<typeof createTestApp>>;
let youStudy: string;
let globex: string;
let learner: string;
const ip = '10.9.8.7';
const draft = {
  name: 'Telephone English',
  category: 'Business English',
  description: 'Practise the calls you dread, with feedback on every recording.',
  priceCents: 12900,
  currency: 'AUD',
  duration: '3 weeks',
  level: 'Beginner',
  imageUrl: null,
};

beforeAll(async () => {
  t = await createTestApp();
  youStudy = await t.fullLogin('courses@youstudy.example', 'enterprise', ip);
  globex = await t.fullLogin('owner@globex.example', 'enterprise', ip);
  learner = await t.fullLogin('learner@acme.example', 'enterprise', ip);
});
afterAll(async () => {
  await t?.close();
});

type GroupJson = {
  _id: string;
  name: string;
  memberCount: number;
  course: { _id: string; name: string } | null;
};
const post = (path: string, token: string, body: unknown) => t.request('POST', path, { token, ip, body });
const get = (path: string, token: string, query: Record<string, string> = {}) =>
  t.request('GET', `${path}?${new URLSearchParams(query)}`, { token, ip });

const newCourse = async (name: string) => {
  const created = await post(courses.add.path, youStudy, { ...draft, name });
  expect(created.status).toBe(200);
  const course = created.json.response as { _id: string; learnerGroup: { _id: string; name: string } };
  return { courseId: course._id, groupId: course.learnerGroup._id };
};

const groupById = async (groupId: string) =>
  (await get(groups.get.path, youStudy, { groupId })).json.response as GroupJson;

describe("a course's buyers' group", () => {
  it('an enterprise admin assigning a task and a video to the empty buyers group is told nobody is in it yet', async () => {
    const { groupId } = await newCourse('Telephone English');
    const task = await post(tasks.addTask.path, youStudy, {
      category: 'Communication',
      level: 1,
      timeMinutes: 10,
      expirySeconds: 604800,
      type: 5,
      title: 'Read aloud: a phone greeting',
      passage: 'Good morning, you are through to the front desk.',
    });
    expect(task.status).toBe(200);
    const taskId = (task.json.response as { _id: string })._id;
    const assigned = await post(tasks.assignTaskGroupUsers.path, youStudy, {
      taskIds: [taskId],
      groupIds: [groupId],
    });
    expect(assigned.status).toBe(200);
    expect(assigned.json.response).toEqual({ assigned: 0, groupMembers: 0 });
    expect(assigned.json.message).toBe(
      'Nobody is in this group yet: nothing was assigned now, and people who join it will get these',
    );
    // The group keeps the task for its first buyer.
    expect((await groupById(groupId)).name).toBe('Telephone English · learners');

    const library = (await get(contentLibrary.getVideoContent.path, youStudy)).json.response as {
      sections: { listdata: { _id: string }[] }[];
    };
    const videoId = library.sections.flatMap((s) => s.listdata)[0]?._id;
    expect(videoId).toBeTruthy();
    const video = await post(contentLibrary.assignContentGroupUsers.path, youStudy, {
      contentIds: [videoId],
      groupIds: [groupId],
    });
    expect(video.status).toBe(200);
    expect(video.json.response).toEqual({ assigned: 0, groupMembers: 0 });
    expect(video.json.message).toMatch(/^Nobody is in this group yet/);

    // With someone in it: new assignments, and a second time everyone already had them.
    const someone = (
      (await get(members.list.path, youStudy)).json.response as { listdata: { _id: string }[] }
    ).listdata.map((m) => m._id);
    const edited = await post(groups.edit.path, youStudy, {
      groupId,
      name: 'Telephone English · learners',
      memberIds: someone.slice(0, 1),
    });
    expect(edited.status).toBe(200);
    const again = await post(tasks.assignTaskGroupUsers.path, youStudy, {
      taskIds: [taskId],
      groupIds: [groupId],
    });
    expect(again.json.response).toEqual({ assigned: 0, groupMembers: 1 });
    expect(again.json.message).toBe('Everyone in this group already had these: no new assignments');
  });

  it("follows the course's name, and is shown as the course's group", async () => {
    const { courseId, groupId } = await newCourse('Hotel Reception English');
    const renamed = await post(courses.edit.path, youStudy, {
      ...draft,
      courseId,
      name: 'Front Desk English',
    });
    expect(renamed.status).toBe(200);
    expect((renamed.json.response as { learnerGroup: { name: string } }).learnerGroup.name).toBe(
      'Front Desk English · learners',
    );
    const group = await groupById(groupId);
    expect(group).toMatchObject({
      name: 'Front Desk English · learners',
      course: { _id: courseId, name: 'Front Desk English' },
    });
    const listed = (await get(groups.list.path, youStudy, { searchInput: 'Front Desk' })).json.response as {
      listdata: GroupJson[];
    };
    expect(listed.listdata.find((g) => g._id === groupId)?.course?.name).toBe('Front Desk English');

    // Its name is the course's: renaming the group alone is refused, naming the field; its members may change.
    const rename = await post(groups.edit.path, youStudy, {
      groupId,
      name: 'Front desk crew',
      memberIds: [],
    });
    expect(rename.status).toBe(422);
    expect(rename.json.message).toMatch(/^name: /);
  });

  it('refuses to delete the buyers group (409), while an own group is deleted; another enterprise gets 404', async () => {
    const { groupId } = await newCourse('Negotiation English');
    const refused = await post(groups.remove.path, youStudy, { groupId });
    expect(refused.status).toBe(409);
    expect(refused.json.message).toBe(
      "This group is a course's buyers' group: people who buy the course join it, so it cannot be deleted",
    );
    expect((await get(groups.get.path, youStudy, { groupId })).status).toBe(200);
    expect((await post(groups.remove.path, globex, { groupId })).status).toBe(404);
    // Without the groups permission: 403.
    expect((await post(groups.remove.path, learner, { groupId })).status).toBe(403);
    expect(
      (await post(tasks.assignTaskGroupUsers.path, globex, { taskIds: [groupId], groupIds: [groupId] }))
        .status,
    ).toBe(404);

    const own = await post(groups.add.path, youStudy, { name: 'Evening class', memberIds: [] });
    const ownGroup = own.json.response as GroupJson;
    expect(ownGroup.course).toBeNull();
    expect((await post(groups.remove.path, youStudy, { groupId: ownGroup._id })).status).toBe(200);
  });

  it('a course with a long name gets a group name the groups screen can save, unique among the groups', async () => {
    const long = `Professional English for Hospitality Teams, Front Office and Guest Relations ${'x'.repeat(40)}`;
    const first = await newCourse(long);
    const second = await newCourse(long);
    const [a, b] = [await groupById(first.groupId), await groupById(second.groupId)];
    expect(a.name.length).toBeLessThanOrEqual(GROUP_NAME_MAX);
    expect(b.name).toMatch(/ \(2\)$/);
    expect(b.name.length).toBeLessThanOrEqual(GROUP_NAME_MAX);
    const saved = await post(groups.edit.path, youStudy, {
      groupId: first.groupId,
      name: a.name,
      memberIds: [],
    });
    expect(saved.status).toBe(200);
  });

  it('a group renamed before it followed its course takes the course name again (migration 049), once', async () => {
    const { groupId } = await newCourse('Airport Announcements');
    const other = await newCourse('Check-in Desk English');
    const db = t.connectAgain();
    try {
      // As an older release left it: the course renamed, its group not.
      await db
        .updateTable('groups')
        .set({ name: 'Airport English · learners' })
        .where('id', '=', groupId)
        .execute();
      // Another group already holds the name the course's group should get.
      await db
        .updateTable('groups')
        .set({ name: 'Airport Announcements · learners' })
        .where('id', '=', other.groupId)
        .execute();
      await m049BuyerGroupNames.up(db);
      const renamed = (await groupById(groupId)).name;
      // Its course's name, or its unique form if the other group still held the name when it was renamed.
      expect(renamed).toMatch(/^Airport Announcements · learners( \(2\))?$/);
      // The other course's group was renamed too: it did not have its course's name either.
      expect((await groupById(other.groupId)).name).toBe('Check-in Desk English · learners');
      // A second run changes nothing.
      await m049BuyerGroupNames.up(db);
      expect((await groupById(groupId)).name).toBe(renamed);
    } finally {
      await db.destroy();
    }
  });
});
