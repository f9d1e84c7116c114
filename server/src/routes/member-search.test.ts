import { enterpriseAuth } from '@coach/shared/contract/auth';
import { members } from '@coach/shared/contract/members';
import { tasks } from '@coach/shared/contract/tasks';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { taskRow } from '../db/task-row.ts';
import { rareWord } from '../search-trigrams.ts';
import { SEARCH_CAP } from '../services/common/capped-search.ts';
import { createTestApp } from '../testing/test-app.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
let owner: string;
let enterpriseId: string;
const ip = '10.9.8.2';

type Page = { currentPage: number; totalPages: number; totalCount?: number; listdata: { _id: string }[] };

const get = async (path: string, query: Record<string, string>) => {
  const res = await t.request('GET', `${path}?${new URLSearchParams(query)}`, { token: owner, ip });
  expect(res.status, `${path} ${JSON.stringify(query)}`).toBe(200);
  return res.json.response as Page;
};

const likePattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

/** The member list's search as the full query answers it: every match, by name then id. */
const allMembers = async (text: string) => {
  const rows = await t.deps.db
    .selectFrom('users')
    .select('id')
    .where('enterprise_id', '=', enterpriseId)
    .where(
      sql<boolean>`(lower(name) like ${likePattern(text)} escape '\\' or lower(email) like ${likePattern(text)} escape '\\')`,
    )
    .orderBy(sql`lower(name)`)
    .orderBy('id')
    .execute();
  return rows.map((r) => r.id);
};

/** Pending-review attempts as the full query answers them: member name or email, or the task's title. */
const allPending = async (text: string) => {
  const pattern = likePattern(text);
  const rows = await t.deps.db
    .selectFrom('task_assignments as a')
    .innerJoin('users as u', 'u.id', 'a.user_id')
    .innerJoin('tasks as t', 't.id', 'a.task_id')
    .select('a.id')
    .where('a.enterprise_id', '=', enterpriseId)
    .where('a.status', '=', 2)
    .where('a.reviewed_at', 'is', null)
    .where(
      sql<boolean>`(lower(u.name) like ${pattern} escape '\\' or lower(u.email) like ${pattern} escape '\\' or lower(t.title) like ${pattern} escape '\\')`,
    )
    .orderBy('u.name')
    .orderBy('a.id')
    .execute();
  return rows.map((r) => r.id);
};

/** The first 100 of the member list's and pending review's answers to a search are the full queries' first 100. */
const expectFullQueryPages = async (text: string) => {
  const page = await get(members.list.path, { searchInput: text, limit: '100' });
  expect(
    page.listdata.map((m) => m._id),
    text,
  ).toEqual((await allMembers(text)).slice(0, 100));
  const pending = await get(tasks.getCompletedTasksPendingReview.path, { searchInput: text, limit: '100' });
  expect(
    pending.listdata.map((a) => a._id),
    text,
  ).toEqual((await allPending(text)).slice(0, 100));
};

/**
 * Members of the test enterprise, added in the order given; with `taskTitle`, each gets a completed, unreviewed
 * attempt of a new task of that title. Gives their ids.
 */
const addMembers = async (people: { name: string; email: string }[], taskTitle: string | null) => {
  const ids: string[] = [];
  const ownerRow = await t.deps.db
    .selectFrom('users')
    .select(['id', 'role_id', 'password_hash'])
    .where('email', '=', 'owner@acme.example')
    .executeTakeFirstOrThrow();
  const now = new Date().toISOString();
  const taskId = crypto.randomUUID();
  if (taskTitle)
    await t.deps.db
      .insertInto('tasks')
      .values(
        taskRow({
          id: taskId,
          enterprise_id: enterpriseId,
          type: 7,
          title: taskTitle,
          details: { questions: ['What went well?'] },
          created_by: ownerRow.id,
          at: now,
        }),
      )
      .execute();
  for (let start = 0; start < people.length; start += 200) {
    const users = people.slice(start, start + 200).map(({ name, email }) => ({
      id: crypto.randomUUID(),
      enterprise_id: enterpriseId,
      role_id: ownerRow.role_id,
      name,
      email,
      password_hash: ownerRow.password_hash,
      mobile: null,
      avatar_url: null,
      is_default_admin: 0,
      status: 'active',
      email_verified_at: now,
      last_active_at: null,
      created_at: now,
    }));
    await t.deps.db.insertInto('users').values(users).execute();
    ids.push(...users.map((u) => u.id));
    if (taskTitle)
      await t.deps.db
        .insertInto('task_assignments')
        .values(
          users.map((u) => ({
            id: crypto.randomUUID(),
            enterprise_id: enterpriseId,
            task_id: taskId,
            user_id: u.id,
            source: 'direct',
            status: 2,
            progress: 100,
            report: JSON.stringify({ answers: ['Fine.'] }),
            assigned_at: now,
            due_at: now,
            started_at: now,
            completed_at: now,
            reviewed_at: null,
            reviewed_by: null,
            feedback: null,
            feedback_at: null,
            updated_at: now,
          })),
        )
        .execute();
  }
  return ids;
};

/** `count` people named "<name> <n>" with emails "<slug>-<n>@acme.example", for addMembers. */
const numbered = (name: string, slug: string, count: number) =>
  Array.from({ length: count }, (_, i) => ({ name: `${name} ${i}`, email: `${slug}-${i}@acme.example` }));

/** `count` members named "Roster Person <n>" (emails roster-<n>@acme.example), each with a completed, unreviewed task. */
const addRoster = (count: number) =>
  addMembers(numbered('Roster Person', 'roster', count), 'Roster reflection');

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.fullLogin('owner@acme.example', 'enterprise', ip);
  enterpriseId = (
    await t.deps.db
      .selectFrom('users')
      .select('enterprise_id')
      .where('email', '=', 'owner@acme.example')
      .executeTakeFirstOrThrow()
  ).enterprise_id;
});
afterAll(async () => {
  await t?.close();
});

describe('member and pending-review search (capped, never every match)', () => {
  it('answers the seeded searches exactly as the full query, with the exact count', async () => {
    for (const text of [
      'member',
      'member 4',
      'acme',
      'staff@',
      'learner',
      'ow',
      'e',
      'Member 01',
      'ACME.EXAMPLE',
    ]) {
      const expected = await allMembers(text);
      const page = await get(members.list.path, { searchInput: text, limit: '100' });
      expect(
        page.listdata.map((m) => m._id),
        text,
      ).toEqual(expected.slice(0, 100));
      expect(page.totalCount, text).toBe(expected.length);
    }
    for (const text of ['member', 'learner', 'e']) {
      const expected = await allPending(text);
      const page = await get(tasks.getCompletedTasksPendingReview.path, { searchInput: text, limit: '100' });
      expect(
        page.listdata.map((a) => a._id),
        text,
      ).toEqual(expected.slice(0, 100));
      expect(page.totalCount, text).toBe(expected.length);
    }
  });

  it('a search with a status filter, a sort and a page past the end keeps the exact count', async () => {
    const active = await t.deps.db
      .selectFrom('users')
      .select('id')
      .where('enterprise_id', '=', enterpriseId)
      .where('status', '=', 'active')
      .execute();
    const activeIds = new Set(active.map((r) => r.id));
    const expected = (await allMembers('member')).filter((id) => activeIds.has(id));
    expect(expected.length).toBeGreaterThan(2);
    const page = await get(members.list.path, { searchInput: 'member', status: 'Active', limit: '2' });
    expect(page.totalCount).toBe(expected.length);
    expect(page.listdata.map((m) => m._id)).toEqual(expected.slice(0, 2));

    const byEmailDesc = await get(members.list.path, {
      searchInput: 'member',
      sort_by: 'email',
      sort_type: 'desc',
      limit: '100',
    });
    const emails = (byEmailDesc.listdata as unknown as { email: string }[]).map((m) => m.email.toLowerCase());
    expect(emails).toEqual([...emails].sort().reverse());

    const past = await get(members.list.path, { searchInput: 'member', currentPage: '50', limit: '100' });
    expect(past.listdata).toEqual([]);
    expect(past.totalCount).toBe((await allMembers('member')).length);

    const none = await get(members.list.path, { searchInput: 'nobody-is-called-this' });
    expect(none).toMatchObject({ totalCount: 0, listdata: [] });
  });

  it('a pending-review search sorted by task, and a page past its end, keep the exact count', async () => {
    const expected = await allPending('e');
    // One page of 100 holds them all, so the page is the same set whatever the order.
    expect(expected.length).toBeGreaterThan(1);
    expect(expected.length).toBeLessThanOrEqual(100);
    const byTask = await get(tasks.getCompletedTasksPendingReview.path, {
      searchInput: 'e',
      sort_by: 'taskName',
      sort_type: 'desc',
      limit: '100',
    });
    expect(byTask.totalCount).toBe(expected.length);
    expect(new Set(byTask.listdata.map((a) => a._id))).toEqual(new Set(expected.slice(0, 100)));
    const titles = (byTask.listdata as unknown as { taskName: string }[]).map((a) => a.taskName);
    expect(titles).toEqual([...titles].sort((x, y) => (x < y ? 1 : x > y ? -1 : 0)));

    const past = await get(tasks.getCompletedTasksPendingReview.path, {
      searchInput: 'e',
      currentPage: '99',
      limit: '10',
    });
    expect(past.listdata).toEqual([]);
    expect(past.totalCount).toBe(expected.length);
  });

  it('counts past the cap as "500+": no total, the pages of the first SEARCH_CAP matches in name order', async () => {
    await addRoster(SEARCH_CAP + 200);
    const wide = await get(members.list.path, { searchInput: 'roster person' });
    expect(wide.totalCount).toBeUndefined();
    expect(wide.totalPages).toBe(Math.ceil(SEARCH_CAP / 25));
    expect(wide.listdata).toHaveLength(25);
    const names = (wide.listdata as unknown as { name: string }[]).map((m) => m.name.toLowerCase());
    expect(names).toEqual([...names].sort());

    // "person 42" holds 42 and 420-429: below the cap, so exact.
    const few = await get(members.list.path, { searchInput: 'person 42' });
    expect(few.totalCount).toBe(11);
    expect(few.listdata.map((m) => m._id)).toEqual(await allMembers('person 42'));

    const pendingWide = await get(tasks.getCompletedTasksPendingReview.path, { searchInput: 'roster' });
    expect(pendingWide.totalCount).toBeUndefined();
    expect(pendingWide.listdata).toHaveLength(10);
    const pendingFew = await get(tasks.getCompletedTasksPendingReview.path, {
      searchInput: 'person 42',
      limit: '50',
    });
    expect(pendingFew.totalCount).toBe(11);
    expect(pendingFew.listdata.map((a) => a._id)).toEqual(await allPending('person 42'));
  });

  it('a capped search reads the same first matches on every request, so its pages never overlap', async () => {
    // The roster of the test before: more matches than the cap.
    const first = await get(members.list.path, { searchInput: 'roster person' });
    const again = await get(members.list.path, { searchInput: 'roster person' });
    const second = await get(members.list.path, { searchInput: 'roster person', currentPage: '2' });
    expect(first.totalCount).toBeUndefined();
    expect(again.listdata.map((m) => m._id)).toEqual(first.listdata.map((m) => m._id));
    const onFirst = new Set(first.listdata.map((m) => m._id));
    expect(second.listdata).toHaveLength(25);
    expect(second.listdata.filter((m) => onFirst.has(m._id))).toEqual([]);
    if (t.deps.dbKind === 'postgres') {
      // A synchronized scan starts where another scan of the table has got to, so a capped search's first matches
      // (and its cost) changed from one request to the next on a large table (connect.ts).
      const { rows } = await sql<{ synchronize_seqscans: string }>`show synchronize_seqscans`.execute(
        t.deps.db,
      );
      expect(rows[0]?.synchronize_seqscans).toBe('off');
    }
  });

  it('takes FTS query syntax, quotes and any script as plain text: results or an empty list, never an error', async () => {
    for (const text of [
      '"',
      '"roster',
      'roster*',
      '*',
      'NEAR(roster person)',
      'roster AND person',
      'body: roster',
      '{body}: x',
      '^ros',
      '(',
      "'; drop table users; --",
      '%',
      '_',
      '\\',
      'Ünïcödé',
      'مرحبا',
      '你好世界',
      '🎤🎤🎤',
    ])
      await expectFullQueryPages(text);
  });

  it('a common word beside a rare one asks the index for the rare one, and the answer stays exact', async () => {
    // The roster (700 members) is in place: "roster" and "person" are in most sampled texts, "123" in one.
    t.deps.searchTrigrams.members.stale();
    const sample = await t.deps.searchTrigrams.members.sample(t.deps.db, t.deps.dbKind);
    expect(rareWord('roster-123@', sample)).toBe('123');
    for (const text of ['roster-123@', 'Roster Person 123', 'roster-12@acme', 'roster 123', 'roster-1'])
      await expectFullQueryPages(text);
    // Texts holding the rare word but not the whole search are not answers.
    expect((await get(members.list.path, { searchInput: 'roster 123' })).listdata).toEqual([]);
    expect((await get(members.list.path, { searchInput: 'Roster Person 123' })).totalCount).toBe(1);
  });

  it('finds a pending attempt whose member comes after the first SEARCH_CAP matching members', async () => {
    // The cap counts attempts, not members: members who match but have nothing to review must not use it up.
    await addMembers(numbered('Quillon Idle', 'quillon-idle', SEARCH_CAP + 100), null);
    await addMembers([{ name: 'Quillon Waiting', email: 'quillon-waiting@acme.example' }], 'Late practice');
    const expected = await allPending('quillon');
    expect(expected).toHaveLength(1);
    const found = await get(tasks.getCompletedTasksPendingReview.path, { searchInput: 'quillon' });
    expect(found.listdata.map((a) => a._id)).toEqual(expected);
    expect(found.totalCount).toBe(1);
  });

  it('a search with a group or status filter finds a member after the first SEARCH_CAP matching members', async () => {
    // The filters narrow the matches before the cap: 600 matching members outside the group must not hide the one
    // inside it.
    await addMembers(numbered('Zephyrin Outside', 'zephyrin-outside', SEARCH_CAP + 100), null);
    const [insideId = ''] = await addMembers(
      [{ name: 'Zephyrin Inside', email: 'zephyrin-inside@acme.example' }],
      null,
    );
    const groupId = crypto.randomUUID();
    await t.deps.db
      .insertInto('groups')
      .values({
        id: groupId,
        enterprise_id: enterpriseId,
        name: 'Zephyrin team',
        created_at: new Date().toISOString(),
      })
      .execute();
    await t.deps.db.insertInto('group_members').values({ group_id: groupId, user_id: insideId }).execute();
    await t.deps.db.updateTable('users').set({ status: 'inactive' }).where('id', '=', insideId).execute();

    const inGroup = await get(members.list.path, { searchInput: 'zephyrin', selected_group: groupId });
    expect(inGroup.listdata.map((m) => m._id)).toEqual([insideId]);
    expect(inGroup.totalCount).toBe(1);
    const inactive = await get(members.list.path, { searchInput: 'zephyrin', status: 'Inactive' });
    expect(inactive.listdata.map((m) => m._id)).toEqual([insideId]);
    expect(inactive.totalCount).toBe(1);
  });

  it('finds a member by the name they changed to, and no longer by the old one', async () => {
    // PostgreSQL searches a stored column made from name and email (migration 037), SQLite its FTS table: both must
    // follow the profile's rename at once.
    const ownerId = (await get(members.list.path, { searchInput: 'owner@acme.example' })).listdata[0]?._id;
    const rename = async (name: string) => {
      const res = await t.request('POST', enterpriseAuth.updateProfile.path, {
        token: owner,
        ip,
        body: { name },
      });
      expect(res.status).toBe(200);
    };
    const { name: before } = await t.deps.db
      .selectFrom('users')
      .select('name')
      .where('email', '=', 'owner@acme.example')
      .executeTakeFirstOrThrow();
    await rename('Zebulon Quartermaine');
    try {
      const found = await get(members.list.path, { searchInput: 'zebulon quarter' });
      expect(found.listdata.map((m) => m._id)).toEqual([ownerId]);
      expect(found.totalCount).toBe(1);
      expect(
        (await get(members.list.path, { searchInput: before })).listdata.map((m) => m._id),
      ).not.toContain(ownerId);
    } finally {
      await rename(before);
    }
  });
});
