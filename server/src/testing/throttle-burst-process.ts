/**
 * One process of sqlite-processes.test.ts: opens the SQLite file in its data folder, says "ready", and when told
 * "go" on stdin sends `asks` throttled asks of one key at once (a limit of 5 in a minute); prints each outcome as
 * JSON: "ok", the refusal's HTTP status, or the error's message.
 */
import { createInterface } from 'node:readline';
import { checkThenCount } from '../auth/throttle.ts';
import { connect } from '../db/connect.ts';

const [dataDir = '', key = '', asks = '10'] = process.argv.slice(2);
const { db } = connect({ dataDir });
await db.selectFrom('throttle_events').select('id').limit(1).execute();
console.log('ready');
for await (const line of createInterface({ input: process.stdin })) if (line === 'go') break;
const outcomes = await Promise.allSettled(
  Array.from({ length: Number(asks) }, () => checkThenCount(db, key, 5, 60_000)),
);
console.log(
  JSON.stringify(
    outcomes.map((o) =>
      o.status === 'fulfilled'
        ? 'ok'
        : ((o.reason as { status?: number }).status ?? String((o.reason as Error).message)),
    ),
  ),
);
await db.destroy();
