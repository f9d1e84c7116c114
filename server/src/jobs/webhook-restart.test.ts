import { Webhook } from 'standardwebhooks';
import { afterAll, describe, expect, it } from 'vitest';
import { emitEvent } from '../services/integrations/integration-events.ts';
import { newWebhookSecret, sealSecret } from '../services/integrations/integration-secrets.ts';
import { startReceiver } from '../testing/receiver.ts';
import { serverProcesses } from '../testing/server-process.ts';

// A webhook and an xAPI statement reach local receivers with valid signatures even with a server restart in
// the middle of delivery. The real server process sends both, the receivers hold the first tries
// unanswered, the process dies by SIGKILL, and the next start on the same data dir sends them again once the dead
// process's lease (the 3 s timeout and 5 s) has run out: the same webhook-id and statement id, signed anew.

const SERVER_SECRET = 'webhook-restart-test-secret-0123456789';
const servers = serverProcesses('coach-webhook-kill', {
  JWT_SECRET: SERVER_SECRET,
  WEBHOOKS_ALLOW_PRIVATE: '1',
  WEBHOOK_TIMEOUT_MS: '3000',
});
const startProcess = servers.start;

afterAll(servers.stop);

describe('webhooks and xAPI across a kill -9', () => {
  it('a delivery and a statement cut by a killed server arrive after the restart, same ids, valid signature', async () => {
    const receiver = await startReceiver();
    const lrs = await startReceiver();
    const { db } = await servers.seeded();
    try {
      // Only this test's jobs: the seed's recordings are not heard here.
      await db.updateTable('jobs').set({ status: 'done' }).execute();
      const learner = await db
        .selectFrom('users')
        .select(['id', 'enterprise_id'])
        .where('email', '=', 'learner@acme.example')
        .executeTakeFirstOrThrow();
      const task = await db
        .selectFrom('tasks')
        .select('id')
        .where('enterprise_id', '=', learner.enterprise_id)
        .executeTakeFirstOrThrow();
      const secret = newWebhookSecret();
      const at = new Date().toISOString();
      await db
        .insertInto('webhook_endpoints')
        .values({
          id: 'restart-endpoint',
          enterprise_id: learner.enterprise_id,
          url: `${receiver.url}/hook`,
          description: '',
          events: JSON.stringify(['task.completed']),
          secret: sealSecret(SERVER_SECRET, secret),
          enabled: 1,
          created_by: null,
          created_at: at,
          updated_at: at,
        })
        .execute();
      await db
        .insertInto('xapi_settings')
        .values({
          enterprise_id: learner.enterprise_id,
          endpoint: `${lrs.url}/xapi`,
          username: 'lrs-user',
          key: sealSecret(SERVER_SECRET, 'lrs-key'),
          enabled: 1,
          updated_at: at,
        })
        .execute();
      // The event as update-my-task emits it, in its transaction.
      await db.transaction().execute((trx) =>
        emitEvent(trx, {
          enterpriseId: learner.enterprise_id,
          type: 'task.completed',
          memberId: learner.id,
          data: { taskId: task.id, assignmentId: 'restart-assignment', taskType: 1 },
        }),
      );
      receiver.hold();
      lrs.hold();

      // The first process sends both and dies by SIGKILL while the receivers still hold the requests.
      const first = await startProcess();
      await receiver.waitFor(1, 30_000).catch((error: Error) => {
        throw new Error(`${error.message}\n${first.output.text}`);
      });
      await lrs.waitFor(1, 30_000);
      first.child.kill('SIGKILL');
      await first.exited;
      expect(first.child.signalCode).toBe('SIGKILL');
      const cut = await db
        .selectFrom('webhook_deliveries')
        .select(['id', 'status'])
        .executeTakeFirstOrThrow();
      expect(cut.status).toBe('pending');

      // The next start takes both again once the dead process's lease has run out.
      const second = await startProcess();
      await receiver.waitFor(2, 30_000).catch((error: Error) => {
        throw new Error(`${error.message}\n${second.output.text}`);
      });
      await lrs.waitFor(2, 30_000);
      const [before, after] = receiver.received;
      expect(after?.headers['webhook-id']).toBe(cut.id);
      expect(before?.headers['webhook-id']).toBe(cut.id);
      const payload = new Webhook(secret).verify(after?.body ?? '', after?.headers as Record<string, string>);
      expect(payload).toMatchObject({
        type: 'task.completed',
        data: { memberId: learner.id, taskId: task.id },
      });
      const statements = lrs.received.map((r) => JSON.parse(r.body) as { id: string; verb: { id: string } });
      expect(statements[1]?.id).toBe(statements[0]?.id);
      expect(statements[1]?.verb.id).toBe('http://adlnet.gov/expapi/verbs/completed');
      expect(lrs.received[1]?.headers['x-experience-api-version']).toBe('1.0.3');

      // The log says what happened: a try cut without an answer, then the one answered 200.
      const waitDelivered = async () => {
        for (let i = 0; i < 100; i++) {
          const row = await db
            .selectFrom('webhook_deliveries')
            .select(['status', 'attempts'])
            .where('id', '=', cut.id)
            .executeTakeFirstOrThrow();
          if (row.status !== 'pending') return row;
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        throw new Error('The delivery was never settled');
      };
      expect(await waitDelivered()).toMatchObject({ status: 'delivered', attempts: 2 });
      const attempts = await db
        .selectFrom('webhook_attempts')
        .select(['attempt', 'status_code', 'duration_ms'])
        .where('delivery_id', '=', cut.id)
        .orderBy('attempt')
        .execute();
      expect(attempts).toEqual([
        { attempt: 1, status_code: null, duration_ms: null },
        { attempt: 2, status_code: 200, duration_ms: expect.any(Number) },
      ]);
      second.child.kill('SIGTERM');
      await second.exited;
    } finally {
      await receiver.close();
      await lrs.close();
      await db.destroy();
    }
  }, 90_000);
});
