import { marketplace } from '@coach/shared/contract/marketplace';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../testing/test-app.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
const ip = '10.9.7.1';

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const call = (path: string, body: unknown, from = ip) => t.request('POST', path, { ip: from, body });
type Card = { _id: string; courseName: string; courseProviderName: string; category: string; rating: number };
type Page = { currentPage: number; totalPages: number; totalCount: number; listdata: Card[] };

describe('the marketplace catalogue', () => {
  it('answers the home state: first courses, categories, the five institutions and totals', async () => {
    const res = await call(marketplace.getHomepage.path, {});
    expect(res.status).toBe(200);
    const home = res.json.response as {
      homeCoursesData: Card[];
      categories: { name: string; courseCount: number }[];
      enterprises: { slug: string; courseCount: number }[];
      totalCoursesCount: number;
      totalUsersCounts: number;
    };
    expect(home.totalCoursesCount).toBe(45);
    expect(home.homeCoursesData).toHaveLength(12);
    expect(home.enterprises.map((e) => e.slug).sort()).toEqual([
      'ames-australia',
      'education-center-of-australia',
      'english-priority',
      'pacific-training-group',
      'you-study-international-college',
    ]);
    expect(home.enterprises.every((e) => e.courseCount === 9)).toBe(true);
    expect(home.categories.reduce((sum, c) => sum + c.courseCount, 0)).toBe(45);
    expect(home.totalUsersCounts).toBeGreaterThan(60);
  });

  it('filters by search, institutes, categories and rating, and pages by 12', async () => {
    const page2 = (await call(marketplace.getAllCoursesHome.path, { page: 4 })).json.response as Page;
    expect(page2).toMatchObject({ currentPage: 4, totalPages: 4, totalCount: 45 });
    expect(page2.listdata).toHaveLength(9);

    const ames = (await call(marketplace.getAllCoursesHome.path, { institutes: ['ames-australia'] })).json
      .response as Page;
    expect(ames.totalCount).toBe(9);
    expect(new Set(ames.listdata.map((c) => c.courseProviderName))).toEqual(new Set(['AMES Australia']));

    const filtered = (
      await call(marketplace.getAllCoursesHome.path, {
        categories: ['Pronunciation'],
        rating: 4.5,
        search: 'a',
      })
    ).json.response as Page;
    expect(filtered.listdata.every((c) => c.category === 'Pronunciation' && c.rating >= 4.5)).toBe(true);

    const none = (await call(marketplace.getAllCoursesHome.path, { search: '100%_off' })).json
      .response as Page;
    expect(none).toMatchObject({ totalCount: 0, totalPages: 0, listdata: [], categoryCounts: [] });

    const bad = await call(marketplace.getAllCoursesHome.path, { page: 0 });
    expect(bad.status).toBe(422);
    expect(bad.json.field).toBe('page');
  });

  it("counts each category's courses under the other filters, not its own", async () => {
    type Counted = Page & { categoryCounts: { name: string; courseCount: number }[] };
    const list = async (body: object) =>
      (await call(marketplace.getAllCoursesHome.path, body)).json.response as Counted;
    const count = (page: Counted, name: string) =>
      page.categoryCounts.find((c) => c.name === name)?.courseCount ?? 0;
    const all = await list({});
    expect(all.categoryCounts.reduce((n, c) => n + c.courseCount, 0)).toBe(all.totalCount);
    // One institution's courses: the counts are of its courses, and add up to what it shows.
    const ames = await list({ institutes: ['ames-australia'] });
    expect(ames.categoryCounts.reduce((n, c) => n + c.courseCount, 0)).toBe(ames.totalCount);
    expect(ames.totalCount).toBeLessThan(all.totalCount ?? 0);
    // Ticking a category leaves the list of categories as it was: each still says what ticking it would add.
    const [first] = ames.categoryCounts;
    const ticked = await list({ institutes: ['ames-australia'], categories: [first?.name] });
    expect(ticked.categoryCounts).toEqual(ames.categoryCounts);
    expect(ticked.totalCount).toBe(count(ames, first?.name ?? ''));
  });

  it('finds courses for the search box and answers nothing for an empty search', async () => {
    const found = await call(marketplace.getSearchList.path, { search: 'interview' });
    const results = found.json.response as { courseName: string; courseImgUrl: string | null }[];
    expect(results.length).toBeGreaterThan(0);
    expect(results.length).toBeLessThanOrEqual(8);
    expect(results.every((r) => /interview/i.test(r.courseName))).toBe(true);
    expect(results[0]?.courseImgUrl).toMatch(/^\/uploads\/course-image\//);
    expect((await call(marketplace.getSearchList.path, { search: '' })).json.response).toEqual([]);

    // By institution, by a short text, and by a new name (the search index follows edits).
    const byInstitution = (await call(marketplace.getSearchList.path, { search: 'AMES' })).json.response as {
      courseProviderName: string;
    }[];
    expect(byInstitution.every((r) => r.courseProviderName === 'AMES Australia')).toBe(true);
    expect(byInstitution.length).toBeGreaterThan(0);
    const short = (await call(marketplace.getSearchList.path, { search: 'st' })).json.response as unknown[];
    expect(short.length).toBeGreaterThan(0);
    const one = await t.deps.db.selectFrom('courses').select('id').limit(1).executeTakeFirstOrThrow();
    await t.deps.db
      .updateTable('courses')
      .set({ name: 'Quokka Conversations' })
      .where('id', '=', one.id)
      .execute();
    const renamed = (await call(marketplace.getSearchList.path, { search: 'quokka' })).json.response as {
      _id: string;
    }[];
    expect(renamed.map((r) => r._id)).toEqual([one.id]);
  });

  it('ranks course-name matches above institution matches: "inter" shows the Interview courses first', async () => {
    const results = (await call(marketplace.getSearchList.path, { search: 'inter' })).json.response as {
      courseName: string;
      courseProviderName: string;
    }[];
    // You Study International College matches "inter" by its name only; its courses come after every name match.
    const firstProviderOnly = results.findIndex((r) => !/inter/i.test(r.courseName));
    const names = results.slice(0, firstProviderOnly === -1 ? results.length : firstProviderOnly);
    expect(names.length).toBeGreaterThanOrEqual(3);
    expect(names.slice(0, 3).every((r) => /\binterview/i.test(r.courseName))).toBe(true);
    expect(results.slice(names.length).every((r) => !/inter/i.test(r.courseName))).toBe(true);
    // The catalogue's search ranks the same way.
    const grid = (await call(marketplace.getAllCoursesHome.path, { search: 'inter', page: 1 })).json
      .response as Page;
    expect(grid.listdata[0]?.courseName).toMatch(/interview/i);
  });

  it('shows a course and an institution, and 404s what is unknown or unpublished', async () => {
    const ids = (await call(marketplace.getCourseIds.path, {})).json.response as { _id: string }[];
    expect(ids).toHaveLength(45);
    const detail = await call(marketplace.getCourseDetails.path, { courseId: ids[0]?._id });
    expect(detail.json.response).toMatchObject({
      _id: ids[0]?._id,
      description: expect.stringContaining('AI coach'),
    });

    const inst = await call(marketplace.getInstitute.path, { slug: 'english-priority' });
    expect(inst.json.response).toMatchObject({ name: 'English Priority', courseCount: 9 });

    await t.deps.db
      .updateTable('courses')
      .set({ published: 0 })
      .where('id', '=', ids[0]?._id ?? '')
      .execute();
    expect((await call(marketplace.getCourseDetails.path, { courseId: ids[0]?._id })).status).toBe(404);
    expect((await call(marketplace.getInstitute.path, { slug: 'nowhere' })).status).toBe(404);
  });
});

describe('enquiries', () => {
  const valid = {
    name: 'Maya',
    email: 'maya@example.com',
    mobileNo: '+61412345678',
    message: 'When does it start?',
  };

  it('stores the enquiry and mails it to the institution of the course', async () => {
    const ids = (await call(marketplace.getCourseIds.path, {})).json.response as { _id: string }[];
    const courseId = ids[3]?._id ?? '';
    const res = await call(marketplace.sendContactUsDetails.path, { data: { ...valid, courseId } });
    expect(res.status).toBe(200);
    expect(res.json.message).toContain('Your enquiry has been sent');
    const stored = await t.deps.db
      .selectFrom('enquiries')
      .selectAll()
      .where('course_id', '=', courseId)
      .execute();
    expect(stored).toHaveLength(1);
    const course = await t.deps.db
      .selectFrom('courses')
      .innerJoin('users', 'users.enterprise_id', 'courses.enterprise_id')
      .select(['courses.name', 'users.email'])
      .where('courses.id', '=', courseId)
      // The institution's default admin gets it (its seeded buyers are members too).
      .where('users.is_default_admin', '=', 1)
      .executeTakeFirstOrThrow();
    expect(t.lastMail(course.email)).toContain(`Subject: Enquiry about ${course.name}`);

    const home = await call(marketplace.contactFormHome.path, { data: valid }, '10.9.7.2');
    expect(home.status).toBe(200);
    expect(t.lastMail('support@coach.example')).toContain('Subject: Marketplace enquiry');
    // Support answers a general enquiry, not an institution.
    expect(home.json.message).toBe('Thank you! Your enquiry has been sent. Our team will contact you soon.');
  });

  it('checks the fields in the spec order, naming the first bad one', async () => {
    const cases: [object, string, string][] = [
      [{ ...valid, name: ' ' }, 'name', 'Please Enter Name'],
      [{ ...valid, email: '' }, 'email', 'Please Enter Email'],
      [{ ...valid, mobileNo: '04-12' }, 'mobileNo', 'Invalid Mobile Number'],
      // Digits alone are not a number: too short for Australia, a dial code with nothing after.
      [{ ...valid, mobileNo: '+6112' }, 'mobileNo', 'Invalid Mobile Number'],
      [{ ...valid, mobileNo: '+61 12' }, 'mobileNo', 'Invalid Mobile Number'],
      [{ ...valid, mobileNo: '+1' }, 'mobileNo', 'Invalid Mobile Number'],
      [{ ...valid, message: '' }, 'message', 'Please Enter Message'],
      [{ ...valid, name: '', message: '' }, 'name', 'Please Enter Name'],
    ];
    for (const [data, field, message] of cases) {
      const res = await call(marketplace.sendContactUsDetails.path, { data }, '10.9.7.3');
      expect(res.status).toBe(422);
      expect(res.json.field).toBe(`data.${field}`);
      expect(res.json.message).toContain(message);
    }
  });

  it('refuses an address that is not an email with 422 naming the field in plain words', async () => {
    for (const email of ['abc', 'ann@', 'not an@email.example']) {
      const res = await call(
        marketplace.sendContactUsDetails.path,
        { data: { ...valid, email } },
        '10.9.7.4',
      );
      expect(res.status, email).toBe(422);
      expect(res.json.field).toBe('data.email');
      expect(res.json.message).toBe('data.email: Please enter a valid email');
    }
    expect(t.lastMail('support@coach.example') ?? '').not.toContain('<abc>');
  });

  it("names a partner programme's enquiry for support and thanks the enquirer on the programme team's behalf", async () => {
    const res = await call(
      marketplace.contactFormHome.path,
      { data: { ...valid, programme: 'Story Up' } },
      '10.9.7.5',
    );
    expect(res.status).toBe(200);
    expect(res.json.message).toBe(
      'Thank you! Your enquiry has been sent. The programme team will contact you soon.',
    );
    const mail = t.lastMail('support@coach.example') ?? '';
    expect(mail).toContain('Subject: Enquiry about Story Up');
    expect(mail).toContain('Programme: Story Up');
    // Support answers the enquirer with Reply.
    expect(mail).toContain('Reply-To: maya@example.com');
  });

  it('throttles a flood from one sender with 429 and Retry-After', async () => {
    const flood = { ...valid, email: 'bot@spam.example' };
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++)
      statuses.push((await call(marketplace.contactFormHome.path, { data: flood }, '10.9.7.9')).status);
    expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(statuses.at(-1)).toBe(429);
  });
});
