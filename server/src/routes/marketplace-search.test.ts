import { SEARCH_LIST_LIMIT } from '@coach/shared/constants/marketplace';
import { marketplace } from '@coach/shared/contract/marketplace';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSearchTrigrams, rareWord } from '../search-trigrams.ts';
import { addSyntheticCourses } from '../seed/synthetic-courses.ts';
import { createTestApp } from '../testing/test-app.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

type Result = { _id: string; courseName: string; courseProviderName: string; courseImgUrl: string | null };

const search = async (text: string) => {
  const res = await t.request('POST', marketplace.getSearchList.path, {
    ip: '10.9.8.1',
    body: { search: text },
  });
  expect(res.status).toBe(200);
  return res.json.response as Result[];
};

/**
 * The search box's answer by definition, computed the slow way: every published course whose
 * name, category or institution contains the text, ranked by where the text is found, then by name (then id,
 * so courses of the same name in two institutions keep one order).
 */
const fullRanking = async (text: string) => {
  const lowered = text.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`);
  const pattern = `%${lowered}%`;
  const rows = await t.deps.db
    .selectFrom('courses')
    .innerJoin('institutions', 'institutions.enterprise_id', 'courses.enterprise_id')
    .where('courses.published', '=', 1)
    .where(
      sql<boolean>`(lower(courses.name) like ${pattern} escape '\\' or lower(courses.category) like ${pattern} escape '\\' or lower(institutions.name) like ${pattern} escape '\\')`,
    )
    .select(['courses.id', 'courses.name'])
    .orderBy(
      sql`case
        when lower(courses.name) like ${`${lowered}%`} escape '\\' then 0
        when lower(courses.name) like ${`% ${lowered}%`} escape '\\' then 1
        when lower(courses.name) like ${pattern} escape '\\' then 2
        when lower(courses.category) like ${pattern} escape '\\' then 3
        else 4 end`,
    )
    .orderBy(sql`lower(courses.name)`)
    .orderBy('courses.id')
    .limit(SEARCH_LIST_LIMIT)
    .execute();
  return rows.map((r) => r.id);
};

/** The search box answers the text with the full ranking's courses, in its order. */
const expectFullRanking = async (text: string) => {
  const ids = (await search(text)).map((r) => r._id);
  expect(ids, text).toEqual(await fullRanking(text));
};

describe('the course search box (ranked, in milliseconds)', () => {
  it('answers the seeded searches exactly as the full ranking does', async () => {
    for (const text of [
      'inter',
      'interview',
      'Interview Skills',
      'english',
      'AMES',
      'st',
      'pro',
      'speaking',
      'course',
      'ielts',
      'a',
      'australia',
      'public speaking',
      'leadership',
    ])
      await expectFullRanking(text);
  });

  it('ranks name matches first, names starting with the text first of all, among thousands of matches', async () => {
    await addSyntheticCourses(t.deps.db, 1500);
    // About 1,500 / 7 names contain "negotiation" (more than the candidates it ranks); none starts with it.
    const negotiation = await search('negotiation');
    expect(negotiation).toHaveLength(SEARCH_LIST_LIMIT);
    expect(negotiation.every((r) => /negotiation/i.test(r.courseName))).toBe(true);
    // "Confident ..." starts a name in every eighth course: the first names in order, as the full ranking has them.
    const confident = await search('confident');
    expect(confident.map((r) => r._id)).toEqual(await fullRanking('confident'));
    expect(confident.every((r) => r.courseName.toLowerCase().startsWith('confident'))).toBe(true);
    // A rare one is found among them all.
    const rare = await search('storytelling 999');
    expect(rare.map((r) => r._id)).toEqual(await fullRanking('storytelling 999'));
    expect(rare.length).toBeGreaterThan(0);
    // A common word beside a rare one: the index is asked for the rare one, and the answer stays exact.
    t.deps.searchTrigrams.courses.stale();
    const sample = await t.deps.searchTrigrams.courses.sample(t.deps.db, t.deps.dbKind);
    expect(sample.size).toBeGreaterThan(0);
    expect(rareWord('storytelling 999', sample)).toBe('999');
    for (const text of [
      'Storytelling  999',
      'storytelling-999',
      '(Storytelling 999)',
      'negotiation 1',
      'confident negotiation 11',
      'storytelling 9',
      'x 999',
    ])
      await expectFullRanking(text);
    // Many searches of one shape: PostgreSQL may keep one plan for them from the sixth run (db/prepared.ts).
    for (let n = 990; n < 1000; n++) await expectFullRanking(`negotiation ${n}`);
    // Names holding the rare word but not the whole text are not answers.
    const notWhole = (await search('negotiation 999')).map((r) => r._id);
    expect(notWhole).toEqual(await fullRanking('negotiation 999'));
    expect(await search('feedback 999 zz')).toEqual([]);
    // An institution name still finds its courses once no course name holds the text.
    const ames = await search('AMES Aus');
    expect(ames.length).toBe(SEARCH_LIST_LIMIT);
    expect(ames.every((r) => r.courseProviderName === 'AMES Australia')).toBe(true);
  });

  it('reuses its sample of names for ten minutes, then takes a new one', async () => {
    let now = 0;
    const trigrams = createSearchTrigrams(() => now).courses;
    const first = await trigrams.sample(t.deps.db, t.deps.dbKind);
    const courses = await t.deps.db
      .selectFrom('courses')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    // A small catalogue is read whole.
    expect(first.size).toBe(Number(courses.n));
    await addSyntheticCourses(t.deps.db, 10);
    now = 9 * 60_000;
    expect(await trigrams.sample(t.deps.db, t.deps.dbKind)).toBe(first);
    now = 10 * 60_000;
    expect((await trigrams.sample(t.deps.db, t.deps.dbKind)).size).toBe(first.size + 10);
  });

  it('keeps the trigram indexes without a pending list, so a search never reads unsorted entries (PostgreSQL)', async () => {
    if (t.deps.dbKind !== 'postgres') return expect(t.deps.dbKind).toBe('sqlite');
    const { rows } = await sql<{
      name: string;
      options: string[] | null;
    }>`select relname as name, reloptions as options
      from pg_class where relname in ('courses_name_trgm', 'courses_category_trgm', 'users_search_trgm') order by relname`.execute(
      t.deps.db,
    );
    expect(rows).toEqual([
      { name: 'courses_category_trgm', options: ['fastupdate=off'] },
      { name: 'courses_name_trgm', options: ['fastupdate=off'] },
      { name: 'users_search_trgm', options: ['fastupdate=off'] },
    ]);
  });

  it('takes the FTS query syntax as plain text: quotes, stars, NEAR, column filters and any script give results or none, never an error', async () => {
    for (const text of [
      '"',
      '""',
      '"interview',
      'interview"',
      'inter*',
      '*',
      'NEAR(interview skills)',
      'interview NEAR skills',
      'interview AND skills',
      'interview OR',
      'NOT',
      'name: interview',
      'category : "x"',
      '{name category}: x',
      '^inter',
      '(',
      ')',
      "'; drop table courses; --",
      '%',
      '_',
      '\\',
      'Ünïcödé',
      'مرحبا',
      '你好世界',
      '🎤🎤🎤',
      'a'.repeat(100),
    ]) {
      const results = await search(text);
      expect(Array.isArray(results), text).toBe(true);
      expect(
        results.map((r) => r._id),
        text,
      ).toEqual(await fullRanking(text));
    }
    // The FTS operators are not applied: "inter*" is the text "inter*", which no course holds.
    expect(await search('inter*')).toEqual([]);
    expect((await search('interview')).length).toBeGreaterThan(0);
  });
});
