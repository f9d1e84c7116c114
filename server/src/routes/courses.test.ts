import { courses } from '@coach/shared/contract/courses';
import { enterpriseGeneral } from '@coach/shared/contract/general';
import { marketplace } from '@coach/shared/contract/marketplace';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { fileState, gone, present } from '../testing/stored-files.ts';
import { createTestApp } from '../testing/test-app.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
let youStudy: string;
let englishPriority: string;
let acmeOwner: string;
let acmeStaff: string;
let globex: string;
const ip = '10.9.8.1';
const draft = {
  name: 'Confident Phone Calls',
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
  englishPriority = await t.fullLogin('courses@englishpriority.example', 'enterprise', ip);
  acmeOwner = await t.fullLogin('owner@acme.example', 'enterprise', ip);
  acmeStaff = await t.fullLogin('staff@acme.example', 'enterprise', ip);
  globex = await t.fullLogin('owner@globex.example', 'enterprise', ip);
});
afterAll(async () => {
  await t?.close();
});

const post = (path: string, token: string, body: unknown) => t.request('POST', path, { token, ip, body });
const get = (path: string, token: string, query: Record<string, string> = {}) =>
  t.request('GET', `${path}?${new URLSearchParams(query)}`, { token, ip });
const publicIds = async () =>
  (
    (await t.request('POST', marketplace.getCourseIds.path, { ip, body: {} })).json.response as {
      _id: string;
    }[]
  ).map((c) => c._id);

/** A cover as the dashboard uploads one (a signed address, then a PUT of a small PNG): its public address. */
const uploadCover = async (token: string) => {
  const png = await sharp({
    create: { width: 64, height: 36, channels: 3, background: { r: 40, g: 90, b: 160 } },
  })
    .png()
    .toBuffer();
  const signed = await post(enterpriseGeneral.putSignedRequestForUpload.path, token, {
    purpose: 'course-image',
    fileName: 'cover.png',
    fileType: 'image/png',
    fileSize: png.length,
  });
  expect(signed.status, signed.json.message).toBe(200);
  const { uploadUrl, headers, fileUrl } = signed.json.response as {
    uploadUrl: string;
    headers: Record<string, string>;
    fileUrl: string;
  };
  expect((await t.app.request(uploadUrl, { method: 'PUT', headers, body: png })).status).toBe(200);
  return fileUrl;
};
const coveredDraft = async (name: string, imageUrl: string) => {
  const created = await post(courses.add.path, youStudy, { ...draft, name, imageUrl });
  expect(created.status, created.json.message).toBe(200);
  return created.json.response as { _id: string };
};
/** A cover's stored objects (the original and its AVIF/WebP copies), and whether each is still served and counted. */
const storedFiles = async (imageUrl: string) => {
  const key = t.deps.storage.keyOf(imageUrl) ?? '';
  const record = await t.deps.db
    .selectFrom('image_variants')
    .select('variants')
    .where('original_key', '=', key)
    .executeTakeFirst();
  const copies = record ? (JSON.parse(record.variants) as { key: string }[]).map((v) => v.key) : [];
  return { key, copies, all: [key, ...copies] };
};
const state = async (keys: string[]) =>
  Promise.all(keys.map((key) => fileState(t, t.deps.storage.publicUrl(key))));

describe('an institution manages its courses', () => {
  it('lists its own courses only', async () => {
    const res = await get(courses.list.path, youStudy);
    expect(res.status).toBe(200);
    expect(res.json.response).toMatchObject({ totalCount: 9, isInstitution: true });
  });

  it('creates a draft, edits it, publishes it to the marketplace and takes it off again', async () => {
    const created = await post(courses.add.path, youStudy, draft);
    expect(created.status).toBe(200);
    const course = created.json.response as { _id: string; published: boolean };
    expect(course.published).toBe(false);
    expect(await publicIds()).not.toContain(course._id);

    const edited = await post(courses.edit.path, youStudy, {
      courseId: course._id,
      ...draft,
      priceCents: 9900,
    });
    expect(edited.json.response).toMatchObject({ priceCents: 9900 });

    const published = await post(courses.setPublished.path, youStudy, {
      courseId: course._id,
      published: true,
    });
    expect(published.json.message).toBe('Course published to the marketplace');
    expect(await publicIds()).toContain(course._id);
    const detail = await t.request('POST', marketplace.getCourseDetails.path, {
      ip,
      body: { courseId: course._id },
    });
    expect(detail.json.response).toMatchObject({ courseName: 'Confident Phone Calls', priceCents: 9900 });

    // The header search keeps its answers a few seconds, and forgets them when a course changes.
    const searchFor = async (text: string) =>
      (
        (await t.request('POST', marketplace.getSearchList.path, { ip, body: { search: text } })).json
          .response as { _id: string }[]
      ).map((hit) => hit._id);
    expect(await searchFor('Confident Phone Calls')).toContain(course._id);
    await post(courses.setPublished.path, youStudy, { courseId: course._id, published: false });
    expect(await publicIds()).not.toContain(course._id);
    expect(await searchFor('Confident Phone Calls')).not.toContain(course._id);

    const enrolments = await get(courses.enrolments.path, youStudy, { courseId: course._id });
    expect(enrolments.json.response).toMatchObject({
      totalCount: 0,
      listdata: [],
      course: { name: 'Confident Phone Calls' },
    });
  });

  it('names the field of bad input', async () => {
    const noName = await post(courses.add.path, youStudy, { ...draft, name: '' });
    expect(noName.json.field).toBe('name');
    const badCategory = await post(courses.add.path, youStudy, { ...draft, category: 'Astrology' });
    expect(badCategory.json.field).toBe('category');
    const negative = await post(courses.add.path, youStudy, { ...draft, priceCents: -1 });
    expect(negative.json.field).toBe('priceCents');
    const foreignImage = await post(courses.add.path, youStudy, {
      ...draft,
      imageUrl: 'https://x.example/a.png',
    });
    expect(foreignImage.status).toBe(422);
    expect(foreignImage.json.field).toBe('imageUrl');
  });

  it("keeps each institution to its own courses: another's ids are 404", async () => {
    const theirs = (await get(courses.list.path, englishPriority)).json.response as {
      listdata: { _id: string }[];
    };
    const id = theirs.listdata[0]?._id ?? '';
    expect((await get(courses.get.path, youStudy, { courseId: id })).status).toBe(404);
    expect((await post(courses.setPublished.path, youStudy, { courseId: id, published: false })).status).toBe(
      404,
    );
    expect((await get(courses.enrolments.path, youStudy, { courseId: id })).status).toBe(404);
  });

  it('needs the admin role and the course feature, and a marketplace listing to publish', async () => {
    expect((await get(courses.list.path, acmeStaff)).status).toBe(403);
    const off = await get(courses.list.path, globex);
    expect(off.status).toBe(403);
    expect(off.json.code).toBe('FEATURE_DISABLED');

    const acmeDraft = await post(courses.add.path, acmeOwner, draft);
    expect(acmeDraft.status).toBe(200);
    const id = (acmeDraft.json.response as { _id: string })._id;
    const refused = await post(courses.setPublished.path, acmeOwner, { courseId: id, published: true });
    expect(refused.status).toBe(409);
  });
});

describe('an institution says what its course teaches, its syllabus and who teaches it', () => {
  const outline = {
    outcomes: ['Open a call with a clear purpose', 'Leave a voicemail that gets a call back'],
    syllabus: [
      {
        title: 'Starting the call',
        lessons: [
          { title: 'Greeting and purpose', minutes: 15 },
          { title: 'Checking it is a good time', minutes: 10 },
        ],
      },
      { title: 'Voicemail', lessons: [{ title: 'Thirty seconds that work', minutes: 20 }] },
    ],
    instructor: { name: 'Ana Ruiz', bio: 'Ana trained call-centre teams for ten years.' },
  };
  const detailOf = async (courseId: string) =>
    (await t.request('POST', marketplace.getCourseDetails.path, { ip, body: { courseId } })).json
      .response as { outcomes: string[]; syllabus: unknown[]; instructor: unknown };

  it('saves the outline with a new course and reads it back', async () => {
    const created = await post(courses.add.path, youStudy, { ...draft, ...outline });
    expect(created.status).toBe(200);
    expect(created.json.response).toMatchObject(outline);
    const id = (created.json.response as { _id: string })._id;
    const read = await get(courses.get.path, youStudy, { courseId: id });
    expect(read.json.response).toMatchObject(outline);
  });

  it('starts a course without an outline empty, and an edit without one leaves it as it was', async () => {
    const created = await post(courses.add.path, youStudy, draft);
    const course = created.json.response as { _id: string };
    expect(created.json.response).toMatchObject({ outcomes: [], syllabus: [], instructor: null });
    await post(courses.edit.path, youStudy, { courseId: course._id, ...draft, ...outline });
    const renamed = await post(courses.edit.path, youStudy, {
      courseId: course._id,
      ...draft,
      name: 'Calls',
    });
    expect(renamed.json.response).toMatchObject({ name: 'Calls', ...outline });
    // Saying so empties each part; an instructor without a bio keeps none.
    const cleared = await post(courses.edit.path, youStudy, {
      courseId: course._id,
      ...draft,
      outcomes: [],
      syllabus: [],
      instructor: { name: 'Ana Ruiz', bio: '  ' },
    });
    expect(cleared.json.response).toMatchObject({
      outcomes: [],
      syllabus: [],
      instructor: { name: 'Ana Ruiz', bio: '' },
    });
    const noInstructor = await post(courses.edit.path, youStudy, {
      courseId: course._id,
      ...draft,
      instructor: null,
    });
    expect(noInstructor.json.response).toMatchObject({ instructor: null });
  });

  it('publishes the outline to the marketplace page, and an edit of a published course rebuilds the site', async () => {
    const created = await post(courses.add.path, youStudy, { ...draft, ...outline });
    const id = (created.json.response as { _id: string })._id;
    // The server rebuilds the static site on each change it makes to a published course.
    const rebuild = vi.spyOn(t.deps.site, 'changed');
    await post(courses.setPublished.path, youStudy, { courseId: id, published: true });
    expect(rebuild).toHaveBeenCalledTimes(1);
    expect(await detailOf(id)).toMatchObject(outline);

    const edited = await post(courses.edit.path, youStudy, {
      courseId: id,
      ...draft,
      outcomes: ['Call back with confidence'],
    });
    expect(edited.json.message).toBe('Course updated; the marketplace shows it in a moment');
    expect(rebuild).toHaveBeenCalledTimes(2);
    expect(await detailOf(id)).toMatchObject({ outcomes: ['Call back with confidence'] });
    rebuild.mockRestore();
  });

  it('answers 422 naming the field of a bad outline', async () => {
    const lesson = { title: 'A lesson', minutes: 10 };
    const cases: [unknown, string][] = [
      [{ outcomes: ['Fine', '   '] }, 'outcomes.1'],
      [{ outcomes: ['x'.repeat(201)] }, 'outcomes.0'],
      [{ outcomes: Array.from({ length: 13 }, (_, i) => `Outcome ${i}`) }, 'outcomes'],
      [{ outcomes: 'Everything' }, 'outcomes'],
      [{ syllabus: [{ title: '', lessons: [lesson] }] }, 'syllabus.0.title'],
      [{ syllabus: [{ title: 'Empty', lessons: [] }] }, 'syllabus.0.lessons'],
      [
        { syllabus: [{ title: 'M', lessons: [lesson, lesson, { title: 'Too long', minutes: 601 }] }] },
        'syllabus.0.lessons.2.minutes',
      ],
      [
        { syllabus: [{ title: 'M', lessons: [{ title: 'Zero', minutes: 0 }] }] },
        'syllabus.0.lessons.0.minutes',
      ],
      [
        { syllabus: [{ title: 'M', lessons: [{ title: 'Half', minutes: 7.5 }] }] },
        'syllabus.0.lessons.0.minutes',
      ],
      [{ syllabus: [{ title: 'M', lessons: [{ title: '', minutes: 5 }] }] }, 'syllabus.0.lessons.0.title'],
      [
        { syllabus: [{ title: 'M', lessons: Array.from({ length: 51 }, () => lesson) }] },
        'syllabus.0.lessons',
      ],
      [{ syllabus: Array.from({ length: 31 }, () => ({ title: 'M', lessons: [lesson] })) }, 'syllabus'],
      [{ instructor: { name: ' ', bio: '' } }, 'instructor.name'],
      [{ instructor: { name: 'Ana', bio: 'x'.repeat(1001) } }, 'instructor.bio'],
      [{ instructor: { name: 'Ana', bio: '', photo: 'x' } }, 'instructor'],
    ];
    for (const [bad, field] of cases) {
      const res = await post(courses.add.path, youStudy, { ...draft, ...(bad as object) });
      expect([res.status, res.json.field]).toEqual([422, field]);
    }
    const theirs = (await get(courses.list.path, youStudy)).json.response as { listdata: { _id: string }[] };
    const courseId = theirs.listdata[0]?._id ?? '';
    const res = await post(courses.edit.path, youStudy, {
      courseId,
      ...draft,
      syllabus: [{ title: 'M', lessons: [{ title: 'L', minutes: 900 }] }],
    });
    expect([res.status, res.json.field]).toEqual([422, 'syllabus.0.lessons.0.minutes']);
  });

  it("cannot write another institution's outline (404) and needs the admin role (403)", async () => {
    const theirs = (await get(courses.list.path, englishPriority)).json.response as {
      listdata: { _id: string }[];
    };
    const courseId = theirs.listdata[0]?._id ?? '';
    const before = (await get(courses.get.path, englishPriority, { courseId })).json.response;
    const foreign = await post(courses.edit.path, youStudy, { courseId, ...draft, ...outline });
    expect(foreign.status).toBe(404);
    expect((await get(courses.get.path, englishPriority, { courseId })).json.response).toEqual(before);

    const staff = await post(courses.add.path, acmeStaff, { ...draft, ...outline });
    expect(staff.status).toBe(403);
    const staffEdit = await post(courses.edit.path, acmeStaff, { courseId, ...draft, ...outline });
    expect(staffEdit.status).toBe(403);
    expect((await get(courses.get.path, acmeStaff, { courseId })).status).toBe(403);
  });
});

describe('an institution deletes a course it made by mistake', () => {
  type Listed = { _id: string; name: string; enrolmentCount: number; deleteBlockedBy: string | null };
  const listed = async (token: string, searchInput: string) =>
    ((await get(courses.list.path, token, { searchInput })).json.response as { listdata: Listed[] }).listdata;
  const newDraft = async (token: string, name: string) => {
    const created = await post(courses.add.path, token, { ...draft, name });
    expect(created.status).toBe(200);
    return created.json.response as { _id: string; learnerGroup: { _id: string } };
  };
  const groupExists = async (groupId: string) =>
    Boolean(await t.deps.db.selectFrom('groups').select('id').where('id', '=', groupId).executeTakeFirst());

  it('an enterprise admin deletes a draft never published, and its empty buyers group goes with it', async () => {
    const course = await newDraft(youStudy, 'Mistaken Draft Course');
    expect((await listed(youStudy, 'Mistaken Draft'))[0]?.deleteBlockedBy).toBeNull();

    const deleted = await post(courses.remove.path, youStudy, { courseId: course._id });
    expect(deleted.status).toBe(200);
    expect(deleted.json.message).toBe('Course deleted');
    expect((await get(courses.get.path, youStudy, { courseId: course._id })).status).toBe(404);
    expect(await listed(youStudy, 'Mistaken Draft')).toEqual([]);
    expect(await groupExists(course.learnerGroup._id)).toBe(false);
    expect((await post(courses.remove.path, youStudy, { courseId: course._id })).status).toBe(404);
  });

  it('keeps the buyers group of a deleted draft when someone was added to it', async () => {
    const course = await newDraft(youStudy, 'Draft With A Tester');
    const someone = await t.deps.db
      .selectFrom('users')
      .innerJoin('courses', 'courses.enterprise_id', 'users.enterprise_id')
      .select('users.id')
      .where('courses.id', '=', course._id)
      .executeTakeFirstOrThrow();
    await t.deps.db
      .insertInto('group_members')
      .values({ group_id: course.learnerGroup._id, user_id: someone.id })
      .execute();

    const deleted = await post(courses.remove.path, youStudy, { courseId: course._id });
    expect(deleted.status).toBe(200);
    expect(deleted.json.message).toBe("Course deleted; its learners' group stays because people are in it");
    expect(await groupExists(course.learnerGroup._id)).toBe(true);
  });

  it("cannot delete another institution's course (404): it stays", async () => {
    const theirs = await newDraft(englishPriority, 'Their Private Draft');
    const foreign = await post(courses.remove.path, youStudy, { courseId: theirs._id });
    expect(foreign.status).toBe(404);
    expect((await get(courses.get.path, englishPriority, { courseId: theirs._id })).status).toBe(200);
  });

  it('refuses a course that has been on the marketplace, published now or not, with the reason', async () => {
    const course = await newDraft(youStudy, 'Once Listed Course');
    await post(courses.setPublished.path, youStudy, { courseId: course._id, published: true });
    const whilePublished = await post(courses.remove.path, youStudy, { courseId: course._id });
    expect(whilePublished.status).toBe(409);
    expect(whilePublished.json.message).toBe('A course that has been on the marketplace cannot be deleted');

    await post(courses.setPublished.path, youStudy, { courseId: course._id, published: false });
    expect((await listed(youStudy, 'Once Listed'))[0]?.deleteBlockedBy).toBe('published');
    const taken = await post(courses.remove.path, youStudy, { courseId: course._id });
    expect(taken.status).toBe(409);
    expect((await get(courses.get.path, youStudy, { courseId: course._id })).status).toBe(200);
  });

  it('refuses a course with enrolments, with the reason', async () => {
    const all = (
      (await get(courses.list.path, youStudy)).json.response as {
        listdata: Listed[];
      }
    ).listdata;
    const bought = all.find((course) => course.enrolmentCount > 0);
    if (!bought) throw new Error('The seed has a course with enrolments');
    expect(bought.deleteBlockedBy).toBe('enrolments');
    const refused = await post(courses.remove.path, youStudy, { courseId: bought._id });
    expect(refused.status).toBe(409);
    expect(refused.json.message).toBe('A course with enrolments cannot be deleted');
    expect((await get(courses.get.path, youStudy, { courseId: bought._id })).status).toBe(200);
  });

  it('deletes the cover of a deleted draft from storage with its copies; another course keeps its own', async () => {
    const cover = await uploadCover(youStudy);
    const otherCover = await uploadCover(youStudy);
    const course = await coveredDraft('Draft With A Cover', cover);
    const other = await coveredDraft('Draft Kept With Its Cover', otherCover);
    const files = await storedFiles(cover);
    expect(files.copies.length).toBeGreaterThan(0);
    expect(await state(files.all)).toEqual(files.all.map(() => present));

    const deleted = await post(courses.remove.path, youStudy, { courseId: course._id });
    expect(deleted.status).toBe(200);
    expect(deleted.json.message).toBe('Course deleted');
    expect(await state(files.all)).toEqual(files.all.map(() => gone));
    expect(
      await t.deps.db
        .selectFrom('image_variants')
        .select('original_key')
        .where('original_key', '=', files.key)
        .executeTakeFirst(),
    ).toBeUndefined();

    const kept = await storedFiles(otherCover);
    expect(await state(kept.all)).toEqual(kept.all.map(() => present));
    expect((await get(courses.get.path, youStudy, { courseId: other._id })).json.response).toMatchObject({
      imageUrl: otherCover,
    });
  });

  it('keeps a cover another course still uses, and deletes it with the last course using it', async () => {
    const cover = await uploadCover(youStudy);
    const first = await coveredDraft('First Draft Sharing A Cover', cover);
    const second = await coveredDraft('Second Draft Sharing A Cover', cover);
    const files = await storedFiles(cover);

    expect((await post(courses.remove.path, youStudy, { courseId: first._id })).status).toBe(200);
    expect(await state(files.all)).toEqual(files.all.map(() => present));
    expect((await post(courses.remove.path, youStudy, { courseId: second._id })).status).toBe(200);
    expect(await state(files.all)).toEqual(files.all.map(() => gone));
  });

  it('a cover the storage will not delete is logged; the course is deleted all the same', async () => {
    const cover = await uploadCover(youStudy);
    const course = await coveredDraft('Draft Whose Cover Sticks', cover);
    const files = await storedFiles(cover);
    const remove = vi
      .spyOn(t.deps.storage, 'remove')
      .mockRejectedValue(new Error('The bucket is unreachable'));
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const deleted = await post(courses.remove.path, youStudy, { courseId: course._id });
      expect(deleted.status).toBe(200);
      expect(deleted.json.message).toBe('Course deleted');
      expect(remove).toHaveBeenCalled();
      expect(String(logged.mock.calls[0]?.[0])).toContain(files.key);
    } finally {
      remove.mockRestore();
      logged.mockRestore();
    }
    expect((await get(courses.get.path, youStudy, { courseId: course._id })).status).toBe(404);
    // Left over, and still counted against the enterprise's storage, as it still takes room.
    expect(await state(files.all)).toEqual(files.all.map(() => present));
  });

  it('a member without the admin role cannot delete a course (403)', async () => {
    const course = await newDraft(acmeOwner, 'Acme Internal Draft');
    const refused = await post(courses.remove.path, acmeStaff, { courseId: course._id });
    expect(refused.status).toBe(403);
    expect((await get(courses.get.path, acmeOwner, { courseId: course._id })).status).toBe(200);
  });
});

describe("an institution replaces a course's cover, or takes it off", () => {
  const editCover = (courseId: string, name: string, imageUrl: string | null) =>
    post(courses.edit.path, youStudy, { courseId, ...draft, name, imageUrl });
  const coverOf = async (courseId: string) =>
    ((await get(courses.get.path, youStudy, { courseId })).json.response as { imageUrl: string | null })
      .imageUrl;

  it('deletes the replaced cover from storage with its copies; the new one stays', async () => {
    const cover = await uploadCover(youStudy);
    const course = await coveredDraft('Draft Getting A New Cover', cover);
    const old = await storedFiles(cover);
    expect(old.copies.length).toBeGreaterThan(0);
    expect(await state(old.all)).toEqual(old.all.map(() => present));

    const newCover = await uploadCover(youStudy);
    const edited = await editCover(course._id, 'Draft Getting A New Cover', newCover);
    expect(edited.status, edited.json.message).toBe(200);
    expect(edited.json.message).toBe('Course updated');
    expect(edited.json.response).toMatchObject({ imageUrl: newCover });
    expect(await state(old.all)).toEqual(old.all.map(() => gone));
    expect(
      await t.deps.db
        .selectFrom('image_variants')
        .select('original_key')
        .where('original_key', '=', old.key)
        .executeTakeFirst(),
    ).toBeUndefined();

    const kept = await storedFiles(newCover);
    expect(kept.copies.length).toBeGreaterThan(0);
    expect(await state(kept.all)).toEqual(kept.all.map(() => present));
    expect(await coverOf(course._id)).toBe(newCover);
  });

  it('leaves the old cover of a course that has been on the marketplace: its built pages show it until the next build', async () => {
    const cover = await uploadCover(youStudy);
    const course = await coveredDraft('Course Once On The Marketplace', cover);
    const old = await storedFiles(cover);
    await post(courses.setPublished.path, youStudy, { courseId: course._id, published: true });
    await post(courses.setPublished.path, youStudy, { courseId: course._id, published: false });

    const newCover = await uploadCover(youStudy);
    const edited = await editCover(course._id, 'Course Once On The Marketplace', newCover);
    expect(edited.status, edited.json.message).toBe(200);
    expect(await coverOf(course._id)).toBe(newCover);
    expect(await state(old.all)).toEqual(old.all.map(() => present));
  });

  it('keeps the cover when the course is saved with it unchanged, and deletes it once it is taken off', async () => {
    const cover = await uploadCover(youStudy);
    const course = await coveredDraft('Draft Keeping Its Cover', cover);
    const files = await storedFiles(cover);

    const saved = await post(courses.edit.path, youStudy, {
      courseId: course._id,
      ...draft,
      name: 'Draft Keeping Its Cover',
      priceCents: 4900,
      imageUrl: cover,
    });
    expect(saved.status, saved.json.message).toBe(200);
    expect(saved.json.response).toMatchObject({ imageUrl: cover, priceCents: 4900 });
    expect(await state(files.all)).toEqual(files.all.map(() => present));

    const takenOff = await editCover(course._id, 'Draft Keeping Its Cover', null);
    expect(takenOff.status, takenOff.json.message).toBe(200);
    expect(takenOff.json.response).toMatchObject({ imageUrl: null });
    expect(await state(files.all)).toEqual(files.all.map(() => gone));
  });

  it('keeps a replaced cover another course still uses, and deletes it when the last course lets it go', async () => {
    const cover = await uploadCover(youStudy);
    const first = await coveredDraft('First Draft Replacing A Shared Cover', cover);
    const second = await coveredDraft('Second Draft Replacing A Shared Cover', cover);
    const files = await storedFiles(cover);

    const newCover = await uploadCover(youStudy);
    const replaced = await editCover(first._id, 'First Draft Replacing A Shared Cover', newCover);
    expect(replaced.status, replaced.json.message).toBe(200);
    expect(await state(files.all)).toEqual(files.all.map(() => present));
    expect(await coverOf(second._id)).toBe(cover);

    const last = await editCover(second._id, 'Second Draft Replacing A Shared Cover', newCover);
    expect(last.status, last.json.message).toBe(200);
    expect(await state(files.all)).toEqual(files.all.map(() => gone));
    const shared = await storedFiles(newCover);
    expect(await state(shared.all)).toEqual(shared.all.map(() => present));
  });

  it('a replaced cover the storage will not delete is logged; the edit is saved with the new cover', async () => {
    const cover = await uploadCover(youStudy);
    const course = await coveredDraft('Draft Whose Old Cover Sticks', cover);
    const old = await storedFiles(cover);
    const newCover = await uploadCover(youStudy);
    const remove = vi
      .spyOn(t.deps.storage, 'remove')
      .mockRejectedValue(new Error('The bucket is unreachable'));
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const edited = await editCover(course._id, 'Draft Whose Old Cover Sticks', newCover);
      expect(edited.status, edited.json.message).toBe(200);
      expect(edited.json.message).toBe('Course updated');
      expect(edited.json.response).toMatchObject({ imageUrl: newCover });
      expect(remove).toHaveBeenCalled();
      expect(String(logged.mock.calls[0]?.[0])).toContain(old.key);
    } finally {
      remove.mockRestore();
      logged.mockRestore();
    }
    expect(await coverOf(course._id)).toBe(newCover);
    // Left over, and still counted against the enterprise's storage, as it still takes room.
    expect(await state(old.all)).toEqual(old.all.map(() => present));
    const kept = await storedFiles(newCover);
    expect(await state(kept.all)).toEqual(kept.all.map(() => present));
  });
});
