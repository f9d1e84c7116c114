import { contentActions, contentLibrary } from '@coach/shared/contract/content';
import { enterpriseGeneral } from '@coach/shared/contract/general';
import { groups } from '@coach/shared/contract/groups';
import { members } from '@coach/shared/contract/members';
import { tasks } from '@coach/shared/contract/tasks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../testing/test-app.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
let owner: string;
let staff: string;
let learner: string;
let globex: string;
let ownerId: string;
let learnerId: string;
let staffId: string;
let acmeId: string;
const ip = '10.9.8.1';

type Video = {
  _id: string;
  title: string;
  category: string;
  likeCount: number;
  viewCount: number;
  likedByMe: boolean;
  viewedByMe: boolean;
  journal: Record<string, string> | null;
  taskId?: string;
  subtitles: { srcLang: string; url: string }[];
};

const post = (token: string, path: string, body: object) => t.request('POST', path, { token, ip, body });
const get = (token: string, path: string, query: Record<string, string> = {}) =>
  t.request('GET', `${path}?${new URLSearchParams(query)}`, { token, ip });

/** A video of the caller's library found by title, as the owner (or another caller) sees it. */
const video = async (title: string, token = owner) => {
  const res = await get(token, contentLibrary.getVideoContentForTask.path, { search: title });
  expect(res.status, res.json.message).toBe(200);
  const found = (res.json.response as { listdata: Video[] }).listdata.find((v) => v.title === title);
  if (!found) throw new Error(`no video ${title}`);
  return found;
};
const act = (token: string, contentId: string, actionName: string) =>
  post(token, contentActions.doAction.path, { contentId, actionName });

/** A platform video given only to Acme (the admin's assignment of a later issue, done in the database). */
const acmeOnlyVideo = async (title: string, category = 'social', at = new Date().toISOString()) => {
  const id = crypto.randomUUID();
  await t.deps.db
    .insertInto('content')
    .values({
      id,
      title,
      description: '',
      coach: 'Test Coach',
      category,
      video_key: null,
      video_url: 'https://media.example/video.m3u8',
      hls: 1,
      thumbnail_url: null,
      duration_seconds: 60,
      subtitles: '[]',
      like_count: 0,
      view_count: 0,
      created_at: at,
    })
    .execute();
  await t.deps.db
    .insertInto('content_enterprises')
    .values({ content_id: id, enterprise_id: acmeId, assigned_at: at })
    .execute();
  return id;
};

beforeAll(async () => {
  t = await createTestApp();
  ({ owner, staff, learner, globex, ownerId, staffId, learnerId } = await t.signInSeeded(ip));
  const row = await t.deps.db
    .selectFrom('users')
    .select('enterprise_id')
    .where('id', '=', ownerId)
    .executeTakeFirstOrThrow();
  acmeId = row.enterprise_id;
});
afterAll(async () => {
  await t?.close();
});

describe('permissions and tenants', () => {
  it('library calls need content-library (the picker task-library); staff and learners get 403', async () => {
    const { _id: contentId } = await video('Active listening');
    const calls = [
      () => get(staff, contentLibrary.getVideoContent.path),
      () => get(staff, contentLibrary.getListOfVideoCategory.path),
      () => get(staff, contentLibrary.getVideoContentForTask.path),
      () => post(staff, contentLibrary.addVideoContentTask.path, { contentId }),
      () =>
        post(staff, contentLibrary.assignContentUsers.path, { contentIds: [contentId], userIds: [staffId] }),
      () =>
        post(staff, contentLibrary.assignContentGroupUsers.path, {
          contentIds: [contentId],
          groupIds: ['g'],
        }),
      () => post(staff, contentLibrary.getMembersByContentId.path, { contentId }),
      () => get(learner, contentLibrary.getVideoContent.path),
    ];
    for (const call of calls) expect((await call()).status).toBe(403);
    const anonymous = await t.request('POST', contentActions.doAction.path, {
      ip,
      body: { contentId, actionName: 'viewed' },
    });
    expect(anonymous.status).toBe(401);
  });

  it('a video the enterprise does not have is 404, and another enterprise’s member or group too', async () => {
    const acmeOnly = await acmeOnlyVideo('Acme only: onboarding welcome');
    expect((await act(globex, acmeOnly, 'viewed')).status).toBe(404);
    expect(
      (await post(globex, contentLibrary.getMembersByContentId.path, { contentId: acmeOnly })).status,
    ).toBe(404);
    expect(
      (await post(globex, contentLibrary.addVideoContentTask.path, { contentId: acmeOnly })).status,
    ).toBe(404);
    const mine = await get(globex, contentLibrary.getVideoContentForTask.path, { search: 'Acme only' });
    expect(mine.json.response).toMatchObject({ totalCount: 0, listdata: [] });
    const shared = await video('Networking basics', globex);
    const foreignMember = await post(globex, contentLibrary.assignContentUsers.path, {
      contentIds: [shared._id],
      userIds: [learnerId],
    });
    expect(foreignMember.status).toBe(404);
    const acmeGroups = await t.deps.db
      .selectFrom('groups')
      .select('id')
      .where('enterprise_id', '=', acmeId)
      .execute();
    const foreignGroup = await post(globex, contentLibrary.assignContentGroupUsers.path, {
      contentIds: [shared._id],
      groupIds: [acmeGroups[0]?.id ?? ''],
    });
    expect(foreignGroup.status).toBe(404);
    expect((await act(learner, 'no-such-video', 'viewed')).status).toBe(404);
  });
});

describe('lists', () => {
  it('lists the four categories with their counts', async () => {
    const res = await get(globex, contentLibrary.getListOfVideoCategory.path);
    expect(res.json.response).toEqual([
      { key: 'emotional', label: 'Emotional Intelligence', count: 3 },
      { key: 'communication', label: 'Communication', count: 3 },
      { key: 'social', label: 'Social Skills', count: 3 },
      { key: 'interview', label: 'Interview Skills', count: 3 },
    ]);
  });

  it('shows a section per category, up to 24 with its view-all switch, and one category a page at a time', async () => {
    const base = Date.parse('2020-01-01T00:00:00.000Z');
    for (let i = 0; i < 26; i++)
      await acmeOnlyVideo(`Interview drill ${i + 1}`, 'interview', new Date(base + i * 1000).toISOString());
    const sections = await get(owner, contentLibrary.getVideoContent.path);
    const body = sections.json.response as {
      mode: string;
      sections: { category: string; totalCount: number; listdata: Video[] }[];
    };
    expect(body.mode).toBe('sections');
    expect(body.sections.map((s) => s.category)).toEqual([
      'emotional',
      'communication',
      'social',
      'interview',
    ]);
    const interview = body.sections[3];
    expect(interview?.totalCount).toBe(29);
    expect(interview?.listdata).toHaveLength(4);
    // Latest first: the three seeded videos are newer than the drills.
    expect(interview?.listdata[3]?.title).toBe('Interview drill 26');
    const viewAll = await get(owner, contentLibrary.getVideoContent.path, { viewallinterview: 'true' });
    const all = viewAll.json.response as { sections: { category: string; listdata: Video[] }[] };
    expect(all.sections.find((s) => s.category === 'interview')?.listdata).toHaveLength(24);
    expect(all.sections.find((s) => s.category === 'social')?.listdata.length).toBeLessThanOrEqual(4);
    const page2 = await get(owner, contentLibrary.getVideoContent.path, {
      contenttype: 'interview',
      currentPage: '2',
    });
    expect(page2.json.response).toMatchObject({
      mode: 'list',
      currentPage: 2,
      totalPages: 2,
      totalCount: 29,
    });
    expect((page2.json.response as { listdata: Video[] }).listdata).toHaveLength(5);
    const search = await get(owner, contentLibrary.getVideoContent.path, { search: 'star' });
    const found = (search.json.response as { sections: { listdata: Video[] }[] }).sections.flatMap(
      (s) => s.listdata,
    );
    expect(found.map((v) => v.title)).toEqual(['Answering with STAR']);
    expect(found[0]?.subtitles.map((s) => s.srcLang)).toEqual(['en', 'es']);
    const unknown = await get(owner, contentLibrary.getVideoContent.path, { contenttype: 'cooking' });
    expect(unknown.status).toBe(422);
    expect(unknown.json.field).toBe('contenttype');
  });

  it('serves the seeded media from storage', async () => {
    const seeded = await video('Giving feedback that lands');
    const [subtitle] = seeded.subtitles;
    const file = await t.app.request(subtitle?.url ?? '');
    expect(file.status).toBe(200);
    expect(await file.text()).toMatch(/^WEBVTT/);
  });
});

describe('actions', () => {
  it('records viewed once per viewer: a second viewed changes nothing and the count moves once', async () => {
    const target = await video('Empathy at work');
    const first = await act(owner, target._id, 'viewed');
    expect(first.status).toBe(200);
    expect(first.json.response.contentAction).toMatchObject({ actionName: 'viewed', contentId: target._id });
    const second = await act(owner, target._id, 'viewed');
    expect(second.status).toBe(200);
    expect(second.json.response.contentAction.createdAt).toBe(first.json.response.contentAction.createdAt);
    const rows = await t.deps.db
      .selectFrom('content_actions')
      .select('id')
      .where('user_id', '=', ownerId)
      .where('content_id', '=', target._id)
      .where('action', '=', 'viewed')
      .execute();
    expect(rows).toHaveLength(1);
    const after = await video('Empathy at work');
    expect(after.viewCount).toBe(target.viewCount + 1);
    expect(after.viewedByMe).toBe(true);
  });

  it('refuses an unknown action name with 422 on actionName', async () => {
    const target = await video('Empathy at work');
    const res = await act(owner, target._id, 'deleted');
    expect(res.status).toBe(422);
    expect(res.json.field).toBe('actionName');
  });

  it('a like feeds the like count once; unliked takes it back', async () => {
    const target = await video('Writing clear emails');
    await act(owner, target._id, 'liked');
    await act(owner, target._id, 'liked');
    const liked = await video('Writing clear emails');
    expect(liked).toMatchObject({ likeCount: target.likeCount + 1, likedByMe: true });
    await act(owner, target._id, 'unliked');
    await act(owner, target._id, 'unliked');
    expect(await video('Writing clear emails')).toMatchObject({
      likeCount: target.likeCount,
      likedByMe: false,
    });
    const mostLiked = await get(owner, contentLibrary.getVideoContent.path, {
      contenttype: 'communication',
      sortBy: 'liked',
    });
    const counts = (mostLiked.json.response as { listdata: Video[] }).listdata.map((v) => v.likeCount);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
  });

  it('the learner watching the video of their Video task completes it (progress 100, taskStatus 2)', async () => {
    const mine = await get(learner, tasks.getMyTasks.path, { tasktype: '3' });
    const row = (mine.json.response as { listdata: { taskId: string; taskStatus: number }[] }).listdata[0];
    expect(row?.taskStatus).toBe(0);
    const task = await get(learner, tasks.getTaskById.path, { taskId: row?.taskId ?? '' });
    const contentId = (task.json.response as { contentId: string }).contentId;
    const viewed = await act(learner, contentId, 'viewed');
    expect(viewed.status).toBe(200);
    expect(viewed.json.response.taskCompleted).toEqual({ taskId: row?.taskId });
    const detail = await post(learner, tasks.getMyTask.path, { taskId: row?.taskId });
    expect(detail.json.response.assignment).toMatchObject({
      taskStatus: 2,
      progress: 100,
      report: { watchedPercent: 100 },
    });
    const again = await act(learner, contentId, 'viewed');
    expect(again.json.response.taskCompleted).toBeUndefined();
  });

  it('a video turned into a task carries the viewer’s open task id until viewing completes it', async () => {
    const target = await video('Staying calm under pressure');
    const created = await post(owner, contentLibrary.addVideoContentTask.path, { contentId: target._id });
    expect(created.status).toBe(200);
    expect(created.json.response).toMatchObject({
      type: 3,
      title: 'Staying calm under pressure',
      contentId: target._id,
    });
    const titled = await post(owner, contentLibrary.addVideoContentTask.path, {
      contentId: target._id,
      title: 'Watch before Friday',
    });
    expect(titled.json.response.title).toBe('Watch before Friday');
    const taskId = created.json.response._id as string;
    await post(owner, tasks.assignTaskUsers.path, { taskIds: [taskId], userIds: [ownerId] });
    expect((await video('Staying calm under pressure')).taskId).toBe(taskId);
    const viewed = await act(owner, target._id, 'viewed');
    expect(viewed.json.response.taskCompleted).toEqual({ taskId });
    expect((await video('Staying calm under pressure')).taskId).toBeUndefined();
    expect((await post(owner, contentLibrary.addVideoContentTask.path, { contentId: 'nope' })).status).toBe(
      404,
    );
  });

  it('saves the journaling answers and returns them with the video; all three are needed', async () => {
    const target = await video('Naming your emotions');
    expect(target.journal).toBeNull();
    const answers = {
      learnedFromVideo: 'Naming a feeling calms it',
      goodOutcome: 'A calmer stand-up',
      stepsForAchievement: 'Pause and name it',
    };
    const saved = await post(owner, contentActions.submitContentReview.path, {
      contentId: target._id,
      ...answers,
    });
    expect(saved.status).toBe(200);
    expect(saved.json.response).toEqual(answers);
    const again = await post(owner, contentActions.submitContentReview.path, {
      contentId: target._id,
      ...answers,
      goodOutcome: 'Fewer arguments',
    });
    expect(again.status).toBe(200);
    expect((await video('Naming your emotions')).journal).toEqual({
      ...answers,
      goodOutcome: 'Fewer arguments',
    });
    const missing = await post(owner, contentActions.submitContentReview.path, {
      contentId: target._id,
      learnedFromVideo: 'x',
    });
    expect(missing.status).toBe(422);
  });
});

describe('assignment', () => {
  it('assigns a video to members and shows who watched it', async () => {
    const target = await video('Small talk with confidence');
    const assigned = await post(owner, contentLibrary.assignContentUsers.path, {
      contentIds: [target._id],
      userIds: [learnerId, staffId, learnerId],
    });
    expect(assigned.json.response).toMatchObject({ assigned: 2 });
    const repeat = await post(owner, contentLibrary.assignContentUsers.path, {
      contentIds: [target._id],
      userIds: [learnerId],
    });
    expect(repeat.json.response).toMatchObject({ assigned: 0 });
    await act(learner, target._id, 'viewed');
    await act(learner, target._id, 'liked');
    const members = await post(owner, contentLibrary.getMembersByContentId.path, { contentId: target._id });
    const rows = members.json.response.listdata as { _id: string; viewed: boolean; liked: boolean }[];
    expect(rows).toHaveLength(2);
    expect(rows.find((r) => r._id === learnerId)).toMatchObject({ viewed: true, liked: true });
    expect(rows.find((r) => r._id === staffId)).toMatchObject({
      viewed: false,
      liked: false,
      viewedAt: null,
    });
    const searched = await post(owner, contentLibrary.getMembersByContentId.path, {
      contentId: target._id,
      searchQuery: 'staff@',
    });
    expect(searched.json.response).toMatchObject({ totalCount: 1 });
  });

  it('assigns a video to a group: its members get it now and a member who joins later gets it too', async () => {
    const target = await video('Working in diverse teams');
    const added = await post(owner, groups.add.path, { name: 'Video club', memberIds: [learnerId] });
    expect(added.status, added.json.message).toBe(200);
    const groupId = added.json.response._id as string;
    const assigned = await post(owner, contentLibrary.assignContentGroupUsers.path, {
      contentIds: [target._id],
      groupIds: [groupId],
    });
    expect(assigned.json.response).toMatchObject({ assigned: 1 });
    const edited = await post(owner, groups.edit.path, {
      groupId,
      name: 'Video club',
      memberIds: [learnerId, staffId],
    });
    expect(edited.status, edited.json.message).toBe(200);
    const members = await post(owner, contentLibrary.getMembersByContentId.path, { contentId: target._id });
    expect((members.json.response.listdata as { _id: string }[]).map((r) => r._id).sort()).toEqual(
      [learnerId, staffId].sort(),
    );
  });

  it('seeds four videos for the learner’s first group', async () => {
    const rows = await t.deps.db
      .selectFrom('content_assignments')
      .select('content_id')
      .where('user_id', '=', learnerId)
      .where('source', '=', 'group')
      .execute();
    expect(rows.length).toBeGreaterThanOrEqual(4);
  });
});

describe('video figures on the organisation screens', () => {
  // A group's page counts only the videos the group gave (group-figures.test.ts).
  it('a member’s page and the dashboard count the videos watched', async () => {
    const watched = await video('Networking basics');
    // Only a video given to the member counts as watched (never "assigned 4, watched 8").
    const given = await post(owner, contentLibrary.assignContentUsers.path, {
      contentIds: [watched._id],
      userIds: [staffId],
    });
    expect(given.status, given.json.message).toBe(200);
    await act(staff, watched._id, 'viewed');
    const member = await get(owner, members.get.path, { memberId: staffId });
    expect((member.json.response as { videos: { watched: number } }).videos.watched).toBeGreaterThanOrEqual(
      1,
    );
    const dashboard = await get(owner, enterpriseGeneral.myDashboard.path);
    expect(
      (dashboard.json.response as { videos: { watched: number } }).videos.watched,
    ).toBeGreaterThanOrEqual(1);
    const theirs = await get(globex, enterpriseGeneral.myDashboard.path);
    expect((theirs.json.response as { videos: { watched: number } }).videos.watched).toBe(0);
  });
});
