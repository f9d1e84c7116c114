import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { adminGeneral } from '@coach/shared/contract/admin';
import { adminContent, PLATFORM_CONTENT_PAGE_SIZE } from '@coach/shared/contract/admin-content';
import { contentLibrary } from '@coach/shared/contract/content';
import { enterpriseGeneral } from '@coach/shared/contract/general';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCoaches } from '../seed/seed-content.ts';
import { createTestApp } from '../testing/test-app.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
let admin: string;
let acme: string;
let globex: string;
let acmeId: string;
let globexId: string;
const ip = '10.9.8.1';
const MEDIA = fileURLToPath(new URL('../../seed-media/', import.meta.url));
const MP4 = readFileSync(`${MEDIA}active-listening.mp4`);
const JPG = readFileSync(`${MEDIA}active-listening.jpg`);
const VTT = readFileSync(`${MEDIA}active-listening.en.vtt`);

type Signed = { uploadUrl: string; headers: Record<string, string>; fileUrl: string; key: string };
type ContentJson = {
  _id: string;
  title: string;
  category: string;
  coach: string;
  coachId: string | null;
  videoUrl: string;
  hls: boolean;
  thumbnailUrl: string | null;
  subtitles: { label: string; srcLang: string; url: string }[];
  enterpriseCount: number;
};

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.fullLogin('admin@coach.example', 'admin', ip);
  acme = await t.fullLogin('owner@acme.example', 'enterprise', ip);
  globex = await t.fullLogin('owner@globex.example', 'enterprise', ip);
  const enterprises = await t.deps.db.selectFrom('enterprises').select(['id', 'name']).execute();
  acmeId = enterprises.find((e) => e.name.startsWith('Acme'))?.id ?? '';
  globexId = enterprises.find((e) => e.name.startsWith('Globex'))?.id ?? '';
});
afterAll(async () => {
  await t?.close();
});

const call = (path: string, body: unknown = {}, adminToken = admin) =>
  t.request('POST', path, { adminToken, ip, body });

/** Signs and PUTs a file as the given audience; answers the stored address. */
const upload = async (
  purpose: string,
  fileType: string,
  bytes: Buffer,
  as: { audience: 'admin' | 'enterprise'; token: string } = { audience: 'admin', token: admin },
) => {
  const path =
    as.audience === 'admin'
      ? adminGeneral.putSignedRequestForUpload.path
      : enterpriseGeneral.putSignedRequestForUpload.path;
  const res = await t.request('POST', path, {
    ...t.tokenOpt(as.audience, as.token),
    ip,
    body: { purpose, fileName: 'file.bin', fileType, fileSize: bytes.length },
  });
  expect(res.status, res.json.message).toBe(200);
  const signed = res.json.response as Signed;
  const put = await t.app.request(signed.uploadUrl, {
    method: 'PUT',
    headers: signed.headers,
    body: new Uint8Array(bytes),
  });
  expect(put.status).toBe(200);
  return signed.fileUrl;
};

/** Whether an enterprise's content library lists a video by title. */
const libraryHas = async (token: string, title: string) => {
  const res = await t.request(
    'GET',
    `${contentLibrary.getVideoContentForTask.path}?${new URLSearchParams({ search: title })}`,
    { token, ip },
  );
  expect(res.status, res.json.message).toBe(200);
  return (res.json.response as { listdata: { title: string }[] }).listdata.some((v) => v.title === title);
};

const coaches = async (search?: string) =>
  (await call(adminGeneral.getCoachs.path, search === undefined ? {} : { search })).json.response as {
    _id: string;
    name: string;
  }[];

describe('platform content library', () => {
  it('an enterprise token gets 401 on every admin content call', async () => {
    for (const entry of [...Object.values(adminContent), adminGeneral.getCoachs]) {
      const res = await t.request('POST', entry.path, { token: acme, ip, body: {} });
      expect(res.status, entry.path).toBe(401);
    }
  });

  it('the seed lists the coaches of the seeded videos and links each video to its coach', async () => {
    const all = await coaches();
    expect(all.map((c) => c.name)).toEqual([
      'Amelia Chen',
      'Daniel Brooks',
      'Hannah Okafor',
      'Marcus Lee',
      'Priya Raman',
      'Sofia Martínez',
    ]);
    expect((await coaches('OKAF')).map((c) => c.name)).toEqual(['Hannah Okafor']);
    const unlinked = await t.deps.db
      .selectFrom('content')
      .select('id')
      .where('coach_id', 'is', null)
      .execute();
    expect(unlinked).toEqual([]);
  });

  it('seeding the coaches again adds no twins', async () => {
    const before = await coaches();
    await seedCoaches(t.deps.db, new Date().toISOString());
    expect(await coaches()).toEqual(before);
  });

  it('adds a coach by name, reusing a name already listed', async () => {
    const added = await call(adminContent.addCoach.path, { name: '  Zoe   Adeyemi ' });
    expect(added.status).toBe(200);
    expect(added.json.response.name).toBe('Zoe Adeyemi');
    const again = await call(adminContent.addCoach.path, { name: 'zoe adeyemi' });
    expect(again.json.response._id).toBe(added.json.response._id);
    const empty = await call(adminContent.addCoach.path, { name: ' ' });
    expect(empty.status).toBe(422);
    expect(empty.json.field).toBe('name');
  });

  it('lists the seeded videos with search, category filter and how many enterprises have each', async () => {
    const page = (await call(adminContent.list.path)).json.response;
    expect(page.totalCount).toBe(12);
    expect(page.listdata.length).toBeLessThanOrEqual(PLATFORM_CONTENT_PAGE_SIZE);
    // Acme and Globex have every one; the marketplace institutions have the two their courses deliver.
    expect(page.listdata.every((v: ContentJson) => v.enterpriseCount >= 2)).toBe(true);
    const search = (await call(adminContent.list.path, { searchInput: 'star' })).json.response;
    expect(search.listdata.map((v: ContentJson) => v.title)).toEqual(['Answering with STAR']);
    const social = (await call(adminContent.list.path, { category: 'social' })).json.response;
    expect(social.totalCount).toBe(3);
    const bad = await call(adminContent.list.path, { category: 'cooking' });
    expect(bad.status).toBe(422);
    expect(bad.json.field).toBe('category');
  });

  it('creates an uploaded video with thumbnail, subtitles and coach, edits it and deletes it', async () => {
    const [coach] = await coaches('Amelia');
    const videoUrl = await upload('content-video', 'video/mp4', MP4);
    const thumbnailUrl = await upload('content-thumbnail', 'image/jpeg', JPG);
    const vtt = await upload('content-subtitle', 'text/vtt', VTT);
    const added = await call(adminContent.add.path, {
      title: '  Handling objections ',
      description: 'Stay curious.',
      category: 'communication',
      coachId: coach?._id,
      videoUrl,
      thumbnailUrl,
      durationSeconds: 6,
      subtitles: [{ label: 'English', srcLang: 'en', url: vtt }],
    });
    expect(added.status, added.json.message).toBe(200);
    const video = added.json.response as ContentJson;
    expect(video).toMatchObject({
      title: 'Handling objections',
      coach: 'Amelia Chen',
      coachId: coach?._id,
      hls: false,
      thumbnailUrl,
      enterpriseCount: 0,
    });
    expect(video.subtitles).toEqual([{ label: 'English', srcLang: 'en', url: vtt }]);

    const edited = await call(adminContent.edit.path, {
      contentId: video._id,
      title: 'Handling objections well',
      category: 'interview',
      videoUrl,
      thumbnailUrl,
      subtitles: video.subtitles,
    });
    expect(edited.status, edited.json.message).toBe(200);
    expect(edited.json.response).toMatchObject({ title: 'Handling objections well', category: 'interview' });
    expect(edited.json.response.coachId).toBeNull();
    const read = await call(adminContent.get.path, { contentId: video._id });
    expect(read.json.response.title).toBe('Handling objections well');

    const removed = await call(adminContent.remove.path, { contentId: video._id });
    expect(removed.status).toBe(200);
    expect((await call(adminContent.get.path, { contentId: video._id })).status).toBe(404);
  });

  it('an .m3u8 address plays as HLS, and a seeded video can be edited without uploading again', async () => {
    const added = await call(adminContent.add.path, {
      title: 'Live stream replay',
      category: 'social',
      videoUrl: 'https://cdn.example.com/replay/master.m3u8',
      thumbnailUrl: 'https://cdn.example.com/replay/poster.jpg',
    });
    expect(added.status, added.json.message).toBe(200);
    expect(added.json.response.hls).toBe(true);
    const seeded = (await call(adminContent.list.path, { searchInput: 'Small talk' })).json.response
      .listdata[0] as ContentJson;
    const edited = await call(adminContent.edit.path, {
      contentId: seeded._id,
      title: 'Small talk with confidence',
      category: 'social',
      coachId: seeded.coachId,
      videoUrl: seeded.videoUrl,
      thumbnailUrl: seeded.thumbnailUrl,
      subtitles: seeded.subtitles,
      durationSeconds: 6,
    });
    expect(edited.status, edited.json.message).toBe(200);
    await call(adminContent.remove.path, { contentId: added.json.response._id });
  });

  it('refuses bad input with 422 naming the field', async () => {
    const video = await upload('content-video', 'video/mp4', MP4);
    const thumb = await upload('content-thumbnail', 'image/jpeg', JPG);
    const base = { title: 'A title', category: 'social', videoUrl: video };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...base, title: ' ' }, 'title'],
      [{ ...base, title: 'x'.repeat(201) }, 'title'],
      [{ ...base, category: 'cooking' }, 'category'],
      [{ ...base, videoUrl: 'ftp://example.com/v.mp4' }, 'videoUrl'],
      [{ ...base, videoUrl: undefined }, 'videoUrl'],
      // an upload of another purpose
      [{ ...base, videoUrl: thumb }, 'videoUrl'],
      [{ ...base, thumbnailUrl: video }, 'thumbnailUrl'],
      [
        { ...base, subtitles: [{ label: 'English', srcLang: 'en', url: 'https://x.example/a.vtt' }] },
        'subtitles.0.url',
      ],
      [{ ...base, subtitles: [{ label: '', srcLang: 'en', url: thumb }] }, 'subtitles.0.label'],
      [{ ...base, coachId: 'no-such-coach' }, 'coachId'],
      [{ ...base, durationSeconds: -1 }, 'durationSeconds'],
      [{ ...base, videoUrl: '/uploads/files/content-video/2026-01/unknown.mp4' }, 'videoUrl'],
    ];
    for (const [body, field] of cases) {
      const res = await call(adminContent.add.path, body);
      expect(res.status, `${field} ${JSON.stringify(body).slice(0, 80)}`).toBe(422);
      expect(res.json.field).toBe(field);
    }
  });

  it("refuses another owner's upload", async () => {
    const enterpriseVideo = await upload('content-video', 'video/mp4', MP4, {
      audience: 'enterprise',
      token: acme,
    });
    const res = await call(adminContent.add.path, {
      title: 'Borrowed',
      category: 'social',
      videoUrl: enterpriseVideo,
    });
    expect(res.status).toBe(422);
    expect(res.json.field).toBe('videoUrl');
  });

  it('bulk-assigns a video to Globex only, and withdrawing removes it with its assignments', async () => {
    const videoUrl = await upload('content-video', 'video/mp4', MP4);
    const added = await call(adminContent.add.path, {
      title: 'Negotiation basics',
      category: 'communication',
      videoUrl,
    });
    const id = added.json.response._id as string;
    expect(await libraryHas(globex, 'Negotiation basics')).toBe(false);

    const assign = await call(adminContent.bulkAssign.path, {
      contentIds: [id],
      enterpriseIds: [globexId],
      action: 'assign',
    });
    expect(assign.status, assign.json.message).toBe(200);
    expect(assign.json.response).toEqual({ changed: 1, unchanged: 0 });
    expect(await libraryHas(globex, 'Negotiation basics')).toBe(true);
    expect(await libraryHas(acme, 'Negotiation basics')).toBe(false);
    const holders = await call(adminContent.enterprises.path, { contentId: id });
    expect(holders.json.response.map((e: { _id: string }) => e._id)).toEqual([globexId]);

    const again = await call(adminContent.bulkAssign.path, {
      contentIds: [id],
      enterpriseIds: [globexId, acmeId],
      action: 'assign',
    });
    expect(again.json.response).toEqual({ changed: 1, unchanged: 1 });
    expect(await libraryHas(acme, 'Negotiation basics')).toBe(true);

    // Acme gives the video to a member; withdrawing it takes that away too.
    const member = await t.deps.db
      .selectFrom('users')
      .select('id')
      .where('enterprise_id', '=', acmeId)
      .executeTakeFirstOrThrow();
    const given = await t.request('POST', contentLibrary.assignContentUsers.path, {
      token: acme,
      ip,
      body: { contentIds: [id], userIds: [member.id] },
    });
    expect(given.status, given.json.message).toBe(200);

    const deleteHeld = await call(adminContent.remove.path, { contentId: id });
    expect(deleteHeld.status).toBe(409);

    const withdraw = await call(adminContent.bulkAssign.path, {
      contentIds: [id],
      enterpriseIds: [acmeId, globexId],
      action: 'unassign',
    });
    expect(withdraw.json.response).toEqual({ changed: 2, unchanged: 0 });
    expect(await libraryHas(globex, 'Negotiation basics')).toBe(false);
    expect(await libraryHas(acme, 'Negotiation basics')).toBe(false);
    const left = await t.deps.db
      .selectFrom('content_assignments')
      .select('id')
      .where('content_id', '=', id)
      .execute();
    expect(left).toEqual([]);
    expect((await call(adminContent.remove.path, { contentId: id })).status).toBe(200);
  });

  it('bulk assign checks its ids and action', async () => {
    const noAction = await call(adminContent.bulkAssign.path, {
      contentIds: ['a'],
      enterpriseIds: [globexId],
      action: 'share',
    });
    expect(noAction.status).toBe(422);
    expect(noAction.json.field).toBe('action');
    const none = await call(adminContent.bulkAssign.path, {
      contentIds: [],
      enterpriseIds: [globexId],
      action: 'assign',
    });
    expect(none.json.field).toBe('contentIds');
    const unknown = await call(adminContent.bulkAssign.path, {
      contentIds: ['no-such-video'],
      enterpriseIds: [globexId],
      action: 'assign',
    });
    expect(unknown.status).toBe(404);
  });
});
