import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { prepareMarked } from './prepared.ts';

/** A client that records how each query reached node-postgres. */
const recordingClient = () => {
  const calls: unknown[][] = [];
  const client = {
    query: (...args: unknown[]) => {
      calls.push(args);
      return Promise.resolve({ rows: [] });
    },
  } as unknown as pg.PoolClient;
  prepareMarked(client);
  return { client, calls };
};

describe('statements marked prepared (PostgreSQL)', () => {
  it('runs a marked select as a named statement, one name per text', async () => {
    const { client, calls } = recordingClient();
    const marked = 'select /* prepared */ "id" from "courses" where name like $1';
    await client.query(marked, ['%a%']);
    await client.query(marked, ['%b%']);
    await client.query(`${marked} and id = $2`, ['%a%', 'x']);
    const [first, second, other] = calls.map(
      ([config]) => config as { name: string; text: string; values: unknown },
    );
    expect(first).toEqual({ name: expect.stringMatching(/^s[0-9a-f]{40}$/), text: marked, values: ['%a%'] });
    expect(second?.name).toBe(first?.name);
    expect(second?.values).toEqual(['%b%']);
    expect(other?.name).not.toBe(first?.name);
  });

  it('passes every other query through as it came', async () => {
    const { client, calls } = recordingClient();
    await client.query('select "id" from "courses" where name like $1', ['%a%']);
    // The mark counts only in front of the columns, where modifyFront puts it.
    await client.query('select "id" from "courses" where note = \'/* prepared */\'', []);
    expect(calls).toEqual([
      ['select "id" from "courses" where name like $1', ['%a%']],
      ['select "id" from "courses" where note = \'/* prepared */\'', []],
    ]);
  });
});
