import { adminContent } from '@coach/shared/contract/admin-content';
import { enterpriseAuth } from '@coach/shared/contract/auth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromDatabaseError } from './errors.ts';
import { createTestApp } from './testing/test-app.ts';

/** An error as the drivers throw them: better-sqlite3's SqliteError and pg's DatabaseError carry `code`. */
const driverError = (code: string) => Object.assign(new Error(`driver says ${code}`), { code });

describe('fromDatabaseError', () => {
  it.each(['SQLITE_CONSTRAINT_UNIQUE', 'SQLITE_CONSTRAINT_PRIMARYKEY', '23505'])(
    'answers a unique-key violation (%s) with 409 CONFLICT',
    (code) => {
      expect(fromDatabaseError(driverError(code))).toMatchObject({ status: 409, code: 'CONFLICT' });
    },
  );

  it.each(['22P05', '22021', '22007', '22008', '22003', '22001', '22P02'])(
    'answers a PostgreSQL data exception from input (%s) with 422',
    (code) => {
      expect(fromDatabaseError(driverError(code))).toMatchObject({ status: 422, code: 'VALIDATION_FAILED' });
    },
  );

  it('finds the code on a wrapped cause', () => {
    expect(fromDatabaseError(new Error('wrapped', { cause: driverError('23505') }))?.status).toBe(409);
  });

  it.each([
    ['a lost connection', driverError('ECONNREFUSED')],
    ['a syntax error (a bug)', driverError('42601')],
    ['a plain error', new Error('boom')],
    ['a thrown string', 'boom'],
  ])('leaves %s a 500', (_what, error) => {
    expect(fromDatabaseError(error)).toBeNull();
  });
});

describe('unique-key races answer 409/422, never 500', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('ten concurrent sign-ups with one new email create one account and no 5xx', async () => {
    const email = 'race@initech.example';
    // Each from its own address, so the per-IP throttle does not decide the race.
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        t.request('POST', enterpriseAuth.register.path, {
          ip: t.freshIp(),
          body: { company_name: `Race ${i}`, name: 'Racer', email, password: 'Brand-new-2026!' },
        }),
      ),
    );
    const statuses = results.map((r) => r.status);
    expect(
      statuses.filter((s) => s >= 500),
      statuses.join(','),
    ).toEqual([]);
    expect(statuses.filter((s) => s === 200).length, statuses.join(',')).toBeGreaterThanOrEqual(1);
    const accounts = await t.deps.db.selectFrom('users').select('id').where('email', '=', email).execute();
    expect(accounts).toHaveLength(1);
  });

  it('two admins offering the same video to the same enterprise at once both succeed, and it is offered once', async () => {
    const db = t.deps.db;
    const adminToken = await t.fullLogin('admin@coach.example', 'admin', t.freshIp());
    const enterprise = await db.selectFrom('enterprises').select('id').executeTakeFirstOrThrow();
    const video = await db.selectFrom('content').select('id').executeTakeFirstOrThrow();
    const pair = { contentIds: [video.id], enterpriseIds: [enterprise.id] };
    const off = await t.request('POST', adminContent.bulkAssign.path, {
      adminToken,
      ip: t.freshIp(),
      body: { ...pair, action: 'unassign' },
    });
    expect(off.status).toBe(200);
    const body = { ...pair, action: 'assign' };
    const results = await Promise.all(
      Array.from({ length: 4 }, () =>
        t.request('POST', adminContent.bulkAssign.path, { adminToken, ip: t.freshIp(), body }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    const rows = await db
      .selectFrom('content_enterprises')
      .select('content_id')
      .where('content_id', '=', video.id)
      .where('enterprise_id', '=', enterprise.id)
      .execute();
    expect(rows).toHaveLength(1);
  });
});
