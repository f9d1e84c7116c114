import { enterpriseAuth } from '@coach/shared/contract/auth';
import { members } from '@coach/shared/contract/members';
import { decodeJwt } from 'jose';
import { type CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Db } from '../db/connect.ts';
import { createTestApp } from '../testing/test-app.ts';
import { changesSessions, SessionSignal, sessionSignalOf } from './signal.ts';

/**
 * Session rows are kept per token between requests, and the session signal says when one may have
 * changed. These cases check that a kept row is really used (no session query on a repeat call), and that every way
 * a row can change moves the signal: this process's writes at their commit, and another process's writes.
 */

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const me = (token: string, ip: string) => t.request('GET', enterpriseAuth.me.path, { token, ip });
const getMembers = (token: string, ip: string) =>
  t.request('GET', `${members.list.path}?currentPage=1`, { token, ip });

/** How many session lookups the database ran while `run` ran. */
const lookupsDuring = async (run: () => Promise<unknown>) => {
  const spy = vi.spyOn(t.deps.db, 'executeQuery');
  try {
    await run();
    return spy.mock.calls.filter(([query]) => /from "sessions" as "s"/.test((query as CompiledQuery).sql))
      .length;
  } finally {
    spy.mockRestore();
  }
};

/** The signal moves (a kept row is dropped) across `run`. */
const moves = async (run: (db: Db) => Promise<unknown>) => {
  const signal = sessionSignalOf(t.deps.db);
  if (!signal) throw new Error('connect() gives every database a session signal');
  // PostgreSQL: the NOTIFY of this process's own earlier writes arrives after their commit; let it land first.
  await settled();
  const before = await signal.current();
  expect(before).not.toBeNull();
  await run(t.deps.db);
  return !signal.holds(before as number);
};

/**
 * On PostgreSQL the NOTIFY of this process's own writes (a login's session row) lands some time after their commit
 * and drops the rows kept meanwhile, later on a busy machine (a CI run saw one land past a fixed 200 ms wait).
 * Waits until the signal has held still for 200 ms, at most 5 s, so that a kept row can be watched being used.
 */
const settled = async () => {
  if (t.deps.dbKind !== 'postgres') return;
  const signal = sessionSignalOf(t.deps.db);
  if (!signal) throw new Error('connect() gives every database a session signal');
  const until = Date.now() + 5000;
  for (;;) {
    const before = await signal.current();
    await new Promise((resolve) => setTimeout(resolve, 200));
    if ((before !== null && signal.holds(before)) || Date.now() > until) return;
  }
};

describe('a kept session row', () => {
  it('a repeat call reads no session row, and the first call after a logout reads it again and is refused', async () => {
    const ip = t.freshIp();
    const staff = await t.fullLogin('staff@acme.example', 'enterprise', ip);
    await settled();
    expect((await me(staff, ip)).status).toBe(200);
    expect(await lookupsDuring(async () => expect((await getMembers(staff, ip)).status).toBe(200))).toBe(0);
    expect(await lookupsDuring(async () => expect((await me(staff, ip)).status).toBe(200))).toBe(0);

    expect((await t.request('POST', enterpriseAuth.logout.path, { token: staff, ip })).status).toBe(200);
    expect(await lookupsDuring(async () => expect((await me(staff, ip)).status).toBe(401))).toBe(1);
  });

  it("another process's logout or role edit (its own connection to the database) refuses the next call", async () => {
    const ip = t.freshIp();
    const staff = await t.fullLogin('staff@acme.example', 'enterprise', ip);
    await settled();
    expect((await getMembers(staff, ip)).status).toBe(200);
    expect(await lookupsDuring(async () => expect((await getMembers(staff, ip)).status).toBe(200))).toBe(0);
    const other = t.connectAgain();
    // PostgreSQL tells this process by NOTIFY, as fast as the notification travels; SQLite's data_version at once.
    const soon = t.deps.dbKind === 'postgres' ? { timeout: 3000, interval: 20 } : { timeout: 0 };
    try {
      const role = await other
        .selectFrom('roles')
        .innerJoin('users', 'users.role_id', 'roles.id')
        .select(['roles.id', 'roles.permissions'])
        .where('users.email', '=', 'staff@acme.example')
        .executeTakeFirstOrThrow();
      await other
        .updateTable('roles')
        .set({ permissions: JSON.stringify(['dashboard']) })
        .where('id', '=', role.id)
        .execute();
      await vi.waitFor(async () => expect((await getMembers(staff, ip)).status).toBe(403), soon);
      await other
        .updateTable('roles')
        .set({ permissions: role.permissions })
        .where('id', '=', role.id)
        .execute();
      await vi.waitFor(async () => expect((await getMembers(staff, ip)).status).toBe(200), soon);

      const { lid } = decodeJwt(staff) as { lid: string };
      await other
        .updateTable('sessions')
        .set({ ended_at: new Date().toISOString(), ended_reason: 'logout' })
        .where('id', '=', lid)
        .execute();
      await vi.waitFor(async () => expect((await me(staff, ip)).status).toBe(401), soon);
    } finally {
      await other.destroy();
    }
  });

  it("another process's logout during this process's open transaction refuses the calls after it lands", async () => {
    const ip = t.freshIp();
    const staff = await t.fullLogin('staff@acme.example', 'enterprise', ip);
    expect((await me(staff, ip)).status).toBe(200);
    const { lid } = decodeJwt(staff) as { lid: string };
    const other = t.connectAgain();
    const logout = () =>
      other
        .updateTable('sessions')
        .set({ ended_at: new Date().toISOString(), ended_reason: 'logout' })
        .where('id', '=', lid)
        .execute();
    try {
      if (t.deps.dbKind === 'sqlite') {
        // SQLite: a transaction holds the write lock from its start (db/connect.ts), so the other process's logout
        // waits for its end. Here it is refused at once instead (busy timeout 0): one thread cannot wait for itself.
        await sql`pragma busy_timeout = 0`.execute(other);
        await t.deps.db.transaction().execute(async (trx) => {
          await trx.selectFrom('users').select('id').limit(1).execute();
          await expect(logout()).rejects.toThrow('database is locked');
        });
        await logout();
        expect((await me(staff, ip)).status).toBe(401);
        return;
      }
      let call: ReturnType<typeof me> | undefined;
      await t.deps.db.transaction().execute(async (trx) => {
        await trx.selectFrom('users').select('id').limit(1).execute();
        await logout();
        call = me(staff, ip);
        await new Promise((resolve) => setTimeout(resolve, 50));
      });
      await call;
      // PostgreSQL: no transaction holds the lookup back; the notification refuses the token as soon as it lands.
      await vi.waitFor(async () => expect((await me(staff, ip)).status).toBe(401), { timeout: 3000 });
    } finally {
      await other.destroy();
    }
  });

  it('a write inside a transaction moves the signal at its commit, not before', async () => {
    const signal = sessionSignalOf(t.deps.db);
    const generation = await signal?.current();
    expect(typeof generation).toBe('number');
    await t.deps.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('users')
        .set({ timezone: 'Europe/Paris' })
        .where('email', '=', 'staff@acme.example')
        .execute();
      // Not committed: a reader now still reads the old row, so what it keeps is right until the commit.
      expect(signal?.holds(generation as number)).toBe(true);
    });
    expect(signal?.holds(generation as number)).toBe(false);
  });

  it('writes that change what a session is made of move the signal; reads, new sessions and touches do not', async () => {
    expect(
      await moves((db) =>
        db.updateTable('enterprises').set({ features: '{}' }).where('id', '=', 'none').execute(),
      ),
    ).toBe(true);
    expect(await moves((db) => db.deleteFrom('admins').where('id', '=', 'none').execute())).toBe(true);
    expect(await moves((db) => sql`update roles set name = name where id = 'none'`.execute(db))).toBe(true);
    expect(
      await moves((db) =>
        db.updateTable('sessions').set({ ended_at: 'x' }).where('id', '=', 'none').execute(),
      ),
    ).toBe(true);

    expect(await moves((db) => db.selectFrom('users').select('id').limit(1).execute())).toBe(false);
    expect(await moves((db) => sql`select count(*) from users`.execute(db))).toBe(false);
    expect(
      await moves((db) => sql`with h as (select id from users limit 1) select count(*) from h`.execute(db)),
    ).toBe(false);
    expect(
      await moves((db) =>
        db.updateTable('sessions').set({ last_used_at: 'x' }).where('id', '=', 'none').execute(),
      ),
    ).toBe(false);
    expect(
      await moves((db) => db.updateTable('courses').set({ name: 'x' }).where('id', '=', 'none').execute()),
    ).toBe(false);
  });
});

describe('the kept group list', () => {
  const groupNames = async (token: string, ip: string) => {
    const res = await t.request('POST', enterpriseAuth.userGroups.path, {
      token,
      ip,
      body: { searchQuery: 'kept list', currentPage: 1 },
    });
    expect(res.status).toBe(200);
    return (res.json.response as { listdata: { name: string }[] }).listdata.map((g) => g.name);
  };
  const groupQueriesDuring = async (run: () => Promise<unknown>) => {
    const spy = vi.spyOn(t.deps.db, 'executeQuery');
    try {
      await run();
      return spy.mock.calls.filter(([query]) => /from "groups"/.test((query as CompiledQuery).sql)).length;
    } finally {
      spy.mockRestore();
    }
  };

  it('a repeat call runs no group query; a group made, renamed or joined, here or in another process, shows on the next call', async () => {
    const ip = t.freshIp();
    const owner = await t.fullLogin('owner@acme.example', 'enterprise', ip);
    const learner = await t.fullLogin('learner@acme.example', 'enterprise', ip);
    expect(await groupNames(owner, ip)).toEqual([]);
    expect(await groupQueriesDuring(async () => expect(await groupNames(owner, ip)).toEqual([]))).toBe(0);

    const { enterprise_id: enterpriseId } = await t.deps.db
      .selectFrom('users')
      .select('enterprise_id')
      .where('email', '=', 'owner@acme.example')
      .executeTakeFirstOrThrow();
    const groupId = crypto.randomUUID();
    await t.deps.db
      .insertInto('groups')
      .values({
        id: groupId,
        enterprise_id: enterpriseId,
        name: 'Kept list A',
        created_at: new Date().toISOString(),
      })
      .execute();
    expect(await groupNames(owner, ip)).toEqual(['Kept list A']);
    // The learner sees only their own groups: not this one yet.
    expect(await groupNames(learner, ip)).toEqual([]);

    const other = t.connectAgain();
    const soon = t.deps.dbKind === 'postgres' ? { timeout: 3000, interval: 20 } : { timeout: 0 };
    try {
      await other.updateTable('groups').set({ name: 'Kept list B' }).where('id', '=', groupId).execute();
      await vi.waitFor(async () => expect(await groupNames(owner, ip)).toEqual(['Kept list B']), soon);
      const { id: learnerId } = await other
        .selectFrom('users')
        .select('id')
        .where('email', '=', 'learner@acme.example')
        .executeTakeFirstOrThrow();
      await other.insertInto('group_members').values({ group_id: groupId, user_id: learnerId }).execute();
      await vi.waitFor(async () => expect(await groupNames(learner, ip)).toEqual(['Kept list B']), soon);
      await other.deleteFrom('group_members').where('group_id', '=', groupId).execute();
      await other.deleteFrom('groups').where('id', '=', groupId).execute();
      await vi.waitFor(async () => expect(await groupNames(owner, ip)).toEqual([]), soon);
    } finally {
      await other.destroy();
    }
  });
});

describe('changesSessions', () => {
  const compiled = (build: (db: Db) => { compile: () => CompiledQuery }) => build(t.deps.db).compile();
  it('names the writes a kept row depends on', () => {
    expect(changesSessions(compiled((db) => db.updateTable('users').set({ name: 'x' })))).toBe(true);
    expect(changesSessions(compiled((db) => db.deleteFrom('roles')))).toBe(true);
    expect(
      changesSessions(
        compiled((db) =>
          db
            .insertInto('sessions')
            .values({ id: 'x' } as never)
            .onConflict((oc) => oc.column('id').doUpdateSet({ ended_at: 'x' })),
        ),
      ),
    ).toBe(true);
    expect(changesSessions(compiled((db) => db.insertInto('sessions').values({ id: 'x' } as never)))).toBe(
      false,
    );
    expect(changesSessions(compiled((db) => db.updateTable('sessions').set({ last_used_at: 'x' })))).toBe(
      false,
    );
    expect(
      changesSessions(compiled((db) => db.updateTable('sessions').set({ last_used_at: 'x', ended_at: 'y' }))),
    ).toBe(true);
    expect(changesSessions(compiled((db) => db.updateTable('courses').set({ name: 'x' })))).toBe(false);
    expect(changesSessions(compiled((db) => db.selectFrom('users').selectAll()))).toBe(false);
  });

  it('reads a raw with-select as a read, unless one of its parts writes', () => {
    const raw = (text: string) =>
      ({ sql: text, query: { kind: 'RawNode' }, parameters: [] }) as unknown as CompiledQuery;
    // The pending-review search on PostgreSQL: it reads users, and must not drop every kept session row.
    expect(
      changesSessions(
        raw(
          '\n  with hits as materialized (select users.id from users where users.updated_at > $1) select * from hits',
        ),
      ),
    ).toBe(false);
    expect(
      changesSessions(
        raw('with gone as (delete from sessions where id = $1 returning id) select * from gone'),
      ),
    ).toBe(true);
    expect(changesSessions(raw('WITH x AS (UPDATE users SET name = $1 RETURNING id) SELECT * FROM x'))).toBe(
      true,
    );
    expect(changesSessions(raw('with x as (select 1) insert into roles (id) select * from x'))).toBe(true);
    expect(changesSessions(raw('with x as (select 1) update "public"."users" set name = name'))).toBe(true);
    // No session table named: nothing a kept row depends on.
    expect(changesSessions(raw('with x as (delete from courses returning id) select * from x'))).toBe(false);
  });
});

describe('SessionSignal', () => {
  it('keeps nothing while disabled, and enabling drops what was kept before', async () => {
    const signal = new SessionSignal({ enabled: false });
    expect(await signal.current()).toBeNull();
    signal.setEnabled(true);
    const generation = (await signal.current()) as number;
    expect(signal.holds(generation)).toBe(true);
    signal.setEnabled(false);
    expect(signal.holds(generation)).toBe(false);
    signal.setEnabled(true);
    expect(signal.holds(generation)).toBe(false);
  });
});
