import { DEFAULT_PRONUNCIATION_SETTINGS, pronunciationConfig } from '@coach/shared/contract/pronunciation';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../testing/test-app.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
let owner: string;
let staff: string;
let learner: string;
let globex: string;
const ip = '10.9.2.1';

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.fullLogin('owner@acme.example', 'enterprise', ip);
  staff = await t.fullLogin('staff@acme.example', 'enterprise', ip);
  learner = await t.fullLogin('learner@acme.example', 'enterprise', ip);
  globex = await t.fullLogin('owner@globex.example', 'enterprise', ip);
});
afterAll(async () => {
  await t?.close();
});

type RowJson = {
  groupId: string;
  groupName: string;
  memberCount: number;
  invitedCount: number;
  accent: string;
  passingScore: number;
  strictness: string;
  isDefault: boolean;
};
type PageJson = { currentPage: number; totalPages: number; totalCount: number; listdata: RowJson[] };

const call = (path: string, token: string, body: unknown = {}) =>
  t.request('POST', path, { token, ip, body });
const list = async (token: string, body: { searchQuery?: string; currentPage?: number } = {}) =>
  (await call(pronunciationConfig.list.path, token, body)).json.response as PageJson;
const groupNamed = async (token: string, name: string) => {
  const row = (await list(token, { searchQuery: name })).listdata.find((r) => r.groupName === name);
  if (!row) throw new Error(`no group ${name}`);
  return row;
};
const update = (token: string, body: Record<string, unknown>) =>
  call(pronunciationConfig.update.path, token, body);

describe('pronunciation configuration', () => {
  it('lists every group by name with its settings, the defaults where none are saved', async () => {
    const page = await list(owner);
    expect(page).toMatchObject({ currentPage: 1, totalPages: 3, totalCount: 30 });
    expect(page.listdata).toHaveLength(10);
    const names = page.listdata.map((row) => row.groupName);
    expect(names[0]).toBe('Brisbane Office');
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    expect(page.listdata.find((row) => row.groupName === 'Call Centre A')).toMatchObject({
      ...DEFAULT_PRONUNCIATION_SETTINGS,
      isDefault: true,
    });
    // The seed saves settings for Sales Onboarding.
    expect(await groupNamed(owner, 'Sales Onboarding')).toMatchObject({
      accent: 'en-AU',
      passingScore: 75,
      strictness: 'standard',
      isDefault: false,
    });
    const last = await list(owner, { currentPage: 3 });
    expect(last.listdata).toHaveLength(10);
    expect(last.listdata.at(-1)?.groupName).toBe('Warehouse Supervisors');
    // Globex sees only its own three groups.
    expect((await list(globex)).listdata.map((row) => row.groupName)).toEqual([
      'Globex Field Sales',
      'Globex Induction',
      'Globex Managers',
    ]);
  });

  it('search narrows the groups by name and counts their members', async () => {
    const page = await list(owner, { searchQuery: 'office' });
    expect(page).toMatchObject({ totalCount: 4, totalPages: 1 });
    expect(page.listdata.map((row) => row.groupName)).toEqual([
      'Brisbane Office',
      'Melbourne Office',
      'Perth Office',
      'Sydney Office',
    ]);
    const melbourne = page.listdata.find((row) => row.groupName === 'Melbourne Office');
    expect(melbourne?.memberCount).toBeGreaterThan(0);
    expect((await list(owner, { searchQuery: '_' })).totalCount).toBe(0);
  });

  it('staff with the groups key saves a group’s settings, and saving again replaces them', async () => {
    const marketing = await groupNamed(owner, 'Marketing');
    expect(marketing.isDefault).toBe(true);
    const saved = await update(staff, {
      groupId: marketing.groupId,
      accent: 'en-GB',
      passingScore: 85,
      strictness: 'strict',
    });
    expect(saved.status).toBe(200);
    expect(saved.json.message).toBe('Pronunciation settings updated');
    expect(saved.json.response).toEqual({
      groupId: marketing.groupId,
      groupName: 'Marketing',
      memberCount: marketing.memberCount,
      invitedCount: marketing.invitedCount,
      accent: 'en-GB',
      passingScore: 85,
      strictness: 'strict',
      // Which try counts, 'best' until chosen.
      attemptCounts: 'best',
      isDefault: false,
    });
    const again = await update(owner, {
      groupId: marketing.groupId,
      accent: 'en-IN',
      passingScore: 0,
      strictness: 'lenient',
    });
    expect(again.json.response).toMatchObject({ accent: 'en-IN', passingScore: 0, isDefault: false });
    expect(await groupNamed(owner, 'Marketing')).toMatchObject({
      accent: 'en-IN',
      passingScore: 0,
      strictness: 'lenient',
    });
  });

  it('a role without the groups key gets 403', async () => {
    const denied = await call(pronunciationConfig.list.path, learner);
    expect(denied.status).toBe(403);
    expect(denied.json.code).toBe('FORBIDDEN');
    const group = await groupNamed(owner, 'Finance Team');
    const write = await update(learner, {
      groupId: group.groupId,
      accent: 'en-US',
      passingScore: 50,
      strictness: 'lenient',
    });
    expect(write.status).toBe(403);
    expect((await groupNamed(owner, 'Finance Team')).isDefault).toBe(true);
  });

  it("another enterprise's group ids are 404", async () => {
    const acme = await groupNamed(owner, 'Finance Team');
    const res = await update(globex, {
      groupId: acme.groupId,
      accent: 'en-US',
      passingScore: 10,
      strictness: 'lenient',
    });
    expect(res.status).toBe(404);
    expect(res.json.code).toBe('NOT_FOUND');
    expect(await groupNamed(owner, 'Finance Team')).toMatchObject({ isDefault: true, passingScore: 70 });
    const missing = await update(owner, {
      groupId: 'no-such-group',
      accent: 'en-US',
      passingScore: 10,
      strictness: 'lenient',
    });
    expect(missing.status).toBe(404);
  });

  it('bad input names the field', async () => {
    const { groupId } = await groupNamed(owner, 'Mentors');
    const good = { groupId, accent: 'en-US', passingScore: 70, strictness: 'standard' };
    const tooHigh = await update(owner, { ...good, passingScore: 101 });
    expect(tooHigh.status).toBe(422);
    expect(tooHigh.json).toMatchObject({
      field: 'passingScore',
      message: 'passingScore: Passing score is 0 to 100',
    });
    expect((await update(owner, { ...good, passingScore: -1 })).json.field).toBe('passingScore');
    expect((await update(owner, { ...good, passingScore: 70.5 })).json.field).toBe('passingScore');
    expect((await update(owner, { ...good, passingScore: '70' })).json).toMatchObject({
      field: 'passingScore',
      message: 'passingScore: Passing score is 0 to 100',
    });
    const accent = await update(owner, { ...good, accent: 'fr-FR' });
    expect(accent.json).toMatchObject({ field: 'accent', message: 'accent: Choose an accent' });
    expect((await update(owner, { ...good, strictness: 'harsh' })).json.field).toBe('strictness');
    const noGroup = await update(owner, { ...good, groupId: undefined });
    expect(noGroup.json.field).toBe('groupId');
    expect((await call(pronunciationConfig.list.path, owner, { currentPage: 'two' })).json.field).toBe(
      'currentPage',
    );
    expect((await groupNamed(owner, 'Mentors')).isDefault).toBe(true);
  });
});
