import { ASSIGNABLE_PEOPLE_LIMIT, assignablePeople } from '@coach/shared/contract/assignable-people';
import { enterpriseAuth } from '@coach/shared/contract/auth';
import { groups } from '@coach/shared/contract/groups';
import { members } from '@coach/shared/contract/members';
import { roles } from '@coach/shared/contract/roles';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../testing/test-app.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
let owner: string;
let author: string;
let globex: string;
const ip = '10.9.6.1';

type Person = { _id: string; name: string; email: string | null; memberCount: number | null };
const find = (token: string, path: string, query: Record<string, string>) =>
  t.request('GET', `${path}?${new URLSearchParams(query)}`, { token, ip });

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.fullLogin('owner@acme.example', 'enterprise', ip);
  globex = await t.fullLogin('owner@globex.example', 'enterprise', ip);
  // Sam Staff becomes a task author: task-library only, no members or groups permission.
  const role = await t.request('POST', roles.add.path, {
    token: owner,
    ip,
    body: { name: 'Task author', permissions: ['task-library'] },
  });
  const roleId = (role.json.response as { _id: string })._id;
  const staffPage = await find(owner, members.list.path, { searchInput: 'staff@acme' });
  const staffId = (staffPage.json.response as { listdata: { _id: string }[] }).listdata[0]?._id ?? '';
  const updated = await t.request('POST', members.update.path, {
    token: owner,
    ip,
    body: { memberId: staffId, roleId, groupIds: [] },
  });
  expect(updated.status).toBe(200);
  author = await t.fullLogin('staff@acme.example', 'enterprise', ip);
  const me = await t.request('GET', enterpriseAuth.me.path, { token: author, ip });
  expect(JSON.stringify(me.json.response)).toContain('Task author');
});
afterAll(async () => {
  await t?.close();
});

describe("the assign pickers' people search", () => {
  it('lets a task author find members and groups without the members or groups permission', async () => {
    const found = await find(author, assignablePeople.forTasks.path, { kind: 'members', searchInput: 'lee' });
    expect(found.status).toBe(200);
    expect((found.json.response as Person[]).map((p) => p.email)).toContain('learner@acme.example');
    const groupList = await find(author, assignablePeople.forTasks.path, { kind: 'groups' });
    const seen = groupList.json.response as Person[];
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.length).toBeLessThanOrEqual(ASSIGNABLE_PEOPLE_LIMIT);
    expect(seen.every((g) => g.memberCount !== null && g.email === null)).toBe(true);
    // Acme has 30 groups: the first 20 by name come at once (8 hid groups of a company with 10), the rest by search.
    expect(seen).toHaveLength(ASSIGNABLE_PEOPLE_LIMIT);
    const all = await t.deps.db
      .selectFrom('groups')
      .innerJoin('enterprises', 'enterprises.id', 'groups.enterprise_id')
      .select('groups.name')
      .where('enterprises.name', '=', 'Acme Learning')
      .execute();
    const byName = all.map((g) => g.name).sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase()));
    expect(seen.map((g) => g.name)).toEqual(byName.slice(0, ASSIGNABLE_PEOPLE_LIMIT));
    const last = byName.at(-1) ?? '';
    const searched = await find(author, assignablePeople.forTasks.path, {
      kind: 'groups',
      searchInput: last,
    });
    expect((searched.json.response as Person[]).map((g) => g.name)).toContain(last);
    // The people lists themselves stay closed to the role.
    expect((await find(author, members.list.path, {})).status).toBe(403);
    expect((await find(author, groups.list.path, {})).status).toBe(403);
  });

  it('keeps the content picker to content-library holders and each enterprise to its own people', async () => {
    expect((await find(author, assignablePeople.forContent.path, { kind: 'members' })).status).toBe(403);
    const acme = (await find(owner, assignablePeople.forContent.path, { kind: 'members' })).json
      .response as Person[];
    const other = (
      await find(globex, assignablePeople.forContent.path, { kind: 'members', searchInput: 'acme' })
    ).json.response as Person[];
    expect(acme.length).toBeGreaterThan(0);
    expect(other).toEqual([]);
  });

  it('names a bad kind', async () => {
    const res = await find(owner, assignablePeople.forTasks.path, { kind: 'everyone' });
    expect(res.status).toBe(422);
    expect(res.json.field).toBe('kind');
  });
});
