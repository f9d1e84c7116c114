import { courses } from '@coach/shared/contract/courses';
import { marketplace } from '@coach/shared/contract/marketplace';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

    await post(courses.setPublished.path, youStudy, { courseId: course._id, published: false });
    expect(await publicIds()).not.toContain(course._id);

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
