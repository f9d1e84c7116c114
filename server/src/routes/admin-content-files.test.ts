import { adminContent } from '@coach/shared/contract/admin-content';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { fileState, gone, present, uploadFile } from '../testing/stored-files.ts';
import { createTestApp } from '../testing/test-app.ts';

// A platform video's files (its video, thumbnail and subtitle tracks) leave storage when the video lets go of them,
// unless another video still names them.

let t: Awaited<ReturnType<typeof createTestApp>>;
let admin: string;
let globex: string;
let globexId: string;
const ip = '10.9.8.7';

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.fullLogin('admin@coach.example', 'admin', ip);
  globex = await t.fullLogin('owner@globex.example', 'enterprise', ip);
  globexId = (
    await t.deps.db
      .selectFrom('enterprises')
      .select('id')
      .where('name', 'like', 'Globex%')
      .executeTakeFirstOrThrow()
  ).id;
});
afterAll(async () => {
  await t?.close();
});

type Subtitle = { label: string; srcLang: string; url: string };
type ContentJson = {
  _id: string;
  coachId: string | null;
  videoUrl: string;
  thumbnailUrl: string | null;
  subtitles: Subtitle[];
};

const call = (path: string, body: unknown) => t.request('POST', path, { adminToken: admin, ip, body });
const upload = (purpose: 'content-video' | 'content-thumbnail' | 'content-subtitle') =>
  uploadFile(t, {
    token: admin,
    audience: 'admin',
    purpose,
    ip,
    kind: purpose === 'content-video' ? 'mp4' : purpose === 'content-thumbnail' ? 'png' : 'vtt',
  });
const english = (url: string): Subtitle => ({ label: 'English', srcLang: 'en', url });
const spanish = (url: string): Subtitle => ({ label: 'Español', srcLang: 'es', url });

/** A video, its thumbnail and an English track, freshly uploaded by the admin. */
const uploads = async () => ({
  videoUrl: await upload('content-video'),
  thumbnailUrl: await upload('content-thumbnail'),
  subtitle: await upload('content-subtitle'),
});

const addVideo = async (fields: {
  videoUrl: string;
  thumbnailUrl?: string | null;
  subtitles?: Subtitle[];
}) => {
  const res = await call(adminContent.add.path, { title: 'Files of a video', category: 'social', ...fields });
  expect(res.status, res.json.message).toBe(200);
  return res.json.response as ContentJson;
};

const editVideo = async (
  contentId: string,
  fields: { videoUrl: string; thumbnailUrl?: string | null; subtitles?: Subtitle[] },
) => {
  const res = await call(adminContent.edit.path, {
    contentId,
    title: 'Files of a video',
    category: 'social',
    ...fields,
  });
  expect(res.status, res.json.message).toBe(200);
  return res.json.response as ContentJson;
};

const deleteVideo = async (contentId: string) => {
  const res = await call(adminContent.remove.path, { contentId });
  expect(res.status, res.json.message).toBe(200);
};

const states = (urls: string[]) => Promise.all(urls.map((url) => fileState(t, url)));

describe("a platform video's files leave storage when it lets go of them", () => {
  it('edit-content: a replaced video, thumbnail and subtitle track are deleted, those kept stay; taken off, they go', async () => {
    const old = await uploads();
    const spanishTrack = await upload('content-subtitle');
    const video = await addVideo({
      videoUrl: old.videoUrl,
      thumbnailUrl: old.thumbnailUrl,
      subtitles: [english(old.subtitle), spanish(spanishTrack)],
    });
    expect(await states([old.videoUrl, old.thumbnailUrl, old.subtitle, spanishTrack])).toEqual([
      present,
      present,
      present,
      present,
    ]);

    // Saved again as it is: every file stays.
    await editVideo(video._id, {
      videoUrl: old.videoUrl,
      thumbnailUrl: old.thumbnailUrl,
      subtitles: video.subtitles,
    });
    expect(await states([old.videoUrl, old.thumbnailUrl, old.subtitle, spanishTrack])).toEqual([
      present,
      present,
      present,
      present,
    ]);

    // A new video, thumbnail and Spanish track; the English track is kept.
    const next = await uploads();
    const edited = await editVideo(video._id, {
      videoUrl: next.videoUrl,
      thumbnailUrl: next.thumbnailUrl,
      subtitles: [english(old.subtitle), spanish(next.subtitle)],
    });
    expect(edited).toMatchObject({ videoUrl: next.videoUrl, thumbnailUrl: next.thumbnailUrl });
    expect(await states([old.videoUrl, old.thumbnailUrl, spanishTrack])).toEqual([gone, gone, gone]);
    expect(await states([next.videoUrl, next.thumbnailUrl, old.subtitle, next.subtitle])).toEqual([
      present,
      present,
      present,
      present,
    ]);

    // The thumbnail and the tracks taken off go; the video stays.
    await editVideo(video._id, { videoUrl: next.videoUrl, thumbnailUrl: null, subtitles: [] });
    expect(await states([next.thumbnailUrl, old.subtitle, next.subtitle])).toEqual([gone, gone, gone]);
    expect(await fileState(t, next.videoUrl)).toEqual(present);

    // Moved to an address elsewhere, the uploaded video goes too.
    await editVideo(video._id, { videoUrl: 'https://cdn.example.com/replay/master.m3u8' });
    expect(await fileState(t, next.videoUrl)).toEqual(gone);
    await deleteVideo(video._id);
  });

  it('delete-content: the video, its thumbnail and its subtitle tracks are deleted', async () => {
    const files = await uploads();
    const video = await addVideo({
      videoUrl: files.videoUrl,
      thumbnailUrl: files.thumbnailUrl,
      subtitles: [english(files.subtitle)],
    });
    await deleteVideo(video._id);
    expect((await call(adminContent.get.path, { contentId: video._id })).status).toBe(404);
    expect(await states([files.videoUrl, files.thumbnailUrl, files.subtitle])).toEqual([gone, gone, gone]);
  });

  it('keeps the files another video still names, and deletes them with the last video naming them', async () => {
    const shared = await uploads();
    const fields = {
      videoUrl: shared.videoUrl,
      thumbnailUrl: shared.thumbnailUrl,
      subtitles: [english(shared.subtitle)],
    };
    const first = await addVideo(fields);
    const second = await addVideo(fields);
    const third = await addVideo(fields);
    const all = [shared.videoUrl, shared.thumbnailUrl, shared.subtitle];

    await deleteVideo(first._id);
    expect(await states(all)).toEqual([present, present, present]);

    const other = await uploads();
    await editVideo(second._id, {
      videoUrl: other.videoUrl,
      thumbnailUrl: other.thumbnailUrl,
      subtitles: [english(other.subtitle)],
    });
    expect(await states(all)).toEqual([present, present, present]);

    await deleteVideo(third._id);
    expect(await states(all)).toEqual([gone, gone, gone]);
    await deleteVideo(second._id);
    expect(await states([other.videoUrl, other.thumbnailUrl, other.subtitle])).toEqual([gone, gone, gone]);
  });

  it('offering and withdrawing a video keeps its files; a delete refused while an enterprise has it keeps them too', async () => {
    const files = await uploads();
    const video = await addVideo({
      videoUrl: files.videoUrl,
      thumbnailUrl: files.thumbnailUrl,
      subtitles: [english(files.subtitle)],
    });
    const all = [files.videoUrl, files.thumbnailUrl, files.subtitle];
    const assign = (action: 'assign' | 'unassign') =>
      call(adminContent.bulkAssign.path, { contentIds: [video._id], enterpriseIds: [globexId], action });

    expect((await assign('assign')).status).toBe(200);
    expect(await states(all)).toEqual([present, present, present]);
    const held = await call(adminContent.remove.path, { contentId: video._id });
    expect(held.status).toBe(409);
    expect(await states(all)).toEqual([present, present, present]);

    const withdrawn = await assign('unassign');
    expect(withdrawn.json.response).toEqual({ changed: 1, unchanged: 0 });
    expect(await states(all)).toEqual([present, present, present]);
    await deleteVideo(video._id);
    expect(await states(all)).toEqual([gone, gone, gone]);
  });

  it("an enterprise's token can neither edit nor delete a video (401): its files stay", async () => {
    const files = await uploads();
    const video = await addVideo({ videoUrl: files.videoUrl, thumbnailUrl: files.thumbnailUrl });
    const replacement = await upload('content-video');
    for (const [path, body] of [
      [
        adminContent.edit.path,
        { contentId: video._id, title: 'Taken', category: 'social', videoUrl: replacement },
      ],
      [adminContent.remove.path, { contentId: video._id }],
    ] as const) {
      const res = await t.request('POST', path, { token: globex, ip, body });
      expect(res.status, path).toBe(401);
    }
    expect(await states([files.videoUrl, files.thumbnailUrl])).toEqual([present, present]);
    await deleteVideo(video._id);
  });

  it("a seeded video's replaced files go; the other seeded videos keep theirs", async () => {
    const seeded = (await call(adminContent.list.path, { searchInput: 'Answering with STAR' })).json.response
      .listdata[0] as ContentJson;
    const seedFiles = [seeded.videoUrl, seeded.thumbnailUrl ?? '', ...seeded.subtitles.map((s) => s.url)];
    expect(seedFiles).toHaveLength(4);
    // The seed stores its files itself: no uploads row counts them.
    expect(await states(seedFiles)).toEqual(seedFiles.map(() => ({ ...present, counted: false })));

    const next = await uploads();
    await editVideo(seeded._id, {
      videoUrl: next.videoUrl,
      thumbnailUrl: next.thumbnailUrl,
      subtitles: [english(next.subtitle)],
    });
    expect(await states(seedFiles)).toEqual(seedFiles.map(() => gone));
    // The other seeded videos keep theirs.
    const others = (await call(adminContent.list.path, { searchInput: 'Active listening' })).json.response
      .listdata[0] as ContentJson;
    expect(await fileState(t, others.videoUrl)).toEqual({ ...present, counted: false });
  });

  it('a file the storage will not delete is logged; the video is deleted all the same', async () => {
    const files = await uploads();
    const video = await addVideo({ videoUrl: files.videoUrl, subtitles: [english(files.subtitle)] });
    const remove = vi
      .spyOn(t.deps.storage, 'remove')
      .mockRejectedValue(new Error('The bucket is unreachable'));
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const res = await call(adminContent.remove.path, { contentId: video._id });
      expect(res.status, res.json.message).toBe(200);
      expect(res.json.message).toBe('Video deleted');
      expect(remove).toHaveBeenCalledTimes(2);
      const lines = logged.mock.calls.map((args) => String(args[0]));
      expect(lines).toHaveLength(2);
      expect(lines[0]).toContain(t.deps.storage.keyOf(files.videoUrl) ?? 'no key');
      expect(lines[1]).toContain(t.deps.storage.keyOf(files.subtitle) ?? 'no key');
    } finally {
      remove.mockRestore();
      logged.mockRestore();
    }
    expect((await call(adminContent.get.path, { contentId: video._id })).status).toBe(404);
    // Left over, and still counted, as they still take room.
    expect(await states([files.videoUrl, files.subtitle])).toEqual([present, present]);
  });
});
