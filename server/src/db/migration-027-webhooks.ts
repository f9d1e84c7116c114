import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

const ts = 'varchar(40)';

/**
 * Outgoing webhooks and xAPI statements. An event writes one delivery (or statement) row
 * per receiver and a job for it in the transaction of the write it reports; the job queue tries it until it is
 * delivered or out of attempts. Secrets (endpoint signing secrets, the LRS key) are stored encrypted
 * (integration-secrets.ts). Booleans are integers 0/1 on both dialects, as elsewhere.
 */
export const m027: Migration = {
  up: async (db: Kysely<unknown>) => {
    await db.schema
      .createTable('webhook_endpoints')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('enterprise_id', 'varchar(64)', (c) => c.notNull())
      .addColumn('url', 'varchar(2000)', (c) => c.notNull())
      .addColumn('description', 'varchar(200)', (c) => c.notNull())
      /** JSON array of event types. */
      .addColumn('events', 'text', (c) => c.notNull())
      .addColumn('secret', 'text', (c) => c.notNull())
      .addColumn('enabled', 'integer', (c) => c.notNull())
      .addColumn('created_by', 'varchar(64)')
      .addColumn('created_at', ts, (c) => c.notNull())
      .addColumn('updated_at', ts, (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('webhook_endpoints_enterprise')
      .on('webhook_endpoints')
      .columns(['enterprise_id', 'created_at'])
      .execute();
    await db.schema
      .createTable('webhook_deliveries')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('enterprise_id', 'varchar(64)', (c) => c.notNull())
      .addColumn('endpoint_id', 'varchar(64)', (c) =>
        c.notNull().references('webhook_endpoints.id').onDelete('cascade'),
      )
      .addColumn('event_type', 'varchar(64)', (c) => c.notNull())
      /** The exact bytes sent on every try (signatures are over them). */
      .addColumn('body', 'text', (c) => c.notNull())
      .addColumn('status', 'varchar(16)', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('last_status_code', 'integer')
      .addColumn('last_error', 'text')
      .addColumn('next_attempt_at', ts)
      .addColumn('created_at', ts, (c) => c.notNull())
      .addColumn('updated_at', ts, (c) => c.notNull())
      .addColumn('delivered_at', ts)
      .execute();
    await db.schema
      .createIndex('webhook_deliveries_endpoint')
      .on('webhook_deliveries')
      .columns(['endpoint_id', 'created_at'])
      .execute();
    await db.schema
      .createTable('webhook_attempts')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('delivery_id', 'varchar(64)', (c) =>
        c.notNull().references('webhook_deliveries.id').onDelete('cascade'),
      )
      .addColumn('enterprise_id', 'varchar(64)', (c) => c.notNull())
      .addColumn('attempt', 'integer', (c) => c.notNull())
      .addColumn('started_at', ts, (c) => c.notNull())
      .addColumn('duration_ms', 'integer')
      .addColumn('status_code', 'integer')
      .addColumn('error', 'text')
      .execute();
    await db.schema
      .createIndex('webhook_attempts_delivery')
      .on('webhook_attempts')
      .columns(['delivery_id', 'attempt'])
      .execute();
    await db.schema
      .createTable('xapi_settings')
      .addColumn('enterprise_id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('endpoint', 'varchar(2000)', (c) => c.notNull())
      .addColumn('username', 'varchar(200)', (c) => c.notNull())
      .addColumn('key', 'text', (c) => c.notNull())
      .addColumn('enabled', 'integer', (c) => c.notNull())
      .addColumn('updated_at', ts, (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('xapi_statements')
      /** The statement's own id: the same UUID on every try, so the LRS keeps one. */
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('enterprise_id', 'varchar(64)', (c) => c.notNull())
      .addColumn('event_type', 'varchar(64)', (c) => c.notNull())
      /** The event as JSON (type, time, who, ids), written in the transaction of the write it reports. */
      .addColumn('event', 'text', (c) => c.notNull())
      /** The statement as JSON, built from the event at the first try and sent as it is on every retry. */
      .addColumn('statement', 'text')
      .addColumn('status', 'varchar(16)', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('last_status_code', 'integer')
      .addColumn('last_error', 'text')
      .addColumn('created_at', ts, (c) => c.notNull())
      .addColumn('updated_at', ts, (c) => c.notNull())
      .addColumn('delivered_at', ts)
      .execute();
    await db.schema
      .createIndex('xapi_statements_enterprise')
      .on('xapi_statements')
      .columns(['enterprise_id', 'created_at'])
      .execute();
  },
};
